import { afterAll, describe, expect, it } from 'vitest';
import { columnProfileSql, outcomeDistributionSql, readColumnProfile, rejectedByReasonSql, totalsSql } from '../../src/core/sql/summary.ts';
import { filtersSql } from '../../src/core/sql/filters.ts';
import { FIXTURES } from './fixtures.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

const db = await openDb();
afterAll(() => db.close());
const run = async (q: { sql: string; params: unknown[] }) => db.query(q.sql, q.params);

describe('summary as text', () => {
  it('counts rows, votes and models of battles, with a filter applied to every part', () => {
    expect(totalsSql({ sql: '(language = $1)', params: ['French'] }).sql).toMatchInlineSnapshot(
      `"SELECT count(*) AS rows, coalesce(sum(weight), 0) AS votes, (SELECT count(*) FROM (SELECT model_a AS m FROM "battles" WHERE (language = $1) UNION SELECT model_b FROM "battles" WHERE (language = $1))) AS models FROM "battles" WHERE (language = $1)"`,
    );
    expect(columnProfileSql('battles', [{ name: 'a"b', type: 'VARCHAR' }]).sql).toMatchInlineSnapshot(
      `"SELECT count(*) AS rows, approx_count_distinct("a""b") AS d0, count("a""b") AS n0 FROM "battles""`,
    );
  });
});

describe('summary on DuckDB', () => {
  it('reports rows, weighted votes and models of a pre-aggregated file', async () => {
    await FIXTURES['pair-counts'](db);
    await buildFromRaw(db, 'raw');
    expect(await run(totalsSql())).toEqual([{ rows: 4, votes: 18, models: 3 }]);
    expect(await run(outcomeDistributionSql())).toEqual([
      { outcome: 'a', rows: 1, votes: 10 },
      { outcome: 'b', rows: 1, votes: 5 },
      { outcome: 'tie', rows: 1, votes: 2 },
      { outcome: 'both_bad', rows: 1, votes: 1 },
    ]);
    expect(await run(rejectedByReasonSql())).toEqual([{ reason: 'invalid weight', rows: 3 }]);
  });

  it('lists each rejection reason with its row count', async () => {
    await FIXTURES['lmsys-conversations'](db);
    await buildFromRaw(db, 'raw');
    expect(await run(rejectedByReasonSql())).toEqual([
      { reason: 'model against itself', rows: 1 },
      { reason: 'null model', rows: 1 },
      { reason: 'null winner', rows: 1 },
      { reason: 'unknown winner label "left_win"', rows: 1 },
    ]);
  });

  it('filters the totals', async () => {
    await FIXTURES['lmsys-conversations'](db);
    await buildFromRaw(db, 'raw');
    const where = filtersSql([{ kind: 'in', path: ['language'], values: ['French'] }], await describeTable(db, 'battles'));
    expect(await run(totalsSql(where))).toEqual([{ rows: 2, votes: 2, models: 3 }]);
  });

  it('profiles distinct and non-null counts per column, structs included', async () => {
    await FIXTURES['lmsys-conversations'](db);
    await buildFromRaw(db, 'raw');
    const columns = (await describeTable(db, 'battles')).filter((c) =>
      ['model_a', 'language', 'anony', 'openai_moderation'].includes(c.name),
    );
    const [row] = await run(columnProfileSql('battles', columns, true));
    expect(row.rows).toBe(5);
    expect(readColumnProfile(columns, row).map(({ name, distinct, nonNull }) => [name, distinct, nonNull])).toEqual([
      ['model_a', 3, 5],
      ['anony', 2, 5],
      ['language', 3, 5],
      ['openai_moderation', 3, 4],
    ]);
    const [approx] = await run(columnProfileSql('battles', columns));
    expect(readColumnProfile(columns, approx).map((p) => p.distinct)).toEqual([3, 2, 3, 3]);
  });
});
