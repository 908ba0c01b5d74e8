export interface Kappa {
  /** Items rated by both (the table total). */
  n: number;
  /** Observed agreement. */
  observed: number;
  /** Agreement expected by chance from the margins. */
  expected: number;
  /** null when chance agreement is 1 (both raters constant) or the table is empty. */
  kappa: number | null;
  lower: number | null;
  upper: number | null;
}

/**
 * Cohen's kappa of a k×k table (rows: first rater, columns: second) with a 95% interval from the
 * large-sample variance of Fleiss, Cohen & Everitt (1969), Psychological Bulletin 72(5):323-327:
 *   κ = (p_o − p_e) / (1 − p_e)
 *   var κ = [Σ_i p_ii (1 − (p_i· + p_·i)(1 − κ))² + (1 − κ)² Σ_{i≠j} p_ij (p_·i + p_j·)² − (κ − p_e(1 − κ))²] / (n (1 − p_e)²)
 */
export function cohenKappa(table: readonly (readonly number[])[], z = 1.959963984540054): Kappa {
  const k = table.length;
  if (table.some((r) => r.length !== k)) throw new RangeError('cohenKappa: the table must be square');
  if (table.some((r) => r.some((x) => !Number.isFinite(x) || x < 0)))
    throw new RangeError('cohenKappa: counts must be finite and non-negative');
  const n = table.reduce((s, r) => s + r.reduce((a, b) => a + b, 0), 0);
  const empty: Kappa = { n, observed: 0, expected: 0, kappa: null, lower: null, upper: null };
  if (n === 0) return empty;
  const p = table.map((r) => r.map((x) => x / n));
  const row = p.map((r) => r.reduce((a, b) => a + b, 0));
  const col = p[0].map((_, j) => p.reduce((s, r) => s + r[j], 0));
  const po = p.reduce((s, r, i) => s + r[i], 0);
  const pe = row.reduce((s, r, i) => s + r * col[i], 0);
  if (1 - pe < 1e-12) return { ...empty, observed: po, expected: pe };
  const kappa = (po - pe) / (1 - pe);
  let a = 0;
  let b = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j) a += p[i][i] * (1 - (row[i] + col[i]) * (1 - kappa)) ** 2;
      else b += p[i][j] * (col[i] + row[j]) ** 2;
    }
  }
  const variance = Math.max(0, (a + (1 - kappa) ** 2 * b - (kappa - pe * (1 - kappa)) ** 2) / (n * (1 - pe) ** 2));
  const se = Math.sqrt(variance);
  return { n, observed: po, expected: pe, kappa, lower: Math.max(-1, kappa - z * se), upper: Math.min(1, kappa + z * se) };
}
