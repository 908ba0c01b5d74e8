import { describe, expect, it } from 'vitest';
import { RatingBootstrap } from '../../../src/core/stats/bootstrap.ts';
import { fitBradleyTerry } from '../../../src/core/stats/bradley-terry.ts';
import { holmAdjust } from '../../../src/core/stats/holm.ts';
import { computeLeaderboard } from '../../../src/core/stats/leaderboard.ts';
import { normalCdf, normalQuantile } from '../../../src/core/stats/normal.ts';
import { pairwiseAboveShare } from '../../../src/core/stats/pairwise-confidence.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { orderSignal } from '../../../src/core/stats/signal.ts';
import { assignTiers, type TierInput } from '../../../src/core/stats/tiers.ts';
import { countsOf, randomRatings, simulateVotes } from './fixtures.ts';

const row = (rating: number | null, lower: number | null, upper: number | null, group: number | null = 0): TierInput => ({
  rating,
  lower,
  upper,
  group,
});

describe('tiers by comparIA’s rule on a hand-checked board', () => {
  // Checked by hand, top down. A opens tier 1 with anchor 1080. B's upper 1110 ≥ 1080: tier 1.
  // C's upper 1079 < 1080: opens tier 2, anchor 1050. D (upper 1100): tier 2. E's upper 1062 ≥ 1050:
  // tier 2 — an anchor that moved to D's lower bound (1065) would have opened tier 3 here.
  // F's upper 1049 < 1050: tier 3, anchor 980; G (upper 1030): tier 3. H is alone in group 1.
  const board = [
    row(1100, 1080, 1120),
    row(1090, 1070, 1110),
    row(1075, 1050, 1079),
    row(1070, 1065, 1100),
    row(1060, 1045, 1062),
    row(1000, 980, 1049),
    row(990, 950, 1030),
    row(1000, 900, 1100, 1),
    row(null, null, null, null),
  ];

  it('walks from the top with an anchor that never moves, restarting in each comparison group', () => {
    expect(assignTiers(board)).toEqual([1, 1, 2, 2, 2, 3, 3, 1, null]);
  });

  it('counts an upper bound exactly at the anchor as reaching it', () => {
    expect(assignTiers([row(10, 5, 15), row(9, 1, 5)])).toEqual([1, 1]);
    expect(assignTiers([row(10, 5, 15), row(9, 1, 4.999)])).toEqual([1, 2]);
  });

  it('does not depend on the order of the rows given, nor on which rows a table shows', () => {
    const shuffled = [6, 2, 8, 0, 4, 1, 7, 3, 5].map((k) => board[k]);
    expect(assignTiers(shuffled)).toEqual([3, 2, null, 1, 2, 1, 1, 2, 3]);
  });

  it('leaves models without an interval out', () => {
    expect(assignTiers([row(10, null, null), row(9, 8, 10)])).toEqual([null, 1]);
  });
});

describe('how much of the order is signal', () => {
  it('counts the adjacent pairs whose intervals do not overlap, per group', () => {
    const signal = orderSignal([
      row(1100, 1080, 1120),
      row(1090, 1070, 1110),
      row(1050, 1040, 1060),
      row(900, 880, 920),
      row(1000, 900, 1100, 1),
      row(990, 980, 1000, 1),
    ]);
    // Group 0 in order: 1100–1090 overlap; 1090–1050 separated (1070 > 1060); 1050–900 separated. Group 1 overlaps.
    expect(signal).toEqual({ adjacentPairs: 4, separatedPairs: 2, models: 6, separatedModels: 2 });
  });

  it('is null while intervals are still missing', () => {
    expect(orderSignal([row(1, null, null), row(0, null, null)])).toBeNull();
  });
});

