import { dot } from './matrix-vector.ts';

/**
 * Dense Cholesky factorisation A = L Lᵀ of a symmetric positive-definite n×n matrix stored
 * row-major in a Float64Array (Golub & Van Loan, Matrix Computations, alg. 4.2.1).
 * The factor overwrites the lower triangle; returns false if A is not positive definite.
 */
export function choleskyFactor(a: Float64Array, n: number): boolean {
  if (a.length < n * n) throw new RangeError(`choleskyFactor: matrix has ${a.length} entries, need ${n * n}`);
  for (let j = 0; j < n; j++) {
    const rj = j * n;
    const d = a[rj + j] - dot(a, rj, a, rj, j);
    if (!(d > 0)) return false;
    const ljj = Math.sqrt(d);
    a[rj + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      const ri = i * n;
      a[ri + j] = (a[ri + j] - dot(a, ri, a, rj, j)) / ljj;
    }
  }
  return true;
}

/** Solves L Lᵀ x = b in place (b becomes x), given the factor from choleskyFactor. */
export function choleskySolve(l: Float64Array, n: number, b: Float64Array): void {
  // L y = b by rows of L.
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    b[i] = (b[i] - dot(l, ri, b, 0, i)) / l[ri + i];
  }
  // Lᵀ x = y by columns of Lᵀ, i.e. rows of L: contiguous reads (by rows of Lᵀ they stride down L).
  for (let i = n - 1; i >= 0; i--) {
    const ri = i * n;
    const xi = (b[i] /= l[ri + i]);
    if (xi !== 0) for (let k = 0; k < i; k++) b[k] -= l[ri + k] * xi;
  }
}

/**
 * A⁻¹ (row-major, new array) from the factor of choleskyFactor: L Lᵀ X = I solved for all columns
 * at once, row by row, so the inner loops run along contiguous rows (n solves one by one stride
 * down columns of L and cost several times more).
 */
export function choleskyInverse(l: Float64Array, n: number): Float64Array {
  const x = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    x[ri + i] = 1;
    for (let k = 0; k < i; k++) {
      const f = l[ri + k];
      if (f === 0) continue;
      for (let c = 0, rk = k * n; c <= k; c++) x[ri + c] -= f * x[rk + c];
    }
    const d = l[ri + i];
    for (let c = 0; c <= i; c++) x[ri + c] /= d;
  }
  for (let i = n - 1; i >= 0; i--) {
    const ri = i * n;
    for (let k = i + 1; k < n; k++) {
      const f = l[k * n + i];
      if (f === 0) continue;
      for (let c = 0, rk = k * n; c < n; c++) x[ri + c] -= f * x[rk + c];
    }
    const d = l[ri + i];
    for (let c = 0; c < n; c++) x[ri + c] /= d;
  }
  return x;
}
