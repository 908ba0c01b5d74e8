import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { competitionRanks, rankScratch, ranksHold } from '../../../src/core/stats/round-ranks.ts';

const ranksOf = (ratings: Float64Array) => {
  const ranks = new Int32Array(ratings.length);
  competitionRanks(
    ratings,
    ranks,
    Array.from({ length: ratings.length }, (_, k) => k),
  );
  return ranks;
};

// Ratings with many ties and values whose sums round (a translation can merge or split a tie).
const ratings = fc.array(fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double({ min: -1e3, max: 1e3, noNaN: true })), {
  minLength: 1,
  maxLength: 40,
});

describe('round ranks', () => {
  it('are competition ranks: 1 + the number of strictly higher ratings', () => {
    fc.assert(
      fc.property(ratings, (values) => {
        const x = Float64Array.from(values);
        const ranks = ranksOf(x);
        x.forEach((v, k) => expect(ranks[k]).toBe(1 + values.filter((w) => w > v).length));
      }),
    );
  });

  it('hold after the ratings move exactly when ranking the moved ratings again gives them', () => {
    fc.assert(
      fc.property(
        ratings,
        fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.constant(0.1), fc.constant(1e16)),
        fc.boolean(),
        (values, shift, shuffle) => {
          const before = Float64Array.from(values);
          const ranks = ranksOf(before);
          // A translation (what a new anchor does), or other ratings altogether.
          const after = shuffle ? Float64Array.from(values).reverse() : before.map((v) => v + shift);
          const expected = ranksOf(after).every((r, k) => r === ranks[k]);
          expect(ranksHold(after, ranks, rankScratch(values.length))).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });
});
