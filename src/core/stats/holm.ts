/**
 * Holm's step-down adjustment (Holm 1979, "A simple sequentially rejective multiple test
 * procedure", Scand. J. Statist. 6:65–70): sort the K p-values p_(1) ≤ … ≤ p_(K); the adjusted
 * p̃_(i) = max_{t ≤ i} min(1, (K − t + 1)·p_(t)). Rejecting where p̃ < α controls the
 * family-wise error rate at α for any dependence between the tests, and is never less powerful
 * than Bonferroni. null entries are not tests (left null, not counted in K).
 */
export function holmAdjust(p: readonly (number | null)[]): (number | null)[] {
  const idx = p.flatMap((v, k) => (v === null ? [] : [k])).sort((x, y) => p[x]! - p[y]! || x - y);
  const K = idx.length;
  const out: (number | null)[] = new Array(p.length).fill(null);
  let running = 0;
  idx.forEach((k, t) => {
    running = Math.max(running, Math.min(1, (K - t) * p[k]!));
    out[k] = running;
  });
  return out;
}
