import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { main as aggregate } from '../../../src/cli/aggregate.ts';
import { main as rank } from '../../../src/cli/rank.ts';
import { aggregateSql } from '../../../src/core/sql/aggregate-sql.ts';
import { createNodeConnector } from '../../../src/cli/node-connector.ts';
import { loadAndRecognise } from '../../../src/cli/lib/open-file.ts';
import { STATIC, byModel, run, tempDir, write, type BoardRecord } from './helpers.ts';

const dir = tempDir();

async function ratings(file: string): Promise<Map<string, BoardRecord>> {
  const r = await run(rank, file, '--json', '--bootstrap', '0');
  expect(r.code, r.stderr).toBe(0);
  return byModel(JSON.parse(r.stdout).models);
}

async function rows(sql: string, params: unknown[] = []) {
  const db = await createNodeConnector();
  try {
    return await db.query(sql, params);
  } finally {
    db.close();
  }
}

describe('aggregate', () => {
  it.each([
    ['lmarena-100k.parquet', 'parquet'],
    ['lmarena-55k.csv', 'parquet'],
    ['comparia-votes.parquet', 'csv'],
    ['verdicts.parquet', 'parquet'],
    ['genrm-judges.parquet', 'csv'],
  ])('%s → counts (%s) → rank gives the same ratings and votes as ranking the original', async (name, ext) => {
    const out = join(dir, `${name}.counts.${ext}`);
    const r = await run(aggregate, join(STATIC, name), out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/wrote .* rows \(/);
    const [original, counted] = [await ratings(join(STATIC, name)), await ratings(out)];
    expect([...counted.keys()].sort()).toEqual([...original.keys()].sort());
    for (const [model, o] of original) {
      expect(counted.get(model)!.votes).toBe(o.votes);
      expect(counted.get(model)!.rating).toBeCloseTo(o.rating!, 3);
    }
  });

  it('writes model_a, model_b, winner, count and the --by columns, with the arena winner labels', async () => {
    const out = join(dir, 'by.parquet');
    expect((await run(aggregate, join(STATIC, 'arena-conversations.parquet'), out, '--by', 'language,turn')).code).toBe(0);
    const columns = await rows('DESCRIBE SELECT * FROM read_parquet($1)', [out]);
    expect(columns.map((c) => [c.column_name, c.column_type])).toEqual([
      ['model_a', 'VARCHAR'],
      ['model_b', 'VARCHAR'],
      ['winner', 'VARCHAR'],
      ['count', 'BIGINT'],
      ['language', 'VARCHAR'],
      ['turn', 'BIGINT'],
    ]);
    const winners = await rows('SELECT winner, sum(count) AS n FROM read_parquet($1) GROUP BY 1 ORDER BY 1', [out]);
    expect(winners).toEqual([
      { winner: 'model_a', n: 12111 },
      { winner: 'model_b', n: 11876 },
      { winner: 'tie', n: 4521 },
      { winner: 'tie (bothbad)', n: 1492 },
    ]);
    const french = await rows(`SELECT sum(count) AS n FROM read_parquet($1) WHERE language = 'French'`, [out]);
    const direct = await rows(`SELECT count(*) AS n FROM read_parquet($1) WHERE language = 'French'`, [
      join(STATIC, 'arena-conversations.parquet'),
    ]);
    expect(french).toEqual(direct);
  });

  it('reads several inputs as one', async () => {
    const out = join(dir, 'twice.csv');
    const input = join(STATIC, 'comparag-votes.parquet');
    expect((await run(aggregate, input, input, out)).code).toBe(0);
    expect(await rows('SELECT sum(count) AS n FROM read_csv($1)', [out])).toEqual([{ n: 6000 }]);
  });

  it.each([
    [['in.parquet'], /OUTPUT is missing/],
    [['in.parquet', 'out.txt'], /OUTPUT must end in \.parquet or \.csv, got "out\.txt"/],
    [['a.parquet', 'a.parquet'], /OUTPUT "a\.parquet" is also an INPUT/],
    [['in.parquet', 'out.csv', '--by', 'count'], /--by: "count" would be read as a role column/],
    [['in.parquet', 'out.csv', '--by', 'a,,b'], /--by must be a comma-separated list/],
    [['in.parquet', '--sql', 'oracle'], /--sql must be one of spark, bigquery, trino, duckdb, got "oracle"/],
    [['in.parquet', 'out.csv', '--table', 't'], /--table only goes with --sql/],
  ])('exits 2 on %j naming the problem', async (argv, message) => {
    const r = await run(aggregate, ...argv);
    expect([r.code, r.stderr]).toEqual([2, expect.stringMatching(message)]);
  });

  it('exits 2 on a --by column that is not in the input, listing the columns there are', async () => {
    const r = await run(aggregate, join(STATIC, 'comparag-votes.parquet'), join(dir, 'x.csv'), '--by', 'nope');
    expect([r.code, r.stderr]).toEqual([
      2,
      expect.stringMatching(/--by: no column "nope" in .*comparag-votes\.parquet \(columns: .*tool_a_id/),
    ]);
  });

  it('exits 1 naming the input that cannot be read', async () => {
    const r = await run(aggregate, join(dir, 'nothing-*.parquet'), join(dir, 'x.csv'));
    expect([r.code, r.stderr]).toEqual([1, `aggregate: ${join(dir, 'nothing-*.parquet')}: no file matches\n`]);
  });
});

describe('aggregate --sql', () => {
  it('prints the aggregation for the recognised mapping', async () => {
    const r = await run(aggregate, join(STATIC, 'comparia-votes.parquet'), '--sql', 'spark', '--table', 'lake.votes');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/COALESCE\(TRY_CAST\(`both_equal` AS BOOLEAN\), FALSE\)/);
    expect(r.stdout).toMatch(/FROM `lake`\.`votes`\) AS src/);
    expect(r.stderr).toMatch(/recognised .* as comparIA votes/);
  });

  it.each([
    ['lmarena-100k.parquet', ['language', 'is_code']],
    ['comparia-votes.parquet', []],
    ['french-maxx.parquet', ['source']],
    ['lmarena-55k.csv', []],
    ['pair-counts.csv', []],
  ])('%s: the duckdb-dialect SQL run on DuckDB gives the counts the aggregate command writes', async (name, by) => {
    const input = join(STATIC, name);
    const out = join(dir, `${name}.sqlcheck.parquet`);
    const byArgs = by.length ? ['--by', by.join(',')] : [];
    expect((await run(aggregate, input, out, ...byArgs)).code).toBe(0);
    const printed = await run(aggregate, input, '--sql', 'duckdb', '--table', 'raw', ...byArgs);
    expect(printed.code).toBe(0);
    const db = await createNodeConnector();
    try {
      await db.query(`CREATE TABLE raw AS SELECT * FROM ${name.endsWith('.csv') ? 'read_csv' : 'read_parquet'}($1)`, [input]);
      const viaSql = await db.query(printed.stdout.replace(/;\s*$/, ''));
      const written = await db.query('SELECT * FROM read_parquet($1)', [out]);
      expect(viaSql.map((r) => ({ ...r, count: Number(r.count) }))).toEqual(written);
    } finally {
      db.close();
    }
  });

  it('applies the same rejection rules as battlesSql to awkward rows', async () => {
    const csv = write(
      dir,
      'awkward.csv',
      [
        'model_a,model_b,winner,count,note',
        "it's,b,model_a,2,q'uote",
        'b,"it\'s",tie (bothbad),3,x',
        'b,b,model_a,1,self',
        ',b,model_a,1,null',
        'a,b,left_win,1,unknown',
        'a,b,model_b,0,zero',
        'a,b,model_b,-1,negative',
        'a,b,model_b,inf,infinite',
        'a,b,model_b,nan,nan',
        'a,b,model_b,1.5,fraction',
        'a,b,,1,nullwinner',
      ].join('\n') + '\n',
    );
    const out = join(dir, 'awkward.parquet');
    expect((await run(aggregate, csv, out, '--by', 'note')).code).toBe(0);
    const written = await rows('SELECT * FROM read_parquet($1)', [out]);
    expect(written).toEqual([
      { model_a: 'a', model_b: 'b', winner: 'model_b', count: 1.5, note: 'fraction' },
      { model_a: 'b', model_b: "it's", winner: 'tie (bothbad)', count: 3, note: 'x' },
      { model_a: "it's", model_b: 'b', winner: 'model_a', count: 2, note: "q'uote" },
    ]);
    const db = await createNodeConnector();
    try {
      const opened = await loadAndRecognise(db, csv);
      const sql = aggregateSql({ table: 'raw', mapping: opened.detection.mapping, by: ['note'], dialect: 'duckdb' });
      expect(await db.query(sql)).toEqual(written);
    } finally {
      db.close();
    }
  });
});
