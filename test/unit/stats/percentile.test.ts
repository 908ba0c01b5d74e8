import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { inverseCdfInPlace, inverseCdfSorted, quantileInPlace, quantileSorted, selectInPlace } from '../../../src/core/stats/percentile.ts';

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

describe('percentiles without sorting', () => {
  // Few distinct values (ties, as in rank columns and an anchored model's ratings) and many.
  const samples = fc.oneof(
    fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 300 }),
    fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 300 }),
  );
  const share = fc.double({ min: 0, max: 1, noNaN: true });

  it('give exactly what a sort gives: every order statistic, the interpolated quantile, the inverse CDF', () => {
    fc.assert(
      fc.property(samples, share, (values, p) => {
        const sorted = Float64Array.from(values).sort();
        const k = Math.min(values.length - 1, Math.floor(p * values.length));
        const scratch = Float64Array.from(values);
        expect(selectInPlace(scratch, k)).toBe(sorted[k]);
        expect(Float64Array.from(scratch).sort()).toEqual(sorted);
        for (let i = 0; i < k; i++) expect(scratch[i]).toBeLessThanOrEqual(scratch[k]);
        for (let i = k + 1; i < values.length; i++) expect(scratch[i]).toBeGreaterThanOrEqual(scratch[k]);
        expect(quantileInPlace(Float64Array.from(values), p)).toBe(quantileSorted(sorted, p));
        expect(inverseCdfInPlace(Float64Array.from(values), p)).toBe(inverseCdfSorted(sorted, p));
      }),
      { numRuns: 500 },
    );
  });

  it('take the second quantile from the array the first one reordered', () => {
    const values = Float64Array.from({ length: 1000 }, (_, k) => (k * 7919) % 1000);
    expect([quantileInPlace(values, 0.025), quantileInPlace(values, 0.975)]).toEqual([24.975, 974.025]);
  });

  it('refuse an index outside the range and an empty sample', () => {
    expect(() => selectInPlace(new Float64Array(3), 3)).toThrow(/selectInPlace: k must be an index in \[0, 3\), got 3/);
    expect(() => quantileInPlace(new Float64Array(0), 0.5)).toThrow(/quantileInPlace: no values/);
  });
});