describe('pairwise confidence', () => {
  it('counts, for every pair, the share of draws in which the row model is above (ties half)', () => {
    // Three rounds of three models.
    const draws = [3, 2, 1, 1, 2, 3, 2, 2, 0];
    const share = pairwiseAboveShare(draws, 3, 3);
    expect(share[0 * 3 + 1]).toBeCloseTo((1 + 0 + 0.5) / 3, 12);
    expect(share[1 * 3 + 0]).toBeCloseTo((0 + 1 + 0.5) / 3, 12);
    expect(share[0 * 3 + 2]).toBeCloseTo(2 / 3, 12);
    expect(Number.isNaN(share[4])).toBe(true);
  });

  it('gives the same shares as comparing every pair in every round (separated, overlapping, tied, NaN draws)', () => {
    // Models spread so some pairs never cross and others often do; draws rounded so ties happen.
    const m = 9,
      rounds = 50,
      random = seededRandom(8);
    const draws = new Float64Array(rounds * m);
    for (let r = 0; r < rounds; r++)
      for (let i = 0; i < m; i++) draws[r * m + i] = i === 6 && r === 17 ? NaN : Math.round(30 * (i % 5) + 40 * random.next());
    const share = pairwiseAboveShare(draws, rounds, m);
    let separated = 0,
      crossing = 0;
    for (let i = 0; i < m; i++)
      for (let j = i + 1; j < m; j++) {
        let halves = 0;
        for (let r = 0; r < rounds; r++) {
          const xi = draws[r * m + i],
            xj = draws[r * m + j];
          halves += xi > xj ? 2 : xi === xj ? 1 : 0;
        }
        expect(share[i * m + j]).toBe(halves / (2 * rounds));
        expect(share[j * m + i]).toBe((2 * rounds - halves) / (2 * rounds));
        if (halves === 0 || halves === 2 * rounds) separated++;
        else crossing++;
      }
    expect(separated).toBeGreaterThan(0);
    expect(crossing).toBeGreaterThan(0);
  });

  it('agrees with the bootstrap draws themselves, and with non-overlapping intervals', () => {
    const counts = simulateVotes(randomRatings(7, 80, 21), 3000, seededRandom(21), 0.2);
    const fit = fitBradleyTerry(counts);
    const run = new RatingBootstrap(fit, undefined, { rounds: 400, seed: 3 });
    run.runRounds(400);
    const above = run.pairwiseAbove();
    const intervals = run.intervals();
    const n = fit.models.length;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        if (i === j) continue;
        const di = run.drawsOf(i)!,
          dj = run.drawsOf(j)!;
        const count = di.reduce((s, x, r) => s + (x > dj[r] ? 1 : x === dj[r] ? 0.5 : 0), 0);
        expect(above[i * n + j]).toBeCloseTo(count / 400, 12);
        expect(above[i * n + j] + above[j * n + i]).toBeCloseTo(1, 12);
        // lower_i > upper_j means x_i > x_j in at least 95% of rounds (at most 2.5% miss each bound).
        if (intervals.lower[i]! > intervals.upper[j]!) expect(above[i * n + j]).toBeGreaterThanOrEqual(0.95);
      }
  });

  it('is on the finished leaderboard, empty across comparison groups', () => {
    const board = computeLeaderboard(
      countsOf(
        ['a', 'b', 'c', 'd'],
        [
          [0, 1, 0, 5],
          [0, 1, 1, 3],
          [2, 3, 0, 4],
          [2, 3, 1, 4],
        ],
      ),
      { bootstrapRounds: 50 },
    );
    const p = board.pairwise!;
    expect(p.rounds).toBe(50);
    expect(p.above[0 * 4 + 1]).toBeGreaterThan(0.5);
    expect(Number.isNaN(p.above[0 * 4 + 2])).toBe(true);
  });
});

describe('Holm’s adjustment', () => {
  it('matches R’s p.adjust(c(0.01, 0.04, 0.03, 0.005), "holm")', () => {
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((v, k) => expect(adjusted[k]).toBeCloseTo(v, 12));
  });

  it('skips nulls and caps at 1', () => {
    expect(holmAdjust([null, 0.6, 0.5])).toEqual([null, 1, 1]);
  });
});

describe('the normal distribution', () => {
  it('matches published values of Φ and Φ⁻¹', () => {
    expect(normalCdf(0)).toBeCloseTo(0.5, 15);
    expect(normalCdf(-3)).toBeCloseTo(0.0013498980316301, 15);
    expect(normalCdf(1.959963984540054)).toBeCloseTo(0.975, 14);
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963984540054, 12);
    expect(normalQuantile(1e-10)).toBeCloseTo(-6.361340902404056, 9);
    expect(normalQuantile(0.5)).toBeCloseTo(0, 14);
  });
});
