/** yᵀ A y for a symmetric size×size A stored row-major: the variance of a contrast y under covariance A. */
export function quadraticForm(a: Float64Array, size: number, y: Float64Array): number {
  let q = 0;
  for (let r = 0; r < size; r++) {
    if (y[r] === 0) continue;
    let row = 0;
    for (let c = 0; c < size; c++) row += a[r * size + c] * y[c];
    q += y[r] * row;
  }
  return q;
}
