import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { battlesInput, buildBattles, loadAndRecognise, readSummary } from '../../src/cli/lib/open-file.ts';
import type { ColumnMapping } from '../../src/core/schema/mapping.ts';
import { cellKind, rowVoteProblem, rowVoteReader, type CellKind } from '../../src/core/schema/row-vote.ts';
import { battlesSql } from '../../src/core/sql/battles.ts';
import type { Connector } from '../../src/core/sql/connector.ts';
import { readCounts } from '../../src/core/sql/pair-counts.ts';
import { quoteIdent } from '../../src/core/sql/quote.ts';
import { runStatements } from '../../src/core/sql/statement.ts';
import { TallyReader, tallyColumns, talliedVotes, VoteTally } from '../../src/core/tally/vote-tally.ts';
import { readTally } from '../../src/core/sql/vote-tally.ts';
import { STATIC, voteSamples } from '../fixtures/paths.ts';
import { describeTable, openDb } from './helpers.ts';

const SAMPLES = voteSamples(/\.(parquet|csv)$/);
const db = await openDb();
afterAll(() => db.close());

/** Every raw row's votes by the SQL (battles + rejected_rows), and by the row rules, as comparable tuples. */
async function bothWays(db: Connector, mapping: ColumnMapping, kinds: Record<string, CellKind | null>) {
  const sql = await db.query(
    `SELECT row_id, ${'pair' in (await columnsOf(db, 'battles')) ? 'pair' : '1 AS pair'}, CAST(model_a AS VARCHAR) AS a, CAST(model_b AS VARCHAR) AS b,
       CAST(enum_code(outcome) AS INTEGER) AS o, weight, NULL AS reason FROM battles
     UNION ALL SELECT row_id, NULL, model_a, model_b, NULL, weight, reason FROM rejected_rows ORDER BY row_id, pair NULLS FIRST`,
  );
  const read = rowVoteReader(mapping, kinds);
  const raw = await db.query(`SELECT rowid AS __row, * FROM raw ORDER BY rowid`);
  const js = raw.flatMap((row) =>
    read((c) => row[c] as never).map((v) => ({
      row_id: row.__row,
      pair: v.reason === null ? v.pair : null,
      a: v.modelA,
      b: v.modelB,
      o: v.reason === null ? v.outcome : null,
      reason: v.reason,
      weight: v.weight,
    })),
  );
  return {
    sql: sql.map((r) => [r.row_id, r.pair === null ? null : Number(r.pair), r.a, r.b, r.o, r.reason, r.reason === null ? r.weight : null]),
    js: js.map((r) => [r.row_id, r.pair, r.a, r.b, r.o, r.reason, r.reason === null ? r.weight : null]),
  };
}

async function columnsOf(db: Connector, table: string): Promise<Record<string, string>> {
  return Object.fromEntries((await describeTable(db, table)).map((c) => [c.name, c.type]));
}

const kindsOf = async (db: Connector, mapping: ColumnMapping) => {
  const types = await columnsOf(db, 'raw');
  const { columns, weight } = tallyColumns(mapping);
  return Object.fromEntries([...columns, ...(weight ? [weight] : [])].map((c) => [c, cellKind(types[c] ?? '')]));
};

