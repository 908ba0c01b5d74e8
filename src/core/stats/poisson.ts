import type { Xoshiro128 } from './random.ts';
import { poissonTable, type PoissonTable } from './poisson-table.ts';
import { normalQuantile } from './normal.ts';

/**
 * Exact Poisson(μ) variates for many repeated draws of the same means (a bootstrap draws every
 * cell once a round). Each distinct mean gets an inversion table (poisson-table.ts), searched from
 * the normal approximation's guess of the value (see START): one uniform, one table read and one or
 * two comparisons a draw, whatever the mean. Cells share their
 * mean's table (vote counts repeat: 997 distinct means over 10,380 on Chatbot Arena's collapsed
 * pairs). Tables stop at TABLE_BUDGET entries, most used means first; the means left over (counts
 * weighted by many different factors) are drawn as before: μ < 10 by sequential search (Devroye
 * 1986, X.3.3), μ ≥ 10 by PTRS, transformed rejection with squeeze (Hörmann 1993, "The
 * transformed rejection method for generating Poisson random variables", Insurance: Math. & Econ.
 * 12, 39–45), the algorithm NumPy uses, with a table of log k! (a third of its trials need one).
 */
export class PoissonSampler {
  readonly means: Float64Array;
  /**
   * Per cell: where its mean's thresholds start in `thresholds` (−1 when it has no table, ZERO when
   * the mean is 0) and end (its last), the smallest value (see PoissonTable), and the search's start
   * for a standard normal quantile z: centre + spread·z + START_SKEW[bucket], as an index.
   */
  private readonly thresholdStart: Int32Array;
  private readonly thresholdLast: Int32Array;
  private readonly lo: Int32Array;
  private readonly centre: Float64Array;
  private readonly spread: Float64Array;
  /** Every table's thresholds, back to back. */
  private readonly thresholds: Int32Array;
  /** Means without a table: e^−μ for the search, PTRS constants for μ ≥ 10. */
  private readonly expMinus: Float64Array;
  private readonly a: Float64Array;
  private readonly b: Float64Array;
  private readonly logInvAlpha: Float64Array;
  private readonly vr: Float64Array;
  private readonly logMean: Float64Array;
  /** log k! for every k a PTRS trial of these means is likely to reach (beyond: logFactorial). */
  private readonly logFactorials: Float64Array;
  private readonly one = new Float64Array(1);

