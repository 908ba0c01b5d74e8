import { describe, expect, it } from 'vitest';
import { bootstrapRatings } from '../../../src/core/stats/bootstrap.ts';
import { fitBradleyTerry } from '../../../src/core/stats/bradley-terry.ts';
import { dropModelsBelow } from '../../../src/core/stats/min-votes.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import { seededRandom, type Random } from '../../../src/core/stats/random.ts';
import { countsOf, randomRatings } from './fixtures.ts';

/**
 * A category slice as LMArena's are: ~1,000 votes over 60 models whose popularity falls off like
 * a real arena's (weight 1/(k+1)^0.8), so a handful of models have 60–150 votes and most have 10–30.
 * Nearly every resample then has some model that won or lost all its votes. No ties: with ties
 * scored as half a win, Bradley-Terry's ratings are not the generating ones (a tie pulls both
 * towards each other), so coverage of the truth would test the tie rule, not the intervals.
 */
function smallSlice(truth: number[], votes: number, random: Random): PairCounts {
  const m = truth.length;
  const weight = truth.map((_, k) => 1 / (k + 1) ** 0.8);
  const total = weight.reduce((s, w) => s + w, 0);
  const pick = () => {
    let u = random.next() * total;
    for (let k = 0; k < m; k++) if ((u -= weight[k]) < 0) return k;
    return m - 1;
  };
  const tally = new Map<string, number>();
  for (let v = 0; v < votes; v++) {
    const a = pick();
    let b = pick();
    while (b === a) b = pick();
    const o = random.next() < 1 / (1 + 10 ** ((truth[b] - truth[a]) / 400)) ? 0 : 1;
    const key = `${a},${b},${o}`;
    tally.set(key, (tally.get(key) ?? 0) + 1);
  }
  return countsOf(
    truth.map((_, k) => `m${k}`),
    [...tally].map(([key, n]) => [...key.split(',').map(Number), n] as [number, number, number, number]),
  );
}

/** Coverage of the true ratings (against the mean of the group rated) by models with ≥ 50 votes, and whether every interval is finite. */
function coverage(runs: number, minVotes: number) {
  let covered = 0,
    total = 0,
    finite = true;
  for (let run = 0; run < runs; run++) {
    const truth = randomRatings(60, 100, 500 + run);
    const kept = dropModelsBelow(smallSlice(truth, 1000, seededRandom(900 + run)), minVotes);
    const counts = kept.counts;
    const trueOf = counts.models.map((name) => truth[Number(name.slice(1))]);
    const fit = fitBradleyTerry(counts);
    const intervals = bootstrapRatings(fit, undefined, { rounds: 200, seed: run });
    const votes = new Float64Array(counts.models.length);
    counts.a.forEach((a, c) => {
      votes[a] += counts.n[c];
      votes[counts.b[c]] += counts.n[c];
    });
    for (const g of fit.groups) {
      const members = Array.from(g.members);
      const mean = members.reduce((s, k) => s + trueOf[k], 0) / members.length;
      for (const k of members) {
        const lo = intervals.lower[k],
          hi = intervals.upper[k];
        if (lo === null || hi === null || !Number.isFinite(lo) || !Number.isFinite(hi)) finite = false;
        if (votes[k] < 50) continue;
        total++;
        const target = trueOf[k] - mean + 1000;
        if (lo! <= target && target <= hi!) covered++;
      }
    }
  }
  return { share: covered / total, total, finite };
}

describe('bootstrap intervals on small slices (the weak prior in every round)', () => {
  it('give every rated model a finite interval, and cover the true ratings of well-sampled models about 95% of the time', () => {
    // Every model in the fit, as a board without a minimum: the thin ones make nearly every resample fragile.
    const all = coverage(50, 0);
    // The page's category board: models under 50 votes left out first (stats/min-votes.ts).
    const board = coverage(120, 50);
    console.log(
      `small slices: coverage ${(100 * all.share).toFixed(1)}% of ${all.total} model-runs with ≥ 50 votes, every model fitted; ` +
        `${(100 * board.share).toFixed(1)}% of ${board.total} with models under 50 votes left out`,
    );
    expect(all.finite && board.finite).toBe(true);
    expect(all.total).toBeGreaterThan(300);
    expect(board.total).toBeGreaterThan(300);
    for (const c of [all, board]) {
      expect(c.share).toBeGreaterThanOrEqual(0.92);
      expect(c.share).toBeLessThanOrEqual(0.98);
    }
  });
});
