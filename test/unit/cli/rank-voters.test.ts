import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/rank.ts';
import { STATIC, run, tempDir } from './helpers.ts';

const FILE = join(STATIC, 'arena-conversations.parquet');
const dir = tempDir();
/** The sample with three planted voters who always vote for the truly weaker model (true ratings of expected.json). */
const PLANTED = join(dir, 'planted.parquet');
const BOTS = ['planted_bot_0', 'planted_bot_1', 'planted_bot_2'];

/** Votes per judge, read from the file by DuckDB directly (not through the battles table or the SQL under test). */
async function judges(): Promise<number[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  const rows = (await c.runAndReadAll(`select count(*) as n from read_parquet('${FILE}') group by judge`)).getRowObjects();
  c.closeSync();
  return rows.map((r) => Number(r.n));
}

beforeAll(async () => {
  const truth: Record<string, number> = JSON.parse(readFileSync(join(STATIC, 'expected.json'), 'utf8')).samples[
    'arena-conversations.parquet'
  ].true_ratings;
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  const values = Object.entries(truth)
    .map(([m, r]) => `('${m.replace(/'/g, "''")}', ${r})`)
    .join(', ');
  await c.run(`CREATE TABLE truth(model VARCHAR, rating DOUBLE); INSERT INTO truth VALUES ${values}`);
  await c.run(`CREATE TABLE t AS SELECT * FROM read_parquet('${FILE}')`);
  // 60 rows per bot, copied from decisive rows of other judges, the winner set to the truly weaker model.
  await c.run(
    `INSERT INTO t SELECT s.* EXCLUDE (k) REPLACE ('planted_' || question_id AS question_id, 'planted_bot_' || (k % 3) AS judge,
       CASE WHEN ta.rating < tb.rating THEN 'model_a' ELSE 'model_b' END AS winner)
     FROM (SELECT t.*, row_number() OVER (ORDER BY hash(question_id)) AS k FROM t WHERE winner IN ('model_a', 'model_b')) s
     JOIN truth ta ON ta.model = s.model_a JOIN truth tb ON tb.model = s.model_b WHERE k <= 180`,
  );
  await c.run(`COPY t TO '${PLANTED}' (FORMAT parquet)`);
  c.closeSync();
}, 120_000);

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
    expect(v.capped_changes).toMatch(/^\d+ of 24 models change rank: /);
    // The bins hold every voter and vote.
    expect(v.bins.reduce((s: number, b: { voters: number }) => s + b.voters, 0)).toBe(perJudge.length);
    expect(v.bins.reduce((s: number, b: { votes: number }) => s + b.votes, 0)).toBe(v.votes);

    const loose = await run(main, FILE, '--audit', '--trials', '0', '--folds', '2', '--voter-cap', String(Math.max(...perJudge)));
    expect(loose.stdout).toMatch(/no model changes rank/);
    expect(loose.stdout).toMatch(/Voters \(column judge\)/);
  }, 120_000);

  it("flags the planted voters and only them; without them the board is the sample's own", async () => {
    const r = await run(main, PLANTED, '--audit', '--json', '--trials', '0', '--folds', '2', '--seed', '4');
    expect(r.code, r.stderr).toBe(0);
    const v = JSON.parse(r.stdout).voters;
    const t = v.outlier_test;
    expect(t.alpha).toBe(0.05);
    const flagged = t.voters.filter((x: { flagged: boolean }) => x.flagged);
    expect(flagged.map((x: { voter: string }) => x.voter).sort()).toEqual(BOTS);
    for (const x of flagged) {
      // Against the fitted order, which may swap a close pair of the true one.
      expect(x.decisive).toBe(60);
      expect(x.upsets).toBeGreaterThan(55);
      expect(x.holm_p).toBeLessThan(0.05);
    }
    expect(t.flagged_votes).toBe(180);
    expect(v.without_flagged.votes).toBe(30_000);
    // The reference: the board of the sample as published (no planted rows), fitted by the plain command.
    const plain = await run(main, FILE, '--json', '--bootstrap', '0');
    const board: { model: string; rating: number }[] = JSON.parse(plain.stdout).models;
    const want = [...board].sort((x, y) => y.rating - x.rating).map((m) => m.model);
    const got = [...v.models]
      .sort((x: { without_flagged_rank: number }, y: { without_flagged_rank: number }) => x.without_flagged_rank - y.without_flagged_rank)
      .map((m: { model: string }) => m.model);
    expect(got).toEqual(want);
    const text = await run(main, PLANTED, '--audit', '--trials', '0', '--folds', '2', '--voter-alpha', '0.01');
    expect(text.stdout).toMatch(/Holm at α = 0\.01\): 3 flagged, 180 votes/);
    expect(text.stdout).toMatch(/planted_bot_\d: \d+ of 60 decisive votes for the lower-rated model/);
  }, 180_000);

  it('says nothing about voters when the file names none, and --voter-cap goes with --audit', async () => {
    const r = await run(main, join(STATIC, 'pair-counts.csv'), '--voter-cap', '3');
    expect(r.stderr).toMatch(/--voter-cap goes with --audit/);
    const a = await run(main, join(STATIC, 'pair-counts.csv'), '--voter-alpha', '0.6', '--audit');
    expect(a.stderr).toMatch(/--voter-alpha must be a number above 0 and at most 0\.5/);
  });
});
