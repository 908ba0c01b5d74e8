import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readStyleRows } from '../../src/core/lenses/style.ts';
import type { Connector } from '../../src/core/sql/connector.ts';
import { modelsSql } from '../../src/core/sql/pair-counts.ts';
import { convMetadataColumn, METADATA_FEATURES, metadataFeaturesSql } from '../../src/core/sql/style-metadata.ts';
import { describeSql, readColumns } from '../../src/core/sql/summary.ts';
import { fitStyleControl } from '../../src/core/stats/style-control.ts';
import { buildFromRaw, createShape } from './helpers.ts';
import { openDb } from './helpers.ts';
import { createWasmConnector } from './wasm-connector.ts';

/** conv_metadata as arena-human-preference-140k publishes it (a STRUCT; the 100k JSON string decodes to the same). */
const H = 'STRUCT(h1 BIGINT, h2 BIGINT, h3 BIGINT, h4 BIGINT, h5 BIGINT, h6 BIGINT)';
const L = 'STRUCT("ordered" BIGINT, unordered BIGINT)';
const B = 'STRUCT("**" BIGINT, "__" BIGINT)';
const META =
  `STRUCT(sum_user_tokens BIGINT, sum_assistant_a_tokens BIGINT, sum_assistant_b_tokens BIGINT, context_a_tokens BIGINT, ` +
  `context_b_tokens BIGINT, turns BIGINT, header_count_a ${H}, list_count_a ${L}, bold_count_a ${B}, header_count_b ${H}, list_count_b ${L}, bold_count_b ${B})`;
const COLUMNS = [
  { name: 'id', type: 'VARCHAR' },
  { name: 'model_a', type: 'VARCHAR' },
  { name: 'model_b', type: 'VARCHAR' },
  { name: 'winner', type: 'VARCHAR' },
  { name: 'conv_metadata', type: META },
  { name: 'language', type: 'VARCHAR' },
];
const h = (...x: (number | null)[]) =>
  `{'h1': ${x[0] ?? 0}, 'h2': ${x[1] ?? 0}, 'h3': ${x[2] === null ? 'NULL' : (x[2] ?? 0)}, 'h4': 0, 'h5': 0, 'h6': ${x[5] ?? 0}}`;
const meta = (
  ta: number,
  tb: number,
  ha: string,
  hb: string,
  la: [number, number],
  lb: [number, number],
  ba: [number, number],
  bb: [number, number],
) =>
  `{'sum_user_tokens': 7, 'sum_assistant_a_tokens': ${ta}, 'sum_assistant_b_tokens': ${tb}, 'context_a_tokens': 1, 'context_b_tokens': 1, 'turns': 1, ` +
  `'header_count_a': ${ha}, 'list_count_a': {'ordered': ${la[0]}, 'unordered': ${la[1]}}, 'bold_count_a': {'**': ${ba[0]}, '__': ${ba[1]}}, ` +
  `'header_count_b': ${hb}, 'list_count_b': {'ordered': ${lb[0]}, 'unordered': ${lb[1]}}, 'bold_count_b': {'**': ${bb[0]}, '__': ${bb[1]}}}`;
const ROW1 = meta(100, 50, h(1, 2), h(), [2, 3], [1, 0], [4, 0], [1, 1]);

