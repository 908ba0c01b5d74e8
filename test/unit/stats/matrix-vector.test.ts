import { describe, expect, it } from 'vitest';
import { choleskyFactor, choleskyInverse, choleskySolve } from '../../../src/core/stats/cholesky.ts';
import { multiplyInto } from '../../../src/core/stats/matrix-vector.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';

/** A v term by term, the definition. */
function naiveProduct(a: Float64Array, n: number, v: Float64Array): number[] {
  return Array.from({ length: n }, (_, i) => {
    let s = 0;
    for (let k = 0; k < n; k++) s += a[i * n + k] * v[k];
    return s;
  });
}

describe('multiplyInto', () => {
  it('is the matrix-vector product for sizes below, at and past a multiple of four', () => {
    const random = seededRandom(11);
    for (const n of [1, 2, 3, 4, 5, 7, 8, 130]) {
      const a = Float64Array.from({ length: n * n }, () => random.next() * 2 - 1);
      const v = Float64Array.from({ length: n }, () => random.next() * 10 - 5);
      const out = new Float64Array(n).fill(Number.NaN);
      multiplyInto(a, n, v, out);
      naiveProduct(a, n, v).forEach((x, i) => expect(out[i]).toBeCloseTo(x, 10));
    }
  });

  it('with a Cholesky inverse, solves as the two triangular solves do (a chord step)', () => {
    // A = B Bᵀ + n I: symmetric positive definite.
    const random = seededRandom(3);
    const n = 9;
    const b = Float64Array.from({ length: n * n }, () => random.next() - 0.5);
    const a = new Float64Array(n * n);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        let s = i === j ? n : 0;
        for (let k = 0; k < n; k++) s += b[i * n + k] * b[j * n + k];
        a[i * n + j] = s;
      }
    const factor = Float64Array.from(a);
    expect(choleskyFactor(factor, n)).toBe(true);
    const g = Float64Array.from({ length: n }, (_, k) => k - 4);
    const solved = Float64Array.from(g);
    choleskySolve(factor, n, solved);
    const step = new Float64Array(n);
    multiplyInto(choleskyInverse(factor, n), n, g, step);
    for (let k = 0; k < n; k++) expect(step[k]).toBeCloseTo(solved[k], 12);
    // And A·step gives g back.
    naiveProduct(a, n, step).forEach((x, i) => expect(x).toBeCloseTo(g[i], 10));
  });
});
