/**
 * Krippendorff's α for nominal data: agreement of any number of raters on units, beyond chance,
 * with missing ratings allowed (Krippendorff 2011, "Computing Krippendorff's Alpha-Reliability",
 * Annenberg School for Communication, University of Pennsylvania, section C; Hayes & Krippendorff
 * 2007, Communication Methods and Measures 1(1):77-89).
 *
 * `units[u][c]` = raters who gave unit u the value c; m_u = Σ_c n_uc. Only units with m_u ≥ 2 are
 * pairable: a unit rated once cannot show (dis)agreement and drops out. The coincidence matrix
 * counts each ordered pair of values within a unit, weighted 1 / (m_u − 1), so every pairable value
 * counts once:
 *   o_ck = Σ_u n_uc (n_uk − [c = k]) / (m_u − 1),   n_c = Σ_k o_ck,   n = Σ_c n_c
 *   D_o = 1 − Σ_c o_cc / n,   D_e = 1 − Σ_c n_c (n_c − 1) / (n (n − 1)),   α = 1 − D_o / D_e
 * which for nominal data is Krippendorff's
 *   α = [(n − 1) Σ_c o_cc − Σ_c n_c (n_c − 1)] / [n (n − 1) − Σ_c n_c (n_c − 1)].
 * Unlike Fleiss' κ (which averages agreement per item), α pools the pairs of all units, so a unit
 * with more ratings weighs more. When every pairable value is the same, D_e = D_o = 0 and α is 0/0;
 * it is reported as 1 (perfect agreement, no variation), as evalica does, with `expected` = 0 telling
 * the case apart.
 */
export interface KrippendorffAlpha {
  /** Units with at least two ratings. */
  units: number;
  /** Pairable values n: the ratings of those units. */
  values: number;
  /** Observed disagreement D_o. */
  observed: number;
  /** Disagreement expected by chance D_e. */
  expected: number;
  /** null when no unit has two ratings. */
  alpha: number | null;
}

/** α from per-unit value counts; `weights[u]` repeats unit u (identical units counted once, with their number). */
export function krippendorffAlpha(units: readonly (readonly number[])[], weights?: readonly number[]): KrippendorffAlpha {
  const k = units[0]?.length ?? 0;
  if (units.some((r) => r.length !== k)) throw new RangeError('krippendorffAlpha: every unit needs a count per value');
  if (units.some((r) => r.some((x) => !Number.isInteger(x) || x < 0)))
    throw new RangeError('krippendorffAlpha: counts must be whole and non-negative');
  if (weights && (weights.length !== units.length || weights.some((w) => !Number.isFinite(w) || w < 0)))
    throw new RangeError('krippendorffAlpha: one finite, non-negative weight per unit');
  let count = 0;
  let n = 0;
  let diagonal = 0; // Σ_c o_cc
  const totals = new Array<number>(k).fill(0); // n_c
  units.forEach((row, u) => {
    const w = weights?.[u] ?? 1;
    const m = row.reduce((a, b) => a + b, 0);
    if (m < 2 || w === 0) return;
    count += w;
    n += w * m;
    diagonal += (w * row.reduce((s, x) => s + x * (x - 1), 0)) / (m - 1);
    row.forEach((x, c) => (totals[c] += w * x));
  });
  if (count === 0) return { units: 0, values: 0, observed: 0, expected: 0, alpha: null };
  const chance = totals.reduce((s, t) => s + t * (t - 1), 0);
  const observed = 1 - diagonal / n;
  const expected = 1 - chance / (n * (n - 1));
  const alpha = expected <= 1e-12 ? 1 : ((n - 1) * diagonal - chance) / (n * (n - 1) - chance);
  return { units: count, values: n, observed, expected, alpha };
}

/**
 * Per-unit value counts from a raters × units table (rows are raters, as in Krippendorff's
 * reliability data matrix); null, undefined and '' are missing. Values are compared as strings.
 */
export function valueCounts(ratings: readonly (readonly (string | number | null | undefined)[])[]): {
  values: string[];
  units: number[][];
} {
  const width = Math.max(0, ...ratings.map((r) => r.length));
  const values: string[] = [];
  const cells = ratings.map((r) => r.map((v) => (v === null || v === undefined || v === '' ? null : String(v))));
  for (const row of cells) for (const v of row) if (v !== null && !values.includes(v)) values.push(v);
  values.sort();
  const units = Array.from({ length: width }, (_, u) => {
    const counts = new Array<number>(values.length).fill(0);
    for (const row of cells) {
      const v = row[u];
      if (v !== null && v !== undefined) counts[values.indexOf(v)]++;
    }
    return counts;
  });
  return { values, units };
}
