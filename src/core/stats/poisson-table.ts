/**
 * Poisson(μ) by inversion of a table, for a mean drawn many times (a bootstrap draws every cell
 * once a round, and cell counts repeat). The uniform is the generator's 32-bit integer U, so
 * inversion can only tell apart CDF values on the grid j / 2^32: the table holds, for the values k
 * that grid can reach, T(k) = round(2^32·F(k)), and a draw is the smallest k with U < T(k). So
 * P(k) = (T(k) − T(k−1)) / 2^32, within 2^-32 of the Poisson probability for every k (the same
 * resolution as sequential-search inversion from one uniform); values with F(k) < 2^-33 or
 * 1 − F(k−1) < 2^-33 are out of its reach, as they are of any inversion from 32 bits.
 * Where a search of the table starts is the sampler's business (poisson.ts): any start finds the
 * same value.
 */
export interface PoissonTable {
  /** The smallest value the table reaches. */
  lo: number;
  /**
   * T(lo + i) − 1 − 2^31 as a signed 32-bit integer (so compared with U − 2^31 in int32 arithmetic):
   * the draw is lo + the first i with U − 2^31 ≤ thresholds[i]. The last is 2^31 − 1, above every U.
   */
  thresholds: Int32Array;
}

const TWO_32 = 4294967296;
const TWO_31 = 2147483648;
/**
 * Terms below this fraction of the mode's probability are left out: together they move F by less
 * than 1e-17, far below the grid's 2^-32.
 */
const NEGLIGIBLE = 1e-20;

/** Scratch for the terms of one table, grown as needed (tables are built one after another). */
let terms = new Float64Array(1024);

/**
 * The inversion table of Poisson(μ), μ > 0 and finite. Probabilities relative to the mode's,
 * q(k) = p(k) / p(mode), come from the ratios p(k+1) / p(k) = μ / (k + 1) walking out from the mode
 * (no exp or log k! of large arguments, so no cancellation at large μ), until they are negligible;
 * F(k) is their running sum from the far left, divided by their whole sum.
 */
export function poissonTable(mu: number): PoissonTable {
  if (!(mu > 0) || !Number.isFinite(mu)) throw new RangeError(`poissonTable: mean must be finite and > 0, got ${mu}`);
  const mode = Math.floor(mu);
  // q(mode − d) / q(mode) < e^(−d²/2μ) and the right side is not much heavier: 12√μ + 64 values
  // either side reach far past the negligible (the walks stop there, or at 0).
  const reach = Math.ceil(12 * Math.sqrt(mu)) + 64;
  if (terms.length < 2 * reach + 1) terms = new Float64Array(2 * reach + 1);
  let first = reach,
    last = reach,
    total = 1;
  terms[reach] = 1;
  for (let k = mode, q = 1; k > 0 && q >= NEGLIGIBLE && first > 0; k--) total += terms[--first] = q *= k / mu;
  for (let k = mode, q = 1; q >= NEGLIGIBLE && last < 2 * reach; k++) total += terms[++last] = q *= mu / (k + 1);
  const scale = TWO_32 / total;
  const thresholds = new Int32Array(last - first + 1);
  let lo = -1,
    count = 0,
    sum = 0;
  // F(k) · the whole sum, from the far left (the smallest terms first), up to the first k where T reaches 2^32.
  for (let i = first; i <= last; i++) {
    sum += terms[i];
    const t = i === last ? TWO_32 : Math.min(TWO_32, Math.round(sum * scale));
    if (t === 0) continue;
    if (lo < 0) lo = mode - reach + i;
    thresholds[count++] = t - 1 - TWO_31;
    if (t === TWO_32) break;
  }
  return { lo, thresholds: thresholds.subarray(0, count) };
}
