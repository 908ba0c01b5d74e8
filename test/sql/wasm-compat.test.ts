import { afterAll, describe, expect, it } from 'vitest';
import { filtersSql } from '../../src/core/sql/filters.ts';
import { modelsSql, pairCountsSql } from '../../src/core/sql/pair-counts.ts';
import { outcomeDistributionSql, rejectedByReasonSql, totalsSql } from '../../src/core/sql/summary.ts';
import { FIXTURES } from './fixtures.ts';
import { battleTuples, buildFromRaw, describeTable, rejectedReasons } from './helpers.ts';
import { createWasmConnector } from './wasm-connector.ts';

// The page runs DuckDB 1.4.3 (duckdb-wasm 1.32); node-api is 1.5. Same builders, older engine.
const db = await createWasmConnector();
afterAll(() => db.close());

describe('builders on DuckDB-WASM 1.4.3', () => {
  it('runs on the same engine version as the page', async () => {
    expect((await db.query('SELECT version() AS v'))[0].v).toBe('v1.4.3');
  });

  it('builds lmsys battles with ENUM models, nested slices and rejected rows', async () => {
    await FIXTURES['lmsys-conversations'](db);
    await buildFromRaw(db, 'raw');
    expect(await battleTuples(db)).toEqual([
      ['gpt-4', 'claude-v1', 'a', 1],
      ['claude-v1', 'gpt-4', 'b', 1],
      ['gpt-4', 'vicuna', 'tie', 1],
      ['vicuna', 'claude-v1', 'both_bad', 1],
      ['vicuna', 'gpt-4', 'a', 1],
    ]);
    expect((await rejectedReasons(db)).map((r) => r[1])).toEqual([
      'null model',
      'model against itself',
      'unknown winner label "left_win"',
      'null winner',
    ]);
    const where = filtersSql(
      [
        { kind: 'boolean', path: ['openai_moderation', 'flagged'], value: true },
        { kind: 'date', path: ['tstamp'], from: '2023-04-20' },
      ],
      await describeTable(db, 'battles'),
    );
    const q = totalsSql(where);
    expect(await db.query(q.sql, q.params)).toEqual([{ rows: 2, votes: 2, models: 3 }]);
  });

  it('builds again and aggregates pair counts with codes in model order', async () => {
    await FIXTURES['comparia-votes'](db);
    await buildFromRaw(db, 'raw');
    await FIXTURES['pair-counts'](db);
    await buildFromRaw(db, 'raw');
    expect(await db.query(modelsSql().sql)).toEqual([
      { model: 'a', code: 0 },
      { model: 'b', code: 1 },
      { model: 'c', code: 2 },
    ]);
    expect(await db.query(pairCountsSql().sql)).toEqual([
      { a: 0, b: 1, outcome: 0, n: 10 },
      { a: 0, b: 2, outcome: 2, n: 2 },
      { a: 0, b: 2, outcome: 3, n: 1 },
      { a: 1, b: 0, outcome: 1, n: 5 },
    ]);
    expect((await db.query(outcomeDistributionSql().sql)).map((r) => r.outcome)).toEqual(['a', 'b', 'tie', 'both_bad']);
    expect(await db.query(rejectedByReasonSql().sql)).toEqual([{ reason: 'invalid weight', rows: 3 }]);
  });

  it('reads comparIA names and French-Maxx constants', async () => {
    await FIXTURES['comparia-votes'](db);
    await buildFromRaw(db, 'raw');
    expect((await battleTuples(db)).map((t) => t[2])).toEqual(['a', 'b', 'tie', 'b', 'tie']);
    await FIXTURES['french-maxx'](db);
    await buildFromRaw(db, 'raw');
    expect(await battleTuples(db)).toEqual([
      ['optimal', 'rejected', 'a', 1],
      ['optimal', 'rejected', 'a', 1],
    ]);
  });
});
