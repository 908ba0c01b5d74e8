/**
 * Fleiss' kappa: agreement of several raters on items, beyond chance (Fleiss 1971, Psychological
 * Bulletin 76(5):378-382). `items[i][j]` = raters who put item i in category j. Items may have
 * different numbers of raters (a judge's invalid verdict drops out); an item with fewer than two
 * cannot show agreement and is skipped.
 *   P_i = Σ_j n_ij (n_ij − 1) / (n_i (n_i − 1)),   P̄ = mean of P_i
 *   p_j = Σ_i n_ij / Σ_i n_i,   P_e = Σ_j p_j²,   κ = (P̄ − P_e) / (1 − P_e)
 * With every n_i equal this is Fleiss' own statistic.
 */
export interface FleissKappa {
  /** Items with at least two raters. */
  items: number;
  observed: number;
  expected: number;
  /** null when chance agreement is 1 (everyone always in one category) or no item counts. */
  kappa: number | null;
}

export function fleissKappa(items: readonly (readonly number[])[], weights?: readonly number[]): FleissKappa {
  const k = items[0]?.length ?? 0;
  if (items.some((r) => r.length !== k)) throw new RangeError('fleissKappa: every item needs a count per category');
  if (items.some((r) => r.some((x) => !Number.isInteger(x) || x < 0)))
    throw new RangeError('fleissKappa: counts must be whole and non-negative');
  let count = 0;
  let agree = 0;
  let raters = 0;
  const totals = new Array<number>(k).fill(0);
  items.forEach((row, i) => {
    const w = weights?.[i] ?? 1;
    const n = row.reduce((a, b) => a + b, 0);
    if (n < 2 || w <= 0) return;
    count += w;
    agree += (w * row.reduce((s, x) => s + x * (x - 1), 0)) / (n * (n - 1));
    raters += w * n;
    row.forEach((x, j) => (totals[j] += w * x));
  });
  if (count === 0) return { items: 0, observed: 0, expected: 0, kappa: null };
  const observed = agree / count;
  const expected = totals.reduce((s, t) => s + (t / raters) ** 2, 0);
  return { items: count, observed, expected, kappa: 1 - expected < 1e-12 ? null : (observed - expected) / (1 - expected) };
}
