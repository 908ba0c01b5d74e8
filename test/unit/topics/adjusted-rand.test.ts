import { describe, expect, it } from 'vitest';
import { adjustedRand } from '../../../src/core/stats/adjusted-rand.ts';

// Values of scikit-learn's adjusted_rand_score (its docstring and user guide examples).
describe('adjusted Rand index', () => {
  it('matches scikit-learn on its documented examples', () => {
    expect(adjustedRand([0, 0, 1, 1], [0, 0, 1, 1])).toBe(1);
    expect(adjustedRand([0, 0, 1, 1], [1, 1, 0, 0])).toBe(1);
    expect(adjustedRand([0, 0, 1, 2], [0, 0, 1, 1])).toBeCloseTo(0.5714285714, 9);
    expect(adjustedRand([0, 0, 1, 1], [0, 0, 1, 2])).toBeCloseTo(0.5714285714, 9);
    expect(adjustedRand([0, 0, 0, 0], [0, 1, 2, 3])).toBe(0);
    expect(adjustedRand([0, 0, 1, 1], [0, 1, 0, 1])).toBeCloseTo(-0.5, 12);
    expect(adjustedRand([0, 0, 0, 1, 1, 1], [0, 0, 1, 1, 2, 2])).toBeCloseTo(0.2424242424, 9);
  });
});
