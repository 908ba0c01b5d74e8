import { describe, expect, it } from 'vitest';
import { logFactorial, PoissonSampler } from '../../../src/core/stats/poisson.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';

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
