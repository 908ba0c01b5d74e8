import { DuckDBInstance } from '@duckdb/node-api';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import { normal, seededRandom, type Random } from '../../../src/core/stats/random.ts';

import { ARENA_COUNTS } from '../../fixtures/paths.ts';

const WINNER_CODE: Record<string, number> = { model_a: 0, model_b: 1, tie: 2, 'tie (bothbad)': 3 };

/** The real Chatbot Arena counts as PairCounts (models in file order of first appearance, sorted). */
export async function loadArenaCounts(): Promise<PairCounts> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const reader = await connection.runAndReadAll(`select model_a, model_b, winner, "count" from read_parquet('${ARENA_COUNTS}')`);
  const rows = reader.getRowObjects() as { model_a: string; model_b: string; winner: string; count: bigint }[];
  connection.closeSync();
  const models = [...new Set(rows.flatMap((r) => [r.model_a, r.model_b]))].sort();
  const index = new Map(models.map((m, k) => [m, k]));
  return {
    models,
    a: Int32Array.from(rows, (r) => index.get(r.model_a)!),
    b: Int32Array.from(rows, (r) => index.get(r.model_b)!),
    outcome: Uint8Array.from(rows, (r) => WINNER_CODE[r.winner]),
    n: Float64Array.from(rows, (r) => Number(r.count)),
  };
}

/** PairCounts from [a, b, outcome, n] tuples. */
export function countsOf(models: string[], cells: [number, number, number, number][]): PairCounts {
  return {
    models,
    a: Int32Array.from(cells, (c) => c[0]),
    b: Int32Array.from(cells, (c) => c[1]),
    outcome: Uint8Array.from(cells, (c) => c[2]),
    n: Float64Array.from(cells, (c) => c[3]),
  };
}

/** Wins table (wins[i][j] = times i beat j) as PairCounts with i in seat a. */
export function countsFromWinTable(models: string[], wins: number[][]): PairCounts {
  const cells: [number, number, number, number][] = [];
  wins.forEach((row, i) =>
    row.forEach((w, j) => {
      if (w > 0) cells.push([i, j, 0, w]);
    }),
  );
  return countsOf(models, cells);
}

/**
 * Simulated votes from true Elo-scale ratings under Bradley-Terry: `votes` battles between uniformly
 * drawn distinct pairs, a tie with probability `tieRate` (independent of strength), else a winner.
 */
export function simulateVotes(trueRatings: number[], votes: number, random: Random, tieRate = 0): PairCounts {
  const m = trueRatings.length;
  const tally = new Map<string, number>();
  for (let v = 0; v < votes; v++) {
    const a = Math.floor(random.next() * m);
    let b = Math.floor(random.next() * (m - 1));
    if (b >= a) b++;
    let o: number;
    if (random.next() < tieRate) o = 2;
    else o = random.next() < 1 / (1 + 10 ** ((trueRatings[b] - trueRatings[a]) / 400)) ? 0 : 1;
    const key = `${a},${b},${o}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  const cells = [...tally].map(([key, n]) => [...key.split(',').map(Number), n] as [number, number, number, number]);
  return countsOf(
    trueRatings.map((_, k) => `m${k}`),
    cells,
  );
}

/** True ratings spread like a real leaderboard: normal with sd `spread` around 1000. */
export function randomRatings(m: number, spread: number, seed: number): number[] {
  const random = seededRandom(seed);
  return Array.from({ length: m }, () => 1000 + spread * normal(random));
}
