/**
 * Dense products over row-major Float64Arrays: the dot product every dense kernel here is made of
 * (cholesky.ts's factor and solve), and a matrix-vector product.
 */

/**
 * Σ_{k<len} x[p+k]·y[q+k] in four running sums: one sum is a chain of dependent additions that
 * waits on each one's latency, and these dot products are nearly all of a factorisation's time
 * (and of a solve's first half).
 */
export function dot(x: Float64Array, p: number, y: Float64Array, q: number, len: number): number {
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0,
    k = 0;
  for (; k + 3 < len; k += 4) {
    s0 += x[p + k] * y[q + k];
    s1 += x[p + k + 1] * y[q + k + 1];
    s2 += x[p + k + 2] * y[q + k + 2];
    s3 += x[p + k + 3] * y[q + k + 3];
  }
  for (; k < len; k++) s0 += x[p + k] * y[q + k];
  return s0 + s1 + (s2 + s3);
}

/**
 * out = A v for an n×n A stored row-major (out must not be v), row by row. Unlike a triangular
 * solve's rows, each waiting on the value before, these are independent, so they overlap: a chord
 * step's H⁻¹g this way takes three quarters of the time of choleskySolve's two triangular solves
 * (130 models, measured). Two rows at a time took 0.8 of this; not worth a second kernel.
 */
export function multiplyInto(a: Float64Array, n: number, v: Float64Array, out: Float64Array): void {
  for (let i = 0; i < n; i++) out[i] = dot(a, i * n, v, 0, n);
}
