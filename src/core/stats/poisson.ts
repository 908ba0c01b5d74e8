import type { Xoshiro128 } from './random.ts';

/**
 * Exact Poisson(μ) variates. μ < 10: inversion by sequential search (Devroye 1986, X.3.3).
 * μ ≥ 10: PTRS, transformed rejection with squeeze (Hörmann 1993, "The transformed rejection
 * method for generating Poisson random variables", Insurance: Math. & Econ. 12, 39–45), the
 * algorithm NumPy uses. Per-mean constants are precomputed once for the many repeated draws
 * of a bootstrap: for inversion the CDF itself (summed term by term as the search would, so the
 * same draws without a division a step), for PTRS a table of log k! (a third of its trials need
 * one). The draws are most of a bootstrap round's time.
 */
export class PoissonSampler {
  readonly means: Float64Array;
  private readonly a: Float64Array;
  private readonly b: Float64Array;
  private readonly logInvAlpha: Float64Array;
  private readonly vr: Float64Array;
  private readonly logMean: Float64Array;
  /** μ < 10: where cell c's CDF starts in `cdf`, and its length (see inversionCdf). */
  private readonly cdfStart: Int32Array;
  private readonly cdfLength: Int32Array;
  private readonly cdf: Float64Array;
  /** log k! for every k a PTRS trial of these means is likely to reach (beyond: logFactorial). */
  private readonly logFactorials: Float64Array;
  private readonly one = new Float64Array(1);

  constructor(means: ArrayLike<number>) {
    const n = means.length;
    this.means = Float64Array.from(means);
    this.a = new Float64Array(n);
    this.b = new Float64Array(n);
    this.logInvAlpha = new Float64Array(n);
    this.vr = new Float64Array(n);
    this.logMean = new Float64Array(n);
    this.cdfStart = new Int32Array(n);
    this.cdfLength = new Int32Array(n);
    // Cells of one mean share its CDF (vote counts repeat: a few small means over thousands of cells).
    const cdfs = new Map<number, { start: number; terms: number[] }>();
    let cdfSize = 0,
      largest = 0;
    for (let c = 0; c < n; c++) {
      const mu = this.means[c];
      if (!(mu >= 0) || !Number.isFinite(mu)) throw new RangeError(`PoissonSampler: mean must be finite and >= 0, got ${mu} at ${c}`);
      if (mu < 10) {
        let known = cdfs.get(mu);
        if (!known) {
          known = { start: cdfSize, terms: inversionCdf(mu) };
          cdfs.set(mu, known);
          cdfSize += known.terms.length;
        }
        this.cdfStart[c] = known.start;
        this.cdfLength[c] = known.terms.length;
        continue;
      }
      largest = Math.max(largest, mu);
      const b = 0.931 + 2.53 * Math.sqrt(mu);
      this.b[c] = b;
      this.a[c] = -0.059 + 0.02483 * b;
      this.logInvAlpha[c] = Math.log(1.1239 + 1.1328 / (b - 3.4));
      this.vr[c] = 0.9277 - 3.6224 / (b - 2);
      this.logMean[c] = Math.log(mu);
    }
    this.cdf = new Float64Array(cdfSize);
    for (const { start, terms } of cdfs.values()) this.cdf.set(terms, start);
    // A trial's k lies within about ±5√μ of μ but for rare ones; further out, logFactorial itself.
    this.logFactorials = logFactorialTable(largest > 0 ? Math.min(MAX_TABLE, Math.ceil(largest + 8 * Math.sqrt(largest) + 16)) : 0);
  }

  /** One draw for cell c. */
  sample(random: Xoshiro128, c: number): number {
    this.draw(random, this.one, c, c + 1);
    return this.one[0];
  }

  /** Fills out[c] with an independent draw for every cell. */
  sampleAll(random: Xoshiro128, out: Float64Array): void {
    this.draw(random, out, 0, this.means.length);
  }

