import { describe, expect, it } from 'vitest';
import { inverseCdfSorted, quantileSorted } from '../../../src/core/stats/percentile.ts';

describe('percentiles', () => {
  it('interpolates linearly like numpy.quantile and R type 7', () => {
    // numpy.quantile([1, 2, 3, 4], [0.025, 0.5, 0.975]) -> [1.075, 2.5, 3.925]
    expect(quantileSorted([1, 2, 3, 4], 0.025)).toBeCloseTo(1.075, 12);
    expect(quantileSorted([1, 2, 3, 4], 0.5)).toBeCloseTo(2.5, 12);
    expect(quantileSorted([1, 2, 3, 4], 0.975)).toBeCloseTo(3.925, 12);
  });

  it('takes the smallest value whose empirical CDF reaches p, like R type 1', () => {
    // R: quantile(1:40, c(0.025, 0.975), type = 1) -> 1, 39
    const values = Array.from({ length: 40 }, (_, k) => k + 1);
    expect(inverseCdfSorted(values, 0.025)).toBe(1);
    expect(inverseCdfSorted(values, 0.975)).toBe(39);
  });

  it('refuses an empty sample', () => expect(() => quantileSorted([], 0.5)).toThrow(/quantileSorted: no values/));
});
