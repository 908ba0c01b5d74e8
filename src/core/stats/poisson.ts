import type { Random } from './random.ts';

/**
 * Exact Poisson(μ) variates. μ < 10: inversion by sequential search (Devroye 1986, X.3.3).
 * μ ≥ 10: PTRS, transformed rejection with squeeze (Hörmann 1993, "The transformed rejection
 * method for generating Poisson random variables", Insurance: Math. & Econ. 12, 39–45), the
 * algorithm NumPy uses. Per-mean constants are precomputed once for the many repeated draws
 * of a bootstrap.
 */
export class PoissonSampler {
  readonly means: Float64Array;
  private readonly a: Float64Array;
  private readonly b: Float64Array;
  private readonly logInvAlpha: Float64Array;
  private readonly vr: Float64Array;
  private readonly logMean: Float64Array;
  private readonly expNeg: Float64Array;

  constructor(means: ArrayLike<number>) {
    const n = means.length;
    this.means = Float64Array.from(means);
    this.a = new Float64Array(n);
    this.b = new Float64Array(n);
    this.logInvAlpha = new Float64Array(n);
    this.vr = new Float64Array(n);
    this.logMean = new Float64Array(n);
    this.expNeg = new Float64Array(n);
    for (let c = 0; c < n; c++) {
      const mu = this.means[c];
      if (!(mu >= 0) || !Number.isFinite(mu)) throw new RangeError(`PoissonSampler: mean must be finite and >= 0, got ${mu} at ${c}`);
      this.expNeg[c] = Math.exp(-mu);
      if (mu < 10) continue;
      const b = 0.931 + 2.53 * Math.sqrt(mu);
      this.b[c] = b;
      this.a[c] = -0.059 + 0.02483 * b;
      this.logInvAlpha[c] = Math.log(1.1239 + 1.1328 / (b - 3.4));
      this.vr[c] = 0.9277 - 3.6224 / (b - 2);
      this.logMean[c] = Math.log(mu);
    }
  }

  /** One draw for cell c. */
  sample(random: Random, c: number): number {
    const mu = this.means[c];
    if (mu === 0) return 0;
    if (mu < 10) return inversion(random, mu, this.expNeg[c]);
    return ptrs(random, mu, this.a[c], this.b[c], this.logInvAlpha[c], this.vr[c], this.logMean[c]);
  }

  /** Fills out[c] with an independent draw for every cell. */
  sampleAll(random: Random, out: Float64Array): void {
    const { means, expNeg, a, b, logInvAlpha, vr, logMean } = this;
    for (let c = 0; c < means.length; c++) {
      const mu = means[c];
      out[c] = mu === 0 ? 0 : mu < 10 ? inversion(random, mu, expNeg[c]) : ptrs(random, mu, a[c], b[c], logInvAlpha[c], vr[c], logMean[c]);
    }
  }
}

function inversion(random: Random, mu: number, expNeg: number): number {
  let k = 0,
    p = expNeg,
    f = p;
  const u = random.next();
  while (u > f && k < 200) {
    k++;
    p *= mu / k;
    f += p;
  }
  return k;
}

function ptrs(random: Random, mu: number, a: number, b: number, logInvAlpha: number, vr: number, logMean: number): number {
  for (;;) {
    const u = random.next() - 0.5;
    const v = random.next();
    const us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + mu + 0.43);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (Math.log(v) + logInvAlpha - Math.log(a / (us * us) + b) <= -mu + k * logMean - logFactorial(k)) return k;
  }
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
