import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitBradleyTerry } from '../../../src/core/stats/bradley-terry.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import { predictedWinMatrix } from '../../../src/core/stats/predicted.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { randomRatings, simulateVotes } from './fixtures.ts';

/** Strongly connected data sets: every ordered pair gets one decisive vote each way, plus random votes. */
const datasets = fc
  .record({ m: fc.integer({ min: 2, max: 8 }), votes: fc.integer({ min: 0, max: 400 }), seed: fc.integer() })
  .map(({ m, votes, seed }) => {
    const random = seededRandom(seed);
    const simulated = simulateVotes(randomRatings(m, 150, seed), votes, random, 0.2);
    const base: number[][] = [];
    for (let i = 0; i < m; i++) for (let j = 0; j < m; j++) if (i !== j) base.push([i, j, 0, 1]);
    const outcome = Uint8Array.from([...base.map((c) => c[2]), ...simulated.outcome]);
    for (let c = 0; c < outcome.length; c++) if (random.next() < 0.2) outcome[c] = 3;
    return {
      models: simulated.models,
      a: Int32Array.from([...base.map((c) => c[0]), ...simulated.a]),
      b: Int32Array.from([...base.map((c) => c[1]), ...simulated.b]),
      outcome,
      n: Float64Array.from([...base.map((c) => c[3]), ...simulated.n]),
    } satisfies PairCounts;
  });

const TOLERANCE = 1e-6;

describe('Bradley-Terry invariances', () => {
  it('relabelling the models permutes the ratings and changes nothing else', () => {
    fc.assert(
      fc.property(datasets, fc.integer(), (counts, seed) => {
        const m = counts.models.length;
        const random = seededRandom(seed);
        const perm = Array.from({ length: m }, (_, k) => k);
        for (let k = m - 1; k > 0; k--) {
          const r = Math.floor(random.next() * (k + 1));
          [perm[k], perm[r]] = [perm[r], perm[k]];
        }
        const models = new Array<string>(m);
        perm.forEach((to, from) => {
          models[to] = counts.models[from];
        });
        const relabelled = { ...counts, models, a: counts.a.map((x) => perm[x]), b: counts.b.map((x) => perm[x]) };
        const before = fitBradleyTerry(counts).ratings,
          after = fitBradleyTerry(relabelled).ratings;
        perm.forEach((to, from) => expect(Math.abs(after[to]! - before[from]!)).toBeLessThan(TOLERANCE));
      }),
      { numRuns: 50 },
    );
  });

  it('swapping seats with mirrored outcomes leaves every rating unchanged', () => {
    fc.assert(
      fc.property(datasets, (counts) => {
        const mirrored = { ...counts, a: counts.b, b: counts.a, outcome: counts.outcome.map((o) => (o === 0 ? 1 : o === 1 ? 0 : o)) };
        const before = fitBradleyTerry(counts).ratings,
          after = fitBradleyTerry(mirrored).ratings;
        before.forEach((r, k) => expect(Math.abs(after[k]! - r!)).toBeLessThan(TOLERANCE));
      }),
      { numRuns: 50 },
    );
  });

  it('scaling every count by a constant leaves every rating unchanged', () => {
    fc.assert(
      fc.property(datasets, fc.double({ min: 0.01, max: 1000, noNaN: true }), (counts, factor) => {
        const before = fitBradleyTerry(counts).ratings,
          after = fitBradleyTerry({ ...counts, n: counts.n.map((n) => n * factor) }).ratings;
        before.forEach((r, k) => expect(Math.abs(after[k]! - r!)).toBeLessThan(TOLERANCE));
      }),
      { numRuns: 50 },
    );
  });

  it('adding a constant to all ratings changes no predicted probability', () => {
    const ratings = fc.array(fc.double({ min: 0, max: 3000, noNaN: true }), { minLength: 2, maxLength: 10 });
    fc.assert(
      fc.property(ratings, fc.double({ min: -5000, max: 5000, noNaN: true }), (r, shift) => {
        const before = predictedWinMatrix(r),
          after = predictedWinMatrix(r.map((x) => x + shift));
        before.forEach((row, i) =>
          row.forEach((p, j) => (p === null ? expect(after[i][j]).toBeNull() : expect(Math.abs(after[i][j]! - p)).toBeLessThan(1e-9))),
        );
      }),
    );
  });

  it('anchoring a model shifts every rating of its group by the same amount', () => {
    fc.assert(
      fc.property(datasets, fc.double({ min: 0, max: 2000, noNaN: true }), (counts, value) => {
        const mean = fitBradleyTerry(counts).ratings;
        const anchored = fitBradleyTerry(counts, { anchor: { model: counts.models[0], value } }).ratings;
        expect(anchored[0]).toBeCloseTo(value, 9);
        mean.forEach((r, k) => expect(Math.abs(anchored[k]! - r! - (value - mean[0]!))).toBeLessThan(TOLERANCE));
      }),
      { numRuns: 30 },
    );
  });
});