type Engine = () => Promise<Connector & { close(): void }>;
describe.each<[string, Engine]>([
  ['native DuckDB', openDb],
  ['DuckDB-WASM', createWasmConnector],
])('LMArena style features from conv_metadata on %s', (_, open) => {
  let db: Connector & { close(): void };
  beforeAll(async () => {
    db = await open();
    await createShape(
      db,
      'raw',
      COLUMNS,
      ['id', 'model_a', 'model_b', 'winner', 'conv_metadata', 'language'],
      [
        `('r1', 'alpha', 'beta', 'model_a', ${ROW1}, 'en')`,
        `('r2', 'beta', 'alpha', 'tie', ${meta(10, 10, h(), h(), [0, 0], [0, 0], [0, 0], [0, 0])}, 'en')`,
        `('r3', 'beta', 'gamma', 'model_b', NULL, 'fr')`,
        `('r4', 'alpha', 'beta', 'model_a', ${ROW1}, 'fr')`,
        `('r5', 'gamma', 'alpha', 'model_b', ${meta(0, 30, h(0, 0, null, 0, 0, 2), h(1), [0, 0], [0, 5], [0, 0], [0, 3])}, 'en')`,
      ],
    );
    await buildFromRaw(db, 'raw');
  });
  afterAll(() => db.close());

  const battlesColumns = async () => readColumns(await db.query(describeSql('battles').sql, describeSql('battles').params));
  const names = async () => (await db.query(modelsSql().sql)).map((r) => String(r.model));

  test('finds conv_metadata in battles as a struct with the eight fields, and nothing in a file without it', async () => {
    const column = convMetadataColumn(await battlesColumns());
    expect(column?.name).toBe('conv_metadata');
    expect(Object.keys(column!.fields).sort()).toEqual(METADATA_FEATURES.flatMap((f) => [f.a, f.b]).sort());
    expect(convMetadataColumn([{ name: 'conv_metadata', type: 'VARCHAR' }])).toBeNull();
    expect(convMetadataColumn([{ name: 'conv_metadata', type: 'STRUCT(sum_assistant_a_tokens BIGINT)' }])).toBeNull();
  });

  test('sums each struct’s fields per side and gives (a − b)/(a + b + 1), as computed by hand', async () => {
    const q = metadataFeaturesSql(convMetadataColumn(await battlesColumns())!);
    const rows = await db.query(q.sql, q.params);
    const codes = await names();
    const find = (a: string, b: string) => rows.find((r) => codes[Number(r.a)] === a && codes[Number(r.b)] === b && r.tokens_a !== null)!;
    const r1 = find('alpha', 'beta');
    // r1 and r4 are the same vote twice: one row of weight 2.
    expect(Number(r1.weight)).toBe(2);
    expect([r1.tokens_a, r1.tokens_b, r1.headers_a, r1.headers_b, r1.lists_a, r1.lists_b, r1.bold_a, r1.bold_b].map(Number)).toEqual([
      100, 50, 3, 0, 5, 1, 4, 2,
    ]);
    expect(r1.d_tokens).toBeCloseTo(50 / 151, 12);
    expect(r1.d_headers).toBeCloseTo(3 / 4, 12);
    expect(r1.d_lists).toBeCloseTo(4 / 7, 12);
    expect(r1.d_bold).toBeCloseTo(2 / 7, 12);
    // r5: a NULL header field counts 0 (h6 = 2 alone), side B has 1 header, 5 list items, 3 bold.
    const r5 = find('gamma', 'alpha');
    expect([r5.d_tokens, r5.d_headers, r5.d_lists, r5.d_bold]).toEqual([-30 / 31, (2 - 1) / 4, -5 / 6, -3 / 4]);
    expect(Number(r5.outcome)).toBe(1);
    // r2: a tie with equal styles, all zero.
    const r2 = find('beta', 'alpha');
    expect([r2.d_tokens, r2.d_headers, r2.d_lists, r2.d_bold]).toEqual([0, 0, 0, 0]);
    // r3 has no conv_metadata: NULL counts, left out and counted by readStyleRows.
    const read = readStyleRows(
      codes,
      rows,
      METADATA_FEATURES.map((f) => f.feature),
    );
    expect(read.missingRows).toBe(1);
    expect(read.votes.featureNames).toEqual(['tokens', 'headers', 'lists', 'bold']);
    expect(Array.from(read.votes.weight).reduce((s, w) => s + w, 0)).toBe(4);
  });

  test('follows the slice, and the fit runs on what it reads', async () => {
    const q = metadataFeaturesSql(convMetadataColumn(await battlesColumns())!, { sql: 'language = $1', params: ['en'] });
    const rows = await db.query(q.sql, q.params);
    expect(rows.reduce((s, r) => s + Number(r.weight), 0)).toBe(3);
    const all = metadataFeaturesSql(convMetadataColumn(await battlesColumns())!);
    const read = readStyleRows(
      await names(),
      await db.query(all.sql, all.params),
      METADATA_FEATURES.map((f) => f.feature),
    );
    const fit = fitStyleControl(read.votes);
    expect(fit.rows.every((r) => Number.isFinite(r.controlled))).toBe(true);
    expect(fit.votesUsed).toBe(4);
  });
});
