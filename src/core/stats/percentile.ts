/**
 * Percentile of sorted values by linear interpolation between order statistics: Hyndman & Fan
 * (1996) definition 7, the default of R, NumPy and pandas (so FastChat's intervals use it too).
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number {
  const { h, lo } = quantilePosition('quantileSorted', sorted.length, p);
  return lo + 1 < sorted.length ? sorted[lo] + (h - lo) * (sorted[lo + 1] - sorted[lo]) : sorted[lo];
}

/** Inverse empirical CDF (Hyndman & Fan definition 1): the smallest value with F(x) ≥ p; keeps integers integral. */
export function inverseCdfSorted(sorted: ArrayLike<number>, p: number): number {
  return sorted[inverseCdfIndex('inverseCdfSorted', sorted.length, p)];
}

/** quantileSorted of `values` without sorting them (selectInPlace reorders them). */
export function quantileInPlace(values: Float64Array, p: number): number {
  const n = values.length;
  const { h, lo } = quantilePosition('quantileInPlace', n, p);
  const below = selectInPlace(values, lo);
  if (lo + 1 >= n) return below;
  // The next order statistic is the smallest of what the selection left after lo.
  let above = values[lo + 1];
  for (let k = lo + 2; k < n; k++) if (values[k] < above) above = values[k];
  return below + (h - lo) * (above - below);
}

/** inverseCdfSorted of `values` without sorting them (selectInPlace reorders them). */
export function inverseCdfInPlace(values: Float64Array, p: number): number {
  return selectInPlace(values, inverseCdfIndex('inverseCdfInPlace', values.length, p));
}

/**
 * The k-th smallest (0-based) of `values`, found by partitioning in place (Hoare's selection,
 * median-of-three pivot): the number a sort would put at k, in linear expected time. `values` is
 * reordered: afterwards values[k] holds it, none before it larger, none after smaller.
 * NaN has no place in an order: values must not hold it.
 */
export function selectInPlace(values: Float64Array, k: number): number {
  if (!(Number.isInteger(k) && k >= 0 && k < values.length))
    throw new RangeError(`selectInPlace: k must be an index in [0, ${values.length}), got ${k}`);
  let lo = 0,
    hi = values.length - 1;
  while (lo < hi) {
    const a = values[lo],
      b = values[(lo + hi) >>> 1],
      c = values[hi];
    const pivot = a < b ? (b < c ? b : a < c ? c : a) : a < c ? a : b < c ? c : b;
    let i = lo,
      j = hi;
    // Values equal to the pivot stop both scans and are swapped: many ties split evenly.
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const t = values[i];
        values[i++] = values[j];
        values[j--] = t;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break; // j < k < i: values[k] equals the pivot, in place
  }
  return values[k];
}

/** Where definition 7 interpolates: between order statistics lo and lo + 1, at h. */
function quantilePosition(caller: string, n: number, p: number): { h: number; lo: number } {
  checkSample(caller, n, p);
  const h = (n - 1) * p;
  return { h, lo: Math.floor(h) };
}

/** The order statistic definition 1 takes: the first whose empirical CDF reaches p. */
function inverseCdfIndex(caller: string, n: number, p: number): number {
  checkSample(caller, n, p);
  return Math.max(0, Math.ceil(n * p) - 1);
}

function checkSample(caller: string, n: number, p: number): void {
  if (n === 0) throw new RangeError(`${caller}: no values`);
  if (!(p >= 0 && p <= 1)) throw new RangeError(`${caller}: p must be in [0, 1], got ${p}`);
}