  /**
   * Draws cells [from, to) into out[0, to - from). The generator is stepped here, its state in
   * locals (the same stream as random.next()): in Chromium a call per uniform made the bootstrap's
   * draws three times as slow (measured).
   */
  private draw(random: Xoshiro128, out: Float64Array, from: number, to: number): void {
    const { means, cdfStart, cdfLength, cdf, a, b, logInvAlpha, vr, logMean, logFactorials } = this;
    const state = random.state;
    let s0 = state[0],
      s1 = state[1],
      s2 = state[2],
      s3 = state[3];
    for (let c = from; c < to; c++) {
      const mu = means[c];
      let k = 0;
      // PTRS takes uniforms in pairs: the first of a pair waits here.
      let u = -1;
      while (mu > 0) {
        // One xoshiro128** step (Xoshiro128.next).
        const times5 = Math.imul(s1, 5);
        const w = (Math.imul((times5 << 7) | (times5 >>> 25), 9) >>> 0) / 4294967296;
        const t = s1 << 9,
          x2 = s2 ^ s0,
          x3 = s3 ^ s1;
        s1 ^= x2;
        s0 ^= x3;
        s2 = x2 ^ t;
        s3 = (x3 << 11) | (x3 >>> 21);
        if (mu < 10) {
          k = inversion(w, cdf, cdfStart[c], cdfLength[c]);
          break;
        }
        if (u < 0) {
          u = w;
          continue;
        }
        // One PTRS trial from u − 0.5 and v = w, written out here: as a call it cost a third more.
        const ac = a[c],
          bc = b[c],
          half = u - 0.5,
          us = 0.5 - Math.abs(half);
        k = Math.floor(((2 * ac) / us + bc) * half + mu + 0.43);
        u = -1;
        if (us >= 0.07 && w <= vr[c]) break;
        if (k < 0 || (us < 0.013 && w > us)) continue;
        const logKFactorial = k < logFactorials.length ? logFactorials[k] : logFactorial(k);
        if (Math.log(w) + logInvAlpha[c] - Math.log(ac / (us * us) + bc) <= -mu + k * logMean[c] - logKFactorial) break;
      }
      out[c - from] = k;
    }
    state[0] = s0;
    state[1] = s1;
    state[2] = s2;
    state[3] = s3;
  }
}

/** The search stops at this k whatever the uniform (the CDF's last terms round to less than 1). */
const INVERSION_CAP = 200;

/**
 * Poisson(mu)'s CDF at k = 0, 1, … summed as sequential search sums it (p ← p·μ/k, F ← F + p),
 * up to the first k where F stops growing (then it never grows again: the terms only shrink) or
 * INVERSION_CAP.
 */
function inversionCdf(mu: number): number[] {
  let p = Math.exp(-mu),
    f = p;
  const terms = [f];
  for (let k = 1; k <= INVERSION_CAP; k++) {
    p *= mu / k;
    if (f + p === f) break;
    f += p;
    terms.push(f);
  }
  return terms;
}

/**
 * Poisson from one uniform u by sequential search of a CDF from inversionCdf (at `start`, `length`
 * terms): the smallest k with u ≤ F(k); past the last term F stays the same, so a u above every
 * term searches on to the cap.
 */
function inversion(u: number, cdf: Float64Array, start: number, length: number): number {
  let k = 0;
  while (k < length && u > cdf[start + k]) k++;
  return k < length ? k : INVERSION_CAP;
}

/** The longest log k! table a sampler keeps (half a megabyte); larger k use logFactorial. */
const MAX_TABLE = 1 << 16;

/** log k! for k below `size`, each exactly logFactorial(k). */
function logFactorialTable(size: number): Float64Array {
  const table = new Float64Array(size);
  for (let k = 0; k < size; k++) table[k] = logFactorial(k);
  return table;
}

const SMALL_LOG_FACTORIAL = (() => {
  const t = new Float64Array(64);
  for (let k = 2; k < 64; k++) t[k] = t[k - 1] + Math.log(k);
  return t;
})();

/** log k!, exact table below 64, Stirling series with three correction terms above (error < 1e-14). */
export function logFactorial(k: number): number {
  if (k < 64) return SMALL_LOG_FACTORIAL[k];
  const x = k + 1,
    x2 = x * x;
  return (x - 0.5) * Math.log(x) - x + 0.5 * Math.log(2 * Math.PI) + (1 / 12 - (1 / 360 - 1 / (1260 * x2)) / x2) / x;
}