  /**
   * `tables`: inversion tables for the means (poissonTables; default: built here, within
   * TABLE_BUDGET). Means without one are drawn without: tables built elsewhere for the same means
   * (another thread's, bootstrapTables) give the same draws as tables built here.
   */
  constructor(means: ArrayLike<number>, tables: PoissonTables = poissonTables(means)) {
    const n = means.length;
    this.means = Float64Array.from(means);
    for (let c = 0; c < n; c++) {
      const mu = this.means[c];
      if (!(mu >= 0) || !Number.isFinite(mu)) throw new RangeError(`PoissonSampler: mean must be finite and >= 0, got ${mu} at ${c}`);
    }
    const tableOf = new Map<number, number>();
    tables.means.forEach((mu, k) => tableOf.set(mu, k));
    this.thresholdStart = new Int32Array(n).fill(-1);
    this.thresholdLast = new Int32Array(n);
    this.lo = new Int32Array(n);
    this.centre = new Float64Array(n);
    this.spread = new Float64Array(n);
    this.thresholds = tables.thresholds;
    this.expMinus = new Float64Array(n);
    this.a = new Float64Array(n);
    this.b = new Float64Array(n);
    this.logInvAlpha = new Float64Array(n);
    this.vr = new Float64Array(n);
    this.logMean = new Float64Array(n);
    let largest = 0;
    for (let c = 0; c < n; c++) {
      const mu = this.means[c];
      const k = mu > 0 ? tableOf.get(mu) : undefined;
      if (mu === 0) this.thresholdStart[c] = ZERO;
      if (k !== undefined) {
        const start = tables.starts[k];
        this.thresholdStart[c] = start;
        this.thresholdLast[c] = tables.starts[k + 1] - 1;
        this.lo[c] = tables.lows[k];
        // The smallest k with F(k) ≥ u is near μ + √μ·z + (z² − 1)/6 (Cornish-Fisher), rounded up.
        this.centre[c] = start - tables.lows[k] + mu + 0.5;
        this.spread[c] = Math.sqrt(mu);
        continue;
      }
      this.expMinus[c] = Math.exp(-mu);
      if (mu < 10) continue;
      largest = Math.max(largest, mu);
      const b = 0.931 + 2.53 * Math.sqrt(mu);
      this.b[c] = b;
      this.a[c] = -0.059 + 0.02483 * b;
      this.logInvAlpha[c] = Math.log(1.1239 + 1.1328 / (b - 3.4));
      this.vr[c] = 0.9277 - 3.6224 / (b - 2);
      this.logMean[c] = Math.log(mu);
    }
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

  /** Draws cells [from, to) into out[0, to − from): sampleAll in parts, the same stream when the parts follow each other. */
  sampleRange(random: Xoshiro128, out: Float64Array, from: number, to: number): void {
    if (!(from >= 0 && from <= to && to <= this.means.length && out.length >= to - from))
      throw new RangeError(`PoissonSampler.sampleRange: cells ${from}..${to} out of range`);
    this.draw(random, out, from, to);
  }

  /**
   * Draws cells [from, to) into out[0, to - from). The generator is stepped here, its state in
   * locals (the same stream as random.next()): in Chromium a call per uniform made the bootstrap's
   * draws three times as slow (measured). This loop does the cells with a table; the rest go to
   * drawWithoutTables, the state handed over through `random`.
   */
  private draw(random: Xoshiro128, out: Float64Array, from: number, to: number): void {
    const { thresholdStart, thresholdLast, lo, centre, spread, thresholds } = this;
    const state = random.state;
    let s0 = state[0],
      s1 = state[1],
      s2 = state[2],
      s3 = state[3];
    for (let c = from; c < to; c++) {
      const start = thresholdStart[c];
      if (start < 0) {
        if (start === ZERO) {
          out[c - from] = 0;
          continue;
        }
        state[0] = s0;
        state[1] = s1;
        state[2] = s2;
        state[3] = s3;
        c = this.drawWithoutTables(random, out, from, c, to) - 1;
        s0 = state[0];
        s1 = state[1];
        s2 = state[2];
        s3 = state[3];
        continue;
      }
      // One xoshiro128** step (Xoshiro128.next); `bits` is the output as a signed int32.
      const times5 = Math.imul(s1, 5);
      const bits = Math.imul((times5 << 7) | (times5 >>> 25), 9);
      const t = s1 << 9,
        x2 = s2 ^ s0,
        x3 = s3 ^ s1;
      s1 ^= x2;
      s0 ^= x3;
      s2 = x2 ^ t;
      s3 = (x3 << 11) | (x3 >>> 21);
      // U − 2^31 in int32 is bits with its top bit flipped. The value is the first i with
      // shifted ≤ thresholds[i]: searched up or down from the guess U's top bits give.
      const shifted = bits ^ -2147483648,
        bucket = bits >>> START_SHIFT,
        last = thresholdLast[c];
      let i = Math.floor(centre[c] + spread[c] * START_Z[bucket] + START_SKEW[bucket]);
      i = i < start ? start : i > last ? last : i;
      if (shifted > thresholds[i])
        do i++;
        while (shifted > thresholds[i]);
      else while (i > start && shifted <= thresholds[i - 1]) i--;
      out[c - from] = i - start + lo[c];
    }
    state[0] = s0;
    state[1] = s1;
    state[2] = s2;
    state[3] = s3;
  }

  /**
   * Draws cells from `c` on while their means have no table (search below 10, PTRS above), into
   * out[c − from]…, the generator stepped inline as in draw; returns the first cell not drawn.
   */
  private drawWithoutTables(random: Xoshiro128, out: Float64Array, from: number, c: number, to: number): number {
    const { means, thresholdStart, expMinus, a, b, logInvAlpha, vr, logMean, logFactorials } = this;
    const state = random.state;
    let s0 = state[0],
      s1 = state[1],
      s2 = state[2],
      s3 = state[3];
    for (; c < to && thresholdStart[c] < 0; c++) {
      const mu = means[c];
      let k = 0;
      // PTRS takes uniforms in pairs: the first of a pair waits here.
      let u = -1;
      while (mu > 0) {
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
          k = search(w, mu, expMinus[c]);
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
    return c;
  }
}

/** thresholdStart of a cell whose mean is 0: it draws 0 and takes no uniform. */
const ZERO = -2;

/**
 * Where a table's search starts: U's top 12 bits name one of 4096 equal slices of (0, 1), and the
 * normal quantile z of the slice's middle, with the Cornish-Fisher skew term (z² − 1)/6, guesses
 * the value. The guess is off by about one at most means (more in the far tails, a slice in a
 * thousand). It replaces a guide table per mean (Chen & Asau 1974): the same draws, from 3.2 MB of
 * tables instead of about 5 MB on Chatbot Arena's cells, built in three quarters of the time. A
 * draw costs the same either way (11–12 ns alone, measured): the branch on where the search goes,
 * not memory, bounds it.
 */
const START_SHIFT = 20;
const START_Z = new Float64Array(1 << (32 - START_SHIFT));
const START_SKEW = new Float64Array(START_Z.length);
for (let b = 0; b < START_Z.length; b++) {
  const z = normalQuantile((b + 0.5) / START_Z.length);
  START_Z[b] = z;
  START_SKEW[b] = (z * z - 1) / 6;
}

/**
 * Table entries a sampler keeps at most: 2^21 (8 MB). Chatbot Arena's 997 distinct means take
 * about 0.8M; counts weighted by many different factors can have a distinct mean in every cell.
 */
export const TABLE_BUDGET = 1 << 21;

/**
 * Inversion tables (poisson-table.ts) for many means, back to back in one array, so they cross to
 * another thread in one message: the draws of a PoissonSampler depend only on which means have a
 * table, so tables built once serve every thread.
 */
export interface PoissonTables {
  /** The means with a table, increasing. */
  means: Float64Array;
  /** Where each mean's thresholds start in `thresholds`; one more entry, their end. */
  starts: Int32Array;
  /** Each table's smallest value (PoissonTable.lo). */
  lows: Int32Array;
  thresholds: Int32Array;
}

/**
 * A table for each distinct positive mean of `means` while `budget` entries last, the means of most
 * cells first (the fewest entries first among equals): where the draws are, for the memory. Depends
 * only on the means as a multiset, not their order.
 */
export function poissonTables(means: ArrayLike<number>, budget = TABLE_BUDGET): PoissonTables {
  const cells = new Map<number, number>();
  for (let c = 0; c < means.length; c++) {
    const mu = means[c];
    if (mu > 0 && Number.isFinite(mu)) cells.set(mu, (cells.get(mu) ?? 0) + 1);
  }
  const order = [...cells.keys()].sort((p, q) => cells.get(q)! - cells.get(p)! || p - q);
  const tables = new Map<number, PoissonTable>();
  let used = 0;
  for (const mu of order) {
    // A table takes about 13√μ + 10 entries (values within 6.5 standard deviations): skip what cannot fit.
    if (used + 13 * Math.sqrt(mu) > budget) continue;
    const table = poissonTable(mu);
    const size = table.thresholds.length;
    if (used + size > budget) continue;
    used += size;
    tables.set(mu, table);
  }
  const kept = Float64Array.from(tables.keys()).sort();
  const starts = new Int32Array(kept.length + 1),
    lows = new Int32Array(kept.length),
    thresholds = new Int32Array(used);
  kept.forEach((mu, k) => {
    const table = tables.get(mu)!;
    thresholds.set(table.thresholds, starts[k]);
    starts[k + 1] = starts[k] + table.thresholds.length;
    lows[k] = table.lo;
  });
  return { means: kept, starts, lows, thresholds };
}

/** Poisson(μ), μ < 10, from one uniform u by sequential search: the smallest k with u ≤ F(k) (F summed term by term), at most INVERSION_CAP. */
function search(u: number, mu: number, expMinusMu: number): number {
  let k = 0,
    p = expMinusMu,
    f = p;
  while (u > f && k < INVERSION_CAP) {
    k++;
    p *= mu / k;
    f += p;
  }
  return k;
}

/** The search stops at this k whatever the uniform (F's last terms may round to less than 1). */
const INVERSION_CAP = 200;

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
