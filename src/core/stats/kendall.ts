/**
 * Kendall's τ-b between two score vectors (Kendall 1945, with ties in either): over the pairs of
 * items both score (finite values),
 *   τ_b = (concordant − discordant) / √((n₀ − ties in x)(n₀ − ties in y)),  n₀ = n(n−1)/2.
 * O(n²), which is nothing for a leaderboard's hundred-odd models. NaN when fewer than two items
 * are scored by both, or when either vector is constant on them.
 */
export function kendallTau(x: ArrayLike<number>, y: ArrayLike<number>): number {
  if (x.length !== y.length) throw new RangeError(`kendallTau: lengths differ (${x.length}, ${y.length})`);
  const keep: number[] = [];
  for (let k = 0; k < x.length; k++) if (Number.isFinite(x[k]) && Number.isFinite(y[k])) keep.push(k);
  let concordant = 0,
    discordant = 0,
    tiesX = 0,
    tiesY = 0,
    pairs = 0;
  for (let p = 0; p < keep.length; p++)
    for (let q = p + 1; q < keep.length; q++) {
      const dx = Math.sign(x[keep[p]] - x[keep[q]]),
        dy = Math.sign(y[keep[p]] - y[keep[q]]);
      pairs++;
      if (dx === 0) tiesX++;
      if (dy === 0) tiesY++;
      if (dx * dy > 0) concordant++;
      else if (dx * dy < 0) discordant++;
    }
  const denominator = Math.sqrt((pairs - tiesX) * (pairs - tiesY));
  return denominator > 0 ? (concordant - discordant) / denominator : NaN;
}
