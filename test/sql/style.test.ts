import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { NodeConnector } from '../../src/cli/node-connector.ts';
import type { Connector } from '../../src/core/sql/connector.ts';
import {
  answerColumns,
  hasStyleText,
  readStyleRows,
  styleFeaturesSql,
  styleProfile,
  styleSliceSizeSql,
  type StyleChunk,
} from '../../src/core/lenses/style.ts';
import { modelsSql } from '../../src/core/sql/pair-counts.ts';
import type { SqlCondition } from '../../src/core/sql/statement.ts';
import { fitStyleControl } from '../../src/core/stats/style-control.ts';
import { buildFromRaw, createShape, describeTable, openDb } from './helpers.ts';
import { createWasmConnector } from './wasm-connector.ts';

const expected = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8'));
const conversations = expected.samples['arena-conversations.parquet'];

/** A fixed test string as a SQL literal (newlines kept as they are). */
const lit = (s: string) => `'${s.replaceAll("'", "''")}'`;
const turns = (...t: [string, string][]) =>
  `[${t.map(([role, content]) => `{'content': ${lit(content)}, 'role': ${lit(role)}}`).join(', ')}]`;
const chars = (s: string) => [...s].length;
const nd = (a: number, b: number) => (a - b) / (a + b + 1);

async function features(db: Connector, text: string, where?: SqlCondition, keepPerMillion: number | null = null) {
  const columns = await describeTable(db, 'raw');
  const sides = answerColumns(columns)!;
  const size = styleSliceSizeSql(where);
  const [s] = await db.query(size.sql, size.params);
  const chunk: StyleChunk = { text, ...sides, from: Number(s.lo ?? 0), to: Number(s.hi ?? -1) + 1, keepPerMillion };
  const q = styleFeaturesSql(where, chunk);
  return { rows: await db.query(q.sql, q.params), size: s, q };
}

const names = async (db: Connector) => (await db.query(modelsSql().sql)).map((r) => String(r.model));

