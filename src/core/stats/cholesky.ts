/**
 * Dense Cholesky factorisation A = L Lᵀ of a symmetric positive-definite n×n matrix stored
 * row-major in a Float64Array (Golub & Van Loan, Matrix Computations, alg. 4.2.1).
 * The factor overwrites the lower triangle; returns false if A is not positive definite.
 */
export function choleskyFactor(a: Float64Array, n: number): boolean {
  if (a.length < n * n) throw new RangeError(`choleskyFactor: matrix has ${a.length} entries, need ${n * n}`);
  for (let j = 0; j < n; j++) {
    const rj = j * n;
    let d = a[rj + j];
    for (let k = 0; k < j; k++) d -= a[rj + k] * a[rj + k];
    if (!(d > 0)) return false;
    const ljj = Math.sqrt(d);
    a[rj + j] = ljj;
    for (let i = j + 1; i < n; i++) {
      const ri = i * n;
      let s = a[ri + j];
      for (let k = 0; k < j; k++) s -= a[ri + k] * a[rj + k];
      a[ri + j] = s / ljj;
    }
  }
  return true;
}

/** Solves L Lᵀ x = b in place (b becomes x), given the factor from choleskyFactor. */
export function choleskySolve(l: Float64Array, n: number, b: Float64Array): void {
  for (let i = 0; i < n; i++) {
    const ri = i * n;
    let s = b[i];
    for (let k = 0; k < i; k++) s -= l[ri + k] * b[k];
    b[i] = s / l[ri + i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let s = b[i];
    for (let k = i + 1; k < n; k++) s -= l[k * n + i] * b[k];
    b[i] = s / l[i * n + i];
  }
}
