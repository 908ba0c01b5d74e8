import { DuckDBInstance } from '@duckdb/node-api';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/rank.ts';
import { STATIC, run } from './helpers.ts';

const FILE = join(STATIC, 'arena-conversations.parquet');

/** Votes per judge, read from the file by DuckDB directly (not through the battles table or the SQL under test). */
async function judges(): Promise<number[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  const rows = (await c.runAndReadAll(`select count(*) as n from read_parquet('${FILE}') group by judge`)).getRowObjects();
  c.closeSync();
  return rows.map((r) => Number(r.n));
}

describe('rank --audit voter checks', () => {
  it('counts votes per judge and caps them, ranks unchanged when the cap binds no one', async () => {
    const perJudge = await judges();
    const cap = 5;
    const r = await run(main, FILE, '--audit', '--json', '--trials', '0', '--folds', '2', '--voter-cap', String(cap), '--seed', '4');
    expect(r.code, r.stderr).toBe(0);
    const v = JSON.parse(r.stdout).voters;
    expect(v.column).toBe('judge');
    expect(v.voters).toBe(perJudge.length);
    expect(v.votes).toBe(perJudge.reduce((s, n) => s + n, 0));
    expect(v.max_votes).toBe(Math.max(...perJudge));
    expect(v.capped_votes).toBe(perJudge.reduce((s, n) => s + Math.min(n, cap), 0));
    expect(v.top_voters[0].votes).toBe(Math.max(...perJudge));
    expect(v.models.some((m: { rank: number; capped_rank: number }) => m.rank !== m.capped_rank)).toBe(true);

    const loose = await run(main, FILE, '--audit', '--trials', '0', '--folds', '2', '--voter-cap', String(Math.max(...perJudge)));
    expect(loose.stdout).toMatch(/no model changes rank/);
    expect(loose.stdout).toMatch(/Voters \(column judge\)/);
  }, 120_000);

  it('says nothing about voters when the file names none, and --voter-cap goes with --audit', async () => {
    const r = await run(main, join(STATIC, 'pair-counts.csv'), '--voter-cap', '3');
    expect(r.stderr).toMatch(/--voter-cap goes with --audit/);
  });
});
