/**
 * The done-when for the profile: on the 1.67M real Chatbot Arena votes, the profile of
 * chatgpt-4o-latest lists every opponent with observed and predicted shares that an independent fit
 * reproduces. The fit here is Hunter's (2004) MM algorithm for Bradley-Terry, written plainly in the
 * test over counts read from the parquet file by SQL — no code of the project's fit is used.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { computeLeaderboard } from '../../../src/core/stats/leaderboard.ts';
import { opponentRecords, type OpponentRecord } from '../../../src/core/stats/model-profile.ts';
import { ARENA_COUNTS } from '../../fixtures/paths.ts';
import { loadArenaCounts } from './fixtures.ts';

const MODEL = 'chatgpt-4o-latest';

interface Pair {
  i: number;
  j: number;
  /** Votes between i and j, and i's score in them (a win 1, a tie or both-bad ½). */
  n: number;
  score: number;
}

/** Per unordered pair: votes and the first model's score, straight from the file. */
async function pairsFromFile(): Promise<{ models: string[]; pairs: Pair[] }> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const reader = await connection.runAndReadAll(
    `select least(model_a, model_b) as x, greatest(model_a, model_b) as y, sum("count") as n,
            sum(case when winner like 'tie%' then 0.5 * "count"
                     when (winner = 'model_a') = (model_a < model_b) then "count" else 0 end) as score
     from read_parquet('${ARENA_COUNTS}') where model_a <> model_b group by 1, 2`,
  );
  const rows = reader.getRowObjects() as { x: string; y: string; n: bigint | number; score: number }[];
  connection.closeSync();
  const models = [...new Set(rows.flatMap((r) => [r.x, r.y]))].sort();
  const at = new Map(models.map((m, k) => [m, k]));
  return { models, pairs: rows.map((r) => ({ i: at.get(r.x)!, j: at.get(r.y)!, n: Number(r.n), score: Number(r.score) })) };
}

/** Bradley-Terry strengths by MM: p_i ← W_i / Σ_j n_ij / (p_i + p_j), normalised to geometric mean 1. */
function mmFit(count: number, pairs: Pair[]): Float64Array {
  const wins = new Float64Array(count);
  for (const p of pairs) {
    wins[p.i] += p.score;
    wins[p.j] += p.n - p.score;
  }
  let p = new Float64Array(count).fill(1);
  for (let iteration = 0; iteration < 20_000; iteration++) {
    const denominator = new Float64Array(count);
    for (const q of pairs) {
      const d = q.n / (p[q.i] + p[q.j]);
      denominator[q.i] += d;
      denominator[q.j] += d;
    }
    const next = p.map((_, k) => wins[k] / denominator[k]);
    const logMean = next.reduce((s, x) => s + Math.log(x), 0) / count;
    for (let k = 0; k < count; k++) next[k] /= Math.exp(logMean);
    const change = Math.max(...next.map((x, k) => Math.abs(Math.log(x / p[k]))));
    p = next;
    if (change < 1e-12) break;
  }
  return p;
}

describe('the profile of chatgpt-4o-latest against an independent MM fit of the real counts', () => {
  let records: OpponentRecord[];
  let fit: { models: string[]; strength: Float64Array; pairs: Pair[] };
  beforeAll(async () => {
    const counts = await loadArenaCounts();
    records = opponentRecords(counts, computeLeaderboard(counts, { bootstrapRounds: 0 }), MODEL);
    const { models, pairs } = await pairsFromFile();
    fit = { models, strength: mmFit(models.length, pairs), pairs };
  }, 300_000);

  test('lists every opponent the file gives it, with the observed share of the file', () => {
    const me = fit.models.indexOf(MODEL);
    const mine = fit.pairs.filter((q) => q.i === me || q.j === me);
    expect(records.length).toBe(mine.length);
    expect(records.length).toBeGreaterThan(20);
    for (const q of mine) {
      const other = fit.models[q.i === me ? q.j : q.i];
      const r = records.find((x) => x.opponent === other)!;
      expect(r, other).toBeDefined();
      expect(r.votes, other).toBe(q.n);
      expect(r.observed, other).toBeCloseTo((q.i === me ? q.score : q.n - q.score) / q.n, 12);
    }
  });

  test('predicts each share as the MM fit does, to 0.05 percentage points', () => {
    const strength = (m: string) => fit.strength[fit.models.indexOf(m)];
    let largest = 0;
    for (const r of records) {
      const p = strength(MODEL) / (strength(MODEL) + strength(r.opponent));
      largest = Math.max(largest, Math.abs(r.predicted! - p));
      expect(r.predicted!, r.opponent).toBeCloseTo(p, 3);
    }
    console.log(`largest difference from the MM fit over ${records.length} opponents: ${largest.toExponential(2)}`);
  });
});