describe('a row becomes a vote in TypeScript exactly as in SQL', () => {
  it.each(SAMPLES)('on every row of the sample %s', async (file) => {
    const opened = await loadAndRecognise(db, join(STATIC, file));
    await buildBattles(db, opened);
    const mapping = opened.detection.mapping;
    const kinds = await kindsOf(db, mapping);
    expect(rowVoteProblem(mapping, kinds)).toBeNull();
    const { sql, js } = await bothWays(db, mapping, kinds);
    expect(js.length).toBeGreaterThan(0);
    expect(js).toEqual(sql);
  });

  it('on French-Maxx with its second pair included', async () => {
    const opened = await loadAndRecognise(db, join(STATIC, 'french-maxx.parquet'), { keep: 'all' });
    const mapping = {
      ...opened.detection.mapping,
      extraPairs: opened.detection.optionalPairs.map(({ modelA, modelB }) => ({ modelA, modelB })),
    };
    await runStatements(db, battlesSql({ ...battlesInput(opened), mapping }));
    const { sql, js } = await bothWays(db, mapping, await kindsOf(db, mapping));
    expect(js).toEqual(sql);
  });

  const awkward: [string, string, string[], ColumnMapping][] = [
    [
      'split pair keys, verdict majorities and text verdicts',
      'k VARCHAR, j1 VARCHAR, j2 VARCHAR, j3 INTEGER',
      [
        `('x_y', 'A', 'B', 1)`,
        `('x_y_z', 'A', 'A', NULL)`,
        `('nosep', 'A', NULL, NULL)`,
        `('_y', 'tie', 'B', 2)`,
        `('x_', NULL, NULL, NULL)`,
        `('a_b', 'junk', 'B', 3)`,
        `(NULL, 'A', 'A', 1)`,
      ],
      {
        modelA: { kind: 'split', column: 'k', separator: '_', part: 0, at: 'last' },
        modelB: { kind: 'split', column: 'k', separator: '_', part: 1, at: 'last' },
        winner: { kind: 'votes', columns: ['j1', 'j2', 'j3'], labels: { A: 'a', B: 'b', tie: 'tie', '1': 'a', '2': 'b' } },
      },
    ],
    [
      'one-hot flags as booleans, text and doubles, a text tie flag and a double weight',
      'a VARCHAR, b VARCHAR, wa BOOLEAN, wb VARCHAR, wt DOUBLE, t VARCHAR, n DOUBLE',
      [
        `('m1', 'm2', true, 'false', 0, 'f', 2.5)`,
        `('m1', 'm2', false, 'TRUE', 0.0, 'no', 1)`,
        `('m1', 'm2', false, '1.0', 0, NULL, 1)`,
        `('m2', 'm1', false, '0', 1.0, 'yes', 3)`,
        `('m2', 'm1', true, '1', 0, 'n', 1)`,
        `('m2', 'm1', NULL, NULL, NULL, 'maybe', 1)`,
        `('m2', 'm1', true, NULL, NULL, 'T', 0)`,
        `('m2', 'm1', true, NULL, NULL, NULL, 'nan')`,
        `('m2', 'm1', true, NULL, NULL, NULL, NULL)`,
        `('m2', '', true, NULL, NULL, NULL, 1)`,
      ],
      {
        modelA: { kind: 'column', column: 'a' },
        modelB: { kind: 'column', column: 'b' },
        winner: { kind: 'one-hot', columns: { a: 'wa', b: 'wb', tie: 'wt' } },
        tieFlag: 't',
        weight: 'n',
      },
    ],
    [
      'integer model names, a winner that names a model, and an integer tie flag',
      'a BIGINT, b BIGINT, w VARCHAR, t INTEGER',
      [`(1, 2, '1', 0)`, `(1, 2, '2', 0)`, `(2, 1, 'tie', NULL)`, `(2, 1, 'x', 0)`, `(2, 1, 'x', 5)`, `(2, 2, '2', 0)`, `(2, 1, NULL, 0)`],
      {
        modelA: { kind: 'column', column: 'a' },
        modelB: { kind: 'column', column: 'b' },
        winner: { kind: 'column', column: 'w', labels: { tie: 'tie' }, namesModel: true },
        tieFlag: 't',
      },
    ],
  ];
  it.each(awkward)('on %s', async (_label, schema, rows, mapping) => {
    await db.exec('DROP TABLE IF EXISTS raw');
    await db.exec(`CREATE TABLE raw (${schema})`);
    await db.exec(`INSERT INTO raw VALUES ${rows.join(', ')}`);
    await runStatements(db, battlesSql({ raw: 'raw', columns: await describeTable(db, 'raw'), mapping }));
    const { sql, js } = await bothWays(db, mapping, await kindsOf(db, mapping));
    expect(js).toEqual(sql);
  });

  it('refuses what it does not read as SQL does: a float read as text, a text weight, an unknown type', () => {
    const mapping: ColumnMapping = {
      modelA: { kind: 'column', column: 'a' },
      modelB: { kind: 'column', column: 'b' },
      winner: { kind: 'column', column: 'w', labels: {}, namesModel: true },
      weight: 'n',
    };
    expect(rowVoteProblem(mapping, { a: 'float', b: 'text', w: 'text', n: 'integer' })).toMatch(/"a" is a float read as text/);
    expect(rowVoteProblem(mapping, { a: 'text', b: 'text', w: 'text', n: 'text' })).toMatch(/weight column "n" is not numeric/);
    expect(rowVoteProblem(mapping, { a: 'text', b: null, w: 'text', n: 'integer' })).toMatch(/"b" has a type read by DuckDB only/);
  });
});

describe('counts tallied from distinct values equal the battles table', () => {
  it.each(SAMPLES)('for the sample %s: pair counts, rows and rows set aside', async (file) => {
    const opened = await loadAndRecognise(db, join(STATIC, file));
    await buildBattles(db, opened);
    const mapping = opened.detection.mapping;
    const tallied = await readTally(db, 'raw', mapping, await kindsOf(db, mapping));
    const summary = await readSummary(db);
    expect(tallied.counts).toEqual(await readCounts(db));
    expect({ rows: tallied.rows, rejected: tallied.rejected }).toEqual({ rows: summary.rows, rejected: summary.rejected });
  });

  it('row by row in coded batches, as the page counts while it reads', async () => {
    const opened = await loadAndRecognise(db, join(STATIC, 'chatbot-arena-20240814-counts.parquet'));
    await buildBattles(db, opened);
    const mapping = opened.detection.mapping;
    const { columns, weight } = tallyColumns(mapping);
    const rows = await db.query(`SELECT ${[...columns, weight!].map(quoteIdent).join(', ')} FROM raw ORDER BY rowid`);
    const tally = new VoteTally(columns, true);
    const kinds = await kindsOf(db, mapping);
    // Read again as it grows, as the provisional boards are: each read equals a fresh one of the tally so far.
    const reader = new TallyReader(mapping, kinds);
    for (let start = 0; start < rows.length; start += 1000) {
      const batch = rows.slice(start, start + 1000);
      const codes = columns.map((c, i) => Int32Array.from(batch, (r) => tally.code(i, r[c] as string | null)));
      tally.addCoded(
        codes,
        Float64Array.from(batch, (r) => (r[weight!] === null ? NaN : Number(r[weight!]))),
        batch.length,
      );
      if (start % 3000 === 0) expect(reader.read(tally)).toEqual(talliedVotes(tally, mapping, kinds));
    }
    const tallied = reader.read(tally);
    expect(tallied).toEqual(talliedVotes(tally, mapping, kinds));
    expect(tallied.counts).toEqual(await readCounts(db));
  });
});
