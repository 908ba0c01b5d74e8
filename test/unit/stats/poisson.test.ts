import { describe, expect, it } from 'vitest';
import { logFactorial, PoissonSampler } from '../../../src/core/stats/poisson.ts';
import { seededRandom, type Random } from '../../../src/core/stats/random.ts';

const pmf = (mu: number, k: number) => Math.exp(-mu + k * Math.log(mu) - logFactorial(k));

describe('PoissonSampler', () => {
  for (const mu of [0.3, 4, 9.99, 10, 27.5, 900]) {
    it(`draws Poisson(${mu}) with mean and variance ${mu} (both samplers either side of 10)`, () => {
      const sampler = new PoissonSampler([mu]),
        random = seededRandom(7);
      const n = 100_000;
      let s1 = 0,
        s2 = 0;
      for (let r = 0; r < n; r++) {
        const k = sampler.sample(random, 0);
        s1 += k;
        s2 += k * k;
      }
      const mean = s1 / n,
        variance = s2 / n - mean * mean;
      expect(Math.abs(mean - mu)).toBeLessThan(5 * Math.sqrt(mu / n));
      expect(Math.abs(variance / mu - 1)).toBeLessThan(0.03);
    });
  }

  it('matches the exact Poisson(15) probabilities by a chi-square test', () => {
    const mu = 15,
      n = 200_000,
      sampler = new PoissonSampler([mu]),
      random = seededRandom(3);
    const observed = new Float64Array(40);
    for (let r = 0; r < n; r++) observed[Math.min(39, sampler.sample(random, 0))]++;
    let chi2 = 0,
      cells = 0;
    for (let k = 3; k < 32; k++) {
      const e = n * pmf(mu, k);
      chi2 += (observed[k] - e) ** 2 / e;
      cells++;
    }
    // 99.9th percentile of chi-square with 29 degrees of freedom is 58.3.
    expect(cells).toBe(29);
    expect(chi2).toBeLessThan(58.3);
  });

  it('steps the generator inline exactly as Random.next does: CDF inversion below 10 (means sharing a CDF), PTRS trials above (k! from its table and beyond it), the stream left where next() leaves it', () => {
    const means = [0, 0.3, 4, 9.99, 10, 27.5, 900, 0, 2, 5000, 7.5, 12, 4, 1e-3, 70_000];
    const sampler = new PoissonSampler(means),
      out = new Float64Array(means.length);
    const random = seededRandom(11),
      reference = seededRandom(11);
    for (let round = 0; round < 2000; round++) {
      sampler.sampleAll(random, out);
      expect([...out]).toEqual(means.map((mu) => referenceDraw(reference, mu)));
    }
    expect(random.next()).toBe(reference.next());
  });

  it('always draws 0 for a mean of 0', () => {
    const sampler = new PoissonSampler([0, 0]),
      out = new Float64Array(2);
    sampler.sampleAll(seededRandom(1), out);
    expect([...out]).toEqual([0, 0]);
  });

  it('computes log k! exactly on the table and by Stirling beyond it', () => {
    expect(logFactorial(5)).toBeCloseTo(Math.log(120), 12);
    let exact = 0;
    for (let k = 2; k <= 100; k++) exact += Math.log(k);
    expect(logFactorial(100)).toBeCloseTo(exact, 9);
  });

  it('rejects a negative mean, naming the class', () => {
    expect(() => new PoissonSampler([-1])).toThrow(/PoissonSampler: mean must be finite and >= 0/);
  });
});

/** A draw as the textbook states it, from Random.next(): the smallest k whose CDF reaches u (μ < 10), else PTRS (Hörmann 1993) trials. */
function referenceDraw(random: Random, mu: number): number {
  if (mu === 0) return 0;
  if (mu < 10) {
    const u = random.next();
    let k = 0,
      cdf = pmf(mu, 0);
    while (u > cdf && k < 200) cdf += pmf(mu, ++k);
    return k;
  }
  const b = 0.931 + 2.53 * Math.sqrt(mu),
    a = -0.059 + 0.02483 * b,
    invAlpha = 1.1239 + 1.1328 / (b - 3.4),
    vr = 0.9277 - 3.6224 / (b - 2);
  for (;;) {
    const u = random.next() - 0.5,
      v = random.next(),
      us = 0.5 - Math.abs(u);
    const k = Math.floor(((2 * a) / us + b) * u + mu + 0.43);
    if (us >= 0.07 && v <= vr) return k;
    if (k < 0 || (us < 0.013 && v > us)) continue;
    if (Math.log((v * invAlpha) / (a / (us * us) + b)) <= -mu + k * Math.log(mu) - logFactorial(k)) return k;
  }
}