type Engine = () => Promise<Connector & { close(): void }>;
// The page runs DuckDB-WASM 1.4.3; tests run native 1.5. The regular expressions must agree on both.
describe.each<[string, Engine]>([
  ['native DuckDB', openDb],
  ['DuckDB-WASM', createWasmConnector],
])('style features of hand-made conversations on %s', (_, open) => {
  let db: Connector & { close(): void };
  const A1 = '# Title\n\nSome text with **bold** and __also bold__.\n\n- one\n- two\n  * nested\n1. first\n2. second';
  const A2 = '## Code\n```py\n# not a header\n- not a list\n**not bold**\n```\nDone **x** in café 😀';
  const B1 = 'Plain answer.';
  const TRICKS = '####### seven\n#nospace\n # indented\n-no space\n3.no space\n**unclosed\n**split\nbold**\n10. ten\n\t+ tabbed';
  beforeAll(async () => {
    db = await open();
    await createShape(
      db,
      'raw',
      'lmsys-conversations',
      ['question_id', 'model_a', 'model_b', 'winner', 'conversation_a', 'conversation_b'],
      [
        `('q1', 'alpha', 'beta', 'model_a', ${turns(['user', '# user header\n- user list\n**user bold**'], ['assistant', A1], ['user', 'more'], ['assistant', A2])}, ${turns(['user', '# user header'], ['assistant', B1])})`,
        `('q2', 'beta', 'alpha', 'tie', NULL, ${turns(['user', 'x'], ['assistant', B1])})`,
        `('q3', 'beta', 'gamma', 'model_b', ${turns(['user', 'x'], ['assistant', TRICKS])}, ${turns(['user', 'x'], ['assistant', ''])})`,
        `('q4', 'gamma', 'alpha', 'tie (bothbad)', ${turns(['user', 'x'])}, ${turns(['user', 'x'], ['assistant', '### h\n* i\n**b**'])})`,
      ],
    );
    await buildFromRaw(db, 'raw');
  });
  afterAll(() => db.close());

  test('counts length, headers, list items and bold of the assistant turns only, code blocks left out of markdown', async () => {
    const { rows } = await features(db, 'raw');
    expect(rows.map((r) => r.row_id)).toEqual([0, 1, 2, 3]);
    const pick = (r: Record<string, unknown>) => [
      r.length_a,
      r.headers_a,
      r.lists_a,
      r.bold_a,
      r.length_b,
      r.headers_b,
      r.lists_b,
      r.bold_b,
    ];
    const lengthA = chars(A1) + 1 + chars(A2);
    expect(pick(rows[0])).toEqual([lengthA, 2, 5, 3, chars(B1), 0, 0, 0]);
    // q3: only "10. ten" and "\t+ tabbed" are list items; nothing else counts.
    expect(pick(rows[2])).toEqual([chars(TRICKS), 0, 2, 0, 0, 0, 0, 0]);
    // q4: side A has no assistant turn (length 0), side B one of each.
    expect(pick(rows[3])).toEqual([0, 0, 0, 0, chars('### h\n* i\n**b**'), 1, 1, 1]);
    expect(rows[0].d_length).toBeCloseTo(nd(lengthA, chars(B1)), 12);
    expect(rows[0].d_headers).toBeCloseTo(nd(2, 0), 12);
    expect(rows[0].d_lists).toBeCloseTo(nd(5, 0), 12);
    expect(rows[0].d_bold).toBeCloseTo(nd(3, 0), 12);
    expect(rows[3].d_headers).toBeCloseTo(nd(0, 1), 12);
    expect([rows[0].outcome, rows[1].outcome, rows[2].outcome, rows[3].outcome]).toEqual([0, 2, 1, 3]);
  });

  test('a vote with a missing conversation is left out and counted', async () => {
    const { rows } = await features(db, 'raw');
    expect(rows[1].length_a).toBeNull();
    const read = readStyleRows(await names(db), rows);
    expect(read.missingRows).toBe(1);
    expect(read.missingVotes).toBe(1);
    expect(read.votes.a).toHaveLength(3);
    expect(read.votes.models).toEqual(['alpha', 'beta', 'gamma']);
    expect([...read.votes.a].map((k) => read.votes.models[k])).toEqual(['alpha', 'beta', 'gamma']);
    const profile = styleProfile(read);
    expect(profile.find((p) => p.model === 'alpha')).toMatchObject({ answers: 2, headers: 1.5, lists: 3, bold: 2 });
  });

  test('follows the slice and numbers its own parameters after the slice’s', async () => {
    const where = { sql: 'model_a = $1', params: ['beta'] };
    const { rows, q } = await features(db, 'raw', where);
    expect(q.params[0]).toBe('beta');
    expect(q.sql).toContain('$2');
    expect(rows.map((r) => r.row_id)).toEqual([1, 2]);
  });
});

describe('style features of plain answer columns', () => {
  let db: NodeConnector;
  beforeAll(async () => {
    db = await openDb();
    await createShape(
      db,
      'raw',
      'verdicts',
      ['qid', 'model_a', 'model_b', 'winner', 'model_a_response', 'model_b_response'],
      [
        `('v1', 'm1', 'm2', 'm1', ${lit('## A\n- x\n- y\n**z**')}, ${lit('short')})`,
        `('v2', 'm2', 'm1', 'tie', ${lit('')}, ${lit('1. one')})`,
      ],
    );
    await buildFromRaw(db, 'raw');
  });
  afterAll(() => db.close());

  test('reads a VARCHAR answer as the whole answer', async () => {
    expect(answerColumns(await describeTable(db, 'raw'))).toEqual({
      a: { column: 'model_a_response', kind: 'text' },
      b: { column: 'model_b_response', kind: 'text' },
    });
    const { rows } = await features(db, 'raw');
    expect(rows.map((r) => [r.length_a, r.headers_a, r.lists_a, r.bold_a, r.length_b, r.lists_b])).toEqual([
      [18, 1, 2, 1, 5, 0],
      [0, 0, 0, 0, 6, 1],
    ]);
  });
});

