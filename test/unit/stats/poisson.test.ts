import { describe, expect, it } from 'vitest';
import { logFactorial, PoissonSampler, poissonTables } from '../../../src/core/stats/poisson.ts';
import { poissonTable } from '../../../src/core/stats/poisson-table.ts';
import { seededRandom, type Random } from '../../../src/core/stats/random.ts';

/** The Poisson probability written plainly: log-space, summing log j for j ≤ k (no Stirling series). */
const pmf = (mu: number, k: number) => Math.exp(-mu + k * Math.log(mu) - plainLogFactorial(k));
const plainLogFactorials = [0];
function plainLogFactorial(k: number): number {
  while (plainLogFactorials.length <= k) plainLogFactorials.push(plainLogFactorials.at(-1)! + Math.log(plainLogFactorials.length));
  return plainLogFactorials[k];
}
/** Both ways a sampler draws: from tables (the default) and without any (a budget of 0). */
const PATHS = [
  { name: 'tables', budget: undefined },
  { name: 'no table', budget: 0 },
];
/** A sampler whose tables were built within `budget` entries (undefined: the sampler's own). */
const withBudget = (means: number[], budget?: number) =>
  new PoissonSampler(means, budget === undefined ? undefined : poissonTables(means, budget));

describe('PoissonSampler', () => {
  for (const { name, budget } of PATHS) {
    for (const mu of [0.3, 4, 9.99, 10, 27.5, 900]) {
      it(`draws Poisson(${mu}) with mean and variance ${mu} (${name})`, () => {
        const sampler = withBudget([mu], budget),
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

    for (const mu of [0.05, 2.5, 15, 63.5, 1200]) {
      it(`matches the exact Poisson(${mu}) probabilities by a chi-square test, tails pooled, and in total variation (${name})`, () => {
        const n = 300_000,
          sampler = withBudget([mu, 1, mu], budget),
          out = new Float64Array(3),
          random = seededRandom(3);
        const counts = new Map<number, number>();
        for (let r = 0; r < n; r++) {
          sampler.sampleAll(random, out);
          counts.set(out[0], (counts.get(out[0]) ?? 0) + 1);
          counts.set(out[2], (counts.get(out[2]) ?? 0) + 1);
        }
        const draws = 2 * n;
        const { chi2, cells } = pooledChiSquare(counts, draws, mu);
        // The 99.9th percentile of chi-square with `cells − 1` degrees of freedom (Wilson–Hilferty).
        expect(cells).toBeGreaterThan(1);
        expect(chi2).toBeLessThan(chiSquareQuantile999(cells - 1));
        // Total variation: sampling noise alone is about √(k/draws) over k values.
        let tv = 0;
        const hi = Math.ceil(mu + 12 * Math.sqrt(mu) + 20);
        for (let k = 0; k <= hi; k++) tv += Math.abs((counts.get(k) ?? 0) / draws - pmf(mu, k)) / 2;
        expect(tv).toBeLessThan(2 * Math.sqrt((8 * Math.sqrt(mu) + 4) / draws));
      });
    }
  }

  it('draws the same distribution with tables and without: two-sample chi-square on the same means', () => {
    const means = [0.7, 3, 9.5, 10.5, 44, 310],
      n = 100_000;
    const histograms = PATHS.map(({ budget }, path) => {
      const sampler = withBudget(means, budget),
        out = new Float64Array(means.length),
        random = seededRandom(40 + path);
      const h = means.map(() => new Map<number, number>());
      for (let r = 0; r < n; r++) {
        sampler.sampleAll(random, out);
        out.forEach((k, c) => h[c].set(k, (h[c].get(k) ?? 0) + 1));
      }
      return h;
    });
    means.forEach((_, c) => {
      // Equal sample sizes: Σ (a − b)² / (a + b) over values with a + b ≥ 10, the rest pooled.
      const [a, b] = histograms.map((h) => h[c]);
      let chi2 = 0,
        cells = 0,
        restA = 0,
        restB = 0;
      for (const k of new Set([...a.keys(), ...b.keys()])) {
        const x = a.get(k) ?? 0,
          y = b.get(k) ?? 0;
        if (x + y < 10) {
          restA += x;
          restB += y;
          continue;
        }
        chi2 += (x - y) ** 2 / (x + y);
        cells++;
      }
      if (restA + restB > 0) {
        chi2 += (restA - restB) ** 2 / (restA + restB);
        cells++;
      }
      expect(chi2).toBeLessThan(chiSquareQuantile999(cells - 1));
    });
  });

  it('steps the generator inline exactly as Random.next does, by table inversion: the smallest k with U < round(2^32·F(k)) (means sharing a table), the stream left where next() leaves it', () => {
    const means = [0, 0.3, 4, 9.99, 10, 27.5, 900, 0, 2, 5000, 7.5, 12, 4, 1e-3, 70_000];
    const sampler = new PoissonSampler(means),
      out = new Float64Array(means.length);
    const random = seededRandom(11),
      reference = seededRandom(11);
    const tables = means.map(referenceThresholds);
    for (let round = 0; round < 2000; round++) {
      sampler.sampleAll(random, out);
      expect([...out]).toEqual(means.map((mu, c) => (mu === 0 ? 0 : invert(tables[c], reference.next() * 2 ** 32))));
    }
    expect(random.next()).toBe(reference.next());
  });

  it('without tables, steps the generator inline exactly as Random.next does: sequential search below 10, PTRS trials above (k! from its table and beyond it)', () => {
    const means = [0, 0.3, 4, 9.99, 10, 27.5, 900, 0, 2, 5000, 7.5, 12, 4, 1e-3, 70_000];
    const sampler = withBudget(means, 0),
      out = new Float64Array(means.length);
    const random = seededRandom(11),
      reference = seededRandom(11);
    for (let round = 0; round < 2000; round++) {
      sampler.sampleAll(random, out);
      expect([...out]).toEqual(means.map((mu) => referenceDraw(reference, mu)));
    }
    expect(random.next()).toBe(reference.next());
  });

  it('builds the same tables from the same means in any order, and draws alike from tables of more means than its own', () => {
    const means = [3, 0, 44, 3, 0.5, 1200, 44, 7];
    const shuffled = [44, 7, 3, 1200, 0, 3, 0.5, 44];
    expect(poissonTables(shuffled)).toEqual(poissonTables(means));
    // Another thread's tables, for every group's means: this group's draws are the ones its own tables give.
    const own = new PoissonSampler(means),
      wider = new PoissonSampler(means, structuredClone(poissonTables([...means, 9, 250, 3]))),
      a = new Float64Array(means.length),
      b = new Float64Array(means.length);
    const ra = seededRandom(21),
      rb = seededRandom(21);
    for (let round = 0; round < 500; round++) {
      own.sampleAll(ra, a);
      wider.sampleAll(rb, b);
      expect(b).toEqual(a);
    }
  });

  it('tables the most used means within the budget and draws the rest without: one stream either way', () => {
    // A budget for the mean 3's table only (its cells are the most): 40 and 500 go without.
    const means = [40, 3, 500, 3, 3],
      budget = poissonTable(3).thresholds.length;
    const mixed = withBudget(means, budget),
      out = new Float64Array(means.length);
    const random = seededRandom(5),
      reference = seededRandom(5);
    const three = referenceThresholds(3);
    for (let round = 0; round < 500; round++) {
      mixed.sampleAll(random, out);
      expect([...out]).toEqual(means.map((mu) => (mu === 3 ? invert(three, reference.next() * 2 ** 32) : referenceDraw(reference, mu))));
    }
  });

  it('draws cells in parts as sampleAll draws them at once', () => {
    const means = [1, 20, 0, 300, 2.5, 7],
      sampler = new PoissonSampler(means),
      whole = new Float64Array(6),
      parts = new Float64Array(6);
    const a = seededRandom(9),
      b = seededRandom(9);
    for (let round = 0; round < 100; round++) {
      sampler.sampleAll(a, whole);
      sampler.sampleRange(b, parts.subarray(0, 2), 0, 2);
      sampler.sampleRange(b, parts.subarray(2), 2, 6);
      expect([...parts]).toEqual([...whole]);
    }
    expect(() => sampler.sampleRange(a, parts, 4, 7)).toThrow(/sampleRange: cells 4..7 out of range/);
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

describe('poissonTable', () => {
  for (const mu of [1e-3, 0.5, 1, 9.99, 10, 37.5, 120.5, 1000, 5956, 70_000]) {
    it(`gives every value the Poisson(${mu}) probability within 2^-32, and leaves out less than 2^-32 either side`, () => {
      const { lo, thresholds } = poissonTable(mu);
      const T = (i: number) => thresholds[i] + 2 ** 31 + 1; // round(2^32·F(lo + i))
      let previous = 0,
        worst = 0;
      for (let i = 0; i < thresholds.length; i++) {
        worst = Math.max(worst, Math.abs((T(i) - previous) / 2 ** 32 - pmf(mu, lo + i)));
        previous = T(i);
      }
      expect(previous).toBe(2 ** 32);
      expect(worst).toBeLessThan(2 ** -32 + 1e-13);
      let below = 0;
      for (let k = 0; k < lo; k++) below += pmf(mu, k);
      expect(below).toBeLessThan(2 ** -32);
      let above = 0;
      for (let k = lo + thresholds.length; k < lo + thresholds.length + 50 * Math.sqrt(mu) + 50; k++) above += pmf(mu, k);
      expect(above).toBeLessThan(2 ** -32);
    });
  }

  it('rejects a mean that has no table', () => {
    expect(() => poissonTable(0)).toThrow(/poissonTable: mean must be finite and > 0, got 0/);
    expect(() => poissonTable(Infinity)).toThrow(/poissonTable: mean must be finite/);
  });
});

/** round(2^32·F(k)) for k = 0, 1, … until it reaches 2^32, F summed from the plain pmf. */
function referenceThresholds(mu: number): number[] {
  if (mu === 0) return [];
  const out: number[] = [];
  let f = 0;
  for (let k = 0; out.at(-1) !== 2 ** 32; k++) {
    f += pmf(mu, k);
    out.push(Math.min(2 ** 32, Math.round(f * 2 ** 32)));
  }
  return out;
}

/** The smallest k with U < T(k). */
function invert(thresholds: number[], u32: number): number {
  let k = 0;
  while (u32 >= thresholds[k]) k++;
  return k;
}

/** Pearson's statistic against Poisson(μ), values with expected count under 5 pooled into the two tails; and how many cells. */
function pooledChiSquare(counts: Map<number, number>, draws: number, mu: number): { chi2: number; cells: number } {
  const hi = Math.ceil(mu + 12 * Math.sqrt(mu) + 20);
  const observed: number[] = [],
    expected: number[] = [];
  let o = 0,
    e = 0;
  for (let k = 0; k <= hi; k++) {
    o += counts.get(k) ?? 0;
    e += draws * pmf(mu, k);
    if (e >= 5 && draws * (1 - cdfThrough(mu, k)) >= 5) {
      observed.push(o);
      expected.push(e);
      o = 0;
      e = 0;
    }
  }
  // What is left (the right tail, with everything above hi) joins the last cell.
  let beyond = 0;
  for (const [k, c] of counts) if (k > hi) beyond += c;
  observed[observed.length - 1] += o + beyond;
  expected[expected.length - 1] += e + draws * Math.max(0, 1 - cdfThrough(mu, hi));
  let chi2 = 0;
  for (let c = 0; c < observed.length; c++) chi2 += (observed[c] - expected[c]) ** 2 / expected[c];
  return { chi2, cells: observed.length };
}

function cdfThrough(mu: number, k: number): number {
  let f = 0;
  for (let j = 0; j <= k; j++) f += pmf(mu, j);
  return f;
}

/** Wilson–Hilferty: the 99.9th percentile of chi-square with `df` degrees of freedom (z = 3.09). */
function chiSquareQuantile999(df: number): number {
  const a = 2 / (9 * df);
  return df * (1 - a + 3.09 * Math.sqrt(a)) ** 3;
}

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
