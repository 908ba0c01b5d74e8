import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';

const WINNER_CODE: Record<string, number> = { model_a: 0, model_b: 1, tie: 2, 'tie (bothbad)': 3 };

/** static-data/pair-counts.csv (two disconnected groups) as PairCounts, models sorted by name. */
export function pairCountsSample(): PairCounts {
  const lines = readFileSync(resolve('static-data/pair-counts.csv'), 'utf8')
    .trim()
    .split(/\r?\n/)
    .slice(1)
    .map((l) => l.split(','));
  const models = [...new Set(lines.flatMap((l) => [l[0], l[1]]))].sort();
  const index = new Map(models.map((m, k) => [m, k]));
  return {
    models,
    a: Int32Array.from(lines, (l) => index.get(l[0])!),
    b: Int32Array.from(lines, (l) => index.get(l[1])!),
    outcome: Uint8Array.from(lines, (l) => WINNER_CODE[l[2]]),
    n: Float64Array.from(lines, (l) => Number(l[3])),
  };
}

export const PLANTED_GROUPS = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8')).samples['pair-counts.csv'].planted
  .components as string[][];