describe('style features on the default sample', () => {
  let db: NodeConnector;
  let detected: string[];
  beforeAll(async () => {
    db = await openDb();
    await db.exec(`CREATE TABLE raw AS SELECT * FROM read_parquet('${resolve('static-data/arena-conversations.parquet')}')`);
    detected = (await buildFromRaw(db, 'raw')).textColumns;
  });
  afterAll(() => db.close());

  test('offers the lens for answer texts and reads conversations as assistant turns', async () => {
    expect(hasStyleText(detected)).toBe(true);
    expect(hasStyleText(['prompt', 'response_1', 'response_2'])).toBe(true);
    expect(hasStyleText([{ name: 'messages' }, { name: 'Response_Optimal' }, { name: 'rejected' }])).toBe(true);
    expect(hasStyleText(['question', 'model_a_response', 'model_b_response', 'ref_answer'])).toBe(true);
    expect(hasStyleText(['prompt', 'response_a', 'response_b'])).toBe(true);
    expect(hasStyleText(['task', 'goal'])).toBe(false);
    expect(hasStyleText(['conversation_a'])).toBe(false);
    expect(answerColumns(await describeTable(db, 'raw'))?.a).toEqual({
      column: 'conversation_a',
      kind: 'turns',
      content: 'content',
      role: 'role',
    });
  });

  test('measures every vote, in chunks or in one go alike, and fits on them', async () => {
    const { rows, size } = await features(db, 'raw');
    expect(Number(size.rows)).toBe(conversations.rows);
    expect(rows).toHaveLength(conversations.rows);
    const columns = answerColumns(await describeTable(db, 'raw'))!;
    const half = styleFeaturesSql(undefined, { text: 'raw', ...columns, from: 0, to: 15_000, keepPerMillion: null });
    const rest = styleFeaturesSql(undefined, { text: 'raw', ...columns, from: 15_000, to: conversations.rows, keepPerMillion: null });
    const chunked = [...(await db.query(half.sql, half.params)), ...(await db.query(rest.sql, rest.params))];
    expect(chunked).toEqual(rows);
    // Answers are longer than 0 and the generator writes no markdown.
    expect(rows.every((r) => Number(r.length_a) > 0 && Number(r.length_b) > 0)).toBe(true);
    const read = readStyleRows(await names(db), rows);
    expect(read.missingRows).toBe(0);
    expect(read.votes.models).toEqual(conversations.model_names);
    const fit = fitStyleControl(read.votes);
    expect(fit.converged).toBe(true);
    expect(fit.votesUsed).toBe(conversations.votes);
    const length = fit.coefficients[0];
    expect(length.used).toBe(true);
    // No style effect was planted: the length coefficient is small and every model moves little.
    expect(Math.abs(length.eloPerSd!)).toBeLessThan(15);
    expect(Math.max(...fit.rows.map((r) => Math.abs(r.change!)))).toBeLessThan(25);
  });

  test('a French slice measures exactly the planted French votes', async () => {
    const { rows } = await features(db, 'raw', { sql: '"language" = $1', params: ['French'] });
    expect(rows).toHaveLength(conversations.planted.languages.French);
  });

  test('a sample keeps a fixed subset of about the asked share', async () => {
    const one = await features(db, 'raw', undefined, 250_000);
    const two = await features(db, 'raw', undefined, 250_000);
    expect(one.rows.map((r) => r.row_id)).toEqual(two.rows.map((r) => r.row_id));
    expect(one.rows.length / conversations.rows).toBeGreaterThan(0.23);
    expect(one.rows.length / conversations.rows).toBeLessThan(0.27);
  });
});
