/**
 * Percentile of sorted values by linear interpolation between order statistics: Hyndman & Fan
 * (1996) definition 7, the default of R, NumPy and pandas (so FastChat's intervals use it too).
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) throw new RangeError('quantileSorted: no values');
  if (!(p >= 0 && p <= 1)) throw new RangeError(`quantileSorted: p must be in [0, 1], got ${p}`);
  const h = (n - 1) * p,
    lo = Math.floor(h);
  return lo + 1 < n ? sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]) : sorted[lo];
}

/** Inverse empirical CDF (Hyndman & Fan definition 1): the smallest value with F(x) ≥ p; keeps integers integral. */
export function inverseCdfSorted(sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) throw new RangeError('inverseCdfSorted: no values');
  if (!(p >= 0 && p <= 1)) throw new RangeError(`inverseCdfSorted: p must be in [0, 1], got ${p}`);
  return sorted[Math.max(0, Math.ceil(n * p) - 1)];
}
