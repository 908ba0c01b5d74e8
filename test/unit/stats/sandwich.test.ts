import { beforeAll, describe, expect, it } from 'vitest';
import { bootstrapRatings } from '../../../src/core/stats/bootstrap.ts';
import { fitBradleyTerry } from '../../../src/core/stats/bradley-terry.ts';
import { choleskyFactor, choleskyInverse, choleskySolve } from '../../../src/core/stats/cholesky.ts';
import { davidsonLikelihood, fitDavidson } from '../../../src/core/stats/davidson.ts';
import { bradleyTerryLikelihood } from '../../../src/core/stats/bradley-terry.ts';
import type { RatingFit } from '../../../src/core/stats/fit-groups.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import { ELO_PER_NAT } from '../../../src/core/stats/pair-table.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { sandwichIntervals } from '../../../src/core/stats/sandwich.ts';
import { countsOf, loadArenaCounts, randomRatings, simulateVotes } from './fixtures.ts';

describe('sandwich intervals on simulated votes with known ratings', () => {
  it('cover the true ratings 92–98% of the time (deterministic seeds)', () => {
    let covered = 0,
      total = 0;
    for (let run = 0; run < 200; run++) {
      const truth = randomRatings(10, 100, 5000 + run);
      const mean = truth.reduce((s, r) => s + r, 0) / truth.length;
      const fit = fitBradleyTerry(simulateVotes(truth, 3000, seededRandom(700 + run)));
      const { lower, upper } = sandwichIntervals(fit, bradleyTerryLikelihood);
      truth.forEach((r, k) => {
        const centred = r - mean + 1000;
        if (lower[k]! <= centred && centred <= upper[k]!) covered++;
        total++;
      });
    }
    console.log(`sandwich 95% interval coverage: ${((100 * covered) / total).toFixed(1)}% of ${total} model-runs`);
    expect(covered / total).toBeGreaterThanOrEqual(0.92);
    expect(covered / total).toBeLessThanOrEqual(0.98);
  });

  it('cover an anchored model’s neighbours too, and give the anchor itself a zero-width interval', () => {
    let covered = 0,
      total = 0;
    for (let run = 0; run < 100; run++) {
      const truth = randomRatings(8, 100, 9000 + run);
      const counts = simulateVotes(truth, 2500, seededRandom(90 + run));
      const fit = fitBradleyTerry(counts, { anchor: { model: 'm0', value: truth[0] } });
      const { lower, upper, se } = sandwichIntervals(fit, bradleyTerryLikelihood);
      expect(se[0]).toBeCloseTo(0, 9);
      truth.forEach((r, k) => {
        if (k === 0) return;
        if (lower[k]! <= r && r <= upper[k]!) covered++;
        total++;
      });
    }
    console.log(`sandwich 95% coverage with an anchor: ${((100 * covered) / total).toFixed(1)}% of ${total}`);
    expect(covered / total).toBeGreaterThanOrEqual(0.92);
    expect(covered / total).toBeLessThanOrEqual(0.98);
  });
});

describe('sandwich standard errors by hand', () => {
  it('match H⁻¹ J H⁻¹ written out for two models', () => {
    // Two models, 30 wins for x, 10 for y, 20 ties: θ = log((30+10)/(10+10)) = log 2 (x over y).
    const fit = fitBradleyTerry(
      countsOf(
        ['x', 'y'],
        [
          [0, 1, 0, 30],
          [0, 1, 1, 10],
          [0, 1, 2, 20],
        ],
      ),
    );
    const p = 2 / 3,
      n = 60;
    const h = n * p * (1 - p);
    const j = 30 * (1 - p) ** 2 + 10 * p ** 2 + 20 * (0.5 - p) ** 2;
    // Var(θ_x − θ_y) = J / H²; each rating is ±half the difference from the mean.
    const expected = (ELO_PER_NAT * Math.sqrt(j / (h * h))) / 2;
    const { se } = sandwichIntervals(fit, bradleyTerryLikelihood);
    expect(se[0]).toBeCloseTo(expected, 9);
    expect(se[1]).toBeCloseTo(expected, 9);
  });

  it('equal the model-based standard errors when there are no ties (the model is then right on average)', () => {
    const counts = simulateVotes(randomRatings(6, 120, 3), 4000, seededRandom(3));
    const fit = fitBradleyTerry(counts);
    const { se } = sandwichIntervals(fit, bradleyTerryLikelihood);
    const g = fit.groups[0],
      m = g.members.length;
    // Model-based Var(θ_k − θ̄) from H⁻¹ only.
    const inv = Array.from({ length: m }, (_, c) => {
      const e = new Float64Array(m);
      e[c] = 1;
      choleskySolve(g.factor, m, e);
      e[m - 1] = 0;
      return c === m - 1 ? new Float64Array(m) : e;
    });
    const rowMean = inv.map((col) => col.reduce((s, v) => s + v, 0) / m);
    const grand = rowMean.reduce((s, v) => s + v, 0) / m;
    for (let k = 0; k < m; k++) {
      const model = ELO_PER_NAT * Math.sqrt(inv[k][k] - 2 * rowMean[k] + grand);
      expect(Math.abs(se[g.members[k]]! / model - 1)).toBeLessThan(0.08);
    }
  });

  it('work for the Davidson ties model, whose intervals are close to the bootstrap’s', () => {
    const counts = simulateVotes(randomRatings(6, 120, 4), 5000, seededRandom(4), 0.3);
    const fit = fitDavidson(counts);
    const s = sandwichIntervals(fit, davidsonLikelihood);
    const b = bootstrapRatings(fit, davidsonLikelihood, { rounds: 1000, seed: 4 });
    fit.ratings.forEach((_, k) => {
      const ratio = (b.upper[k]! - b.lower[k]!) / (s.upper[k]! - s.lower[k]!);
      expect(Math.abs(ratio - 1)).toBeLessThan(0.12);
    });
  });
});

describe('sandwich against the 1000-round bootstrap on 1.67M real Chatbot Arena battles', () => {
  let counts: PairCounts;
  let fit: RatingFit;
  beforeAll(async () => {
    counts = await loadArenaCounts();
    fit = fitBradleyTerry(counts);
  });

  it('agree on every bound to within the stated tolerance (printed)', () => {
    const s = sandwichIntervals(fit, bradleyTerryLikelihood);
    const b = bootstrapRatings(fit, bradleyTerryLikelihood, { rounds: 1000, seed: 0 });
    let maxBound = 0,
      worst = '';
    const diffs: number[] = [],
      ratios: number[] = [];
    fit.models.forEach((model, k) => {
      const d = Math.max(Math.abs(s.lower[k]! - b.lower[k]!), Math.abs(s.upper[k]! - b.upper[k]!));
      diffs.push(d);
      ratios.push((b.upper[k]! - b.lower[k]!) / (s.upper[k]! - s.lower[k]!));
      if (d > maxBound) {
        maxBound = d;
        worst = model;
      }
    });
    diffs.sort((p, q) => p - q);
    ratios.sort((p, q) => p - q);
    const m = diffs.length;
    console.log(
      `sandwich vs 1000-round bootstrap, ${m} models: bound difference median ${diffs[m >> 1].toFixed(2)}, ` +
        `95th percentile ${diffs[Math.floor(0.95 * m)].toFixed(2)}, max ${maxBound.toFixed(2)} Elo (${worst}); ` +
        `width ratio bootstrap/sandwich median ${ratios[m >> 1].toFixed(3)}, range ${ratios[0].toFixed(3)}–${ratios[m - 1].toFixed(3)}`,
    );
    expect(diffs[m >> 1]).toBeLessThan(0.5);
    expect(maxBound).toBeLessThan(TOLERANCE_ELO);
  });
});

/** Largest difference between a sandwich bound and the 1000-round bootstrap bound on the real battles (README). */
const TOLERANCE_ELO = 2.5;

describe('choleskyInverse', () => {
  it('inverts a symmetric positive-definite matrix: A·A⁻¹ = I, and equals n solves of unit vectors', () => {
    const n = 37,
      random = seededRandom(5);
    const b = Float64Array.from({ length: n * n }, () => random.next() - 0.5);
    const a = new Float64Array(n * n);
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) {
        let s = r === c ? 0.5 : 0;
        for (let k = 0; k < n; k++) s += b[r * n + k] * b[c * n + k];
        a[r * n + c] = s;
      }
    const l = Float64Array.from(a);
    expect(choleskyFactor(l, n)).toBe(true);
    const inverse = choleskyInverse(l, n);
    for (let r = 0; r < n; r++)
      for (let c = 0; c < n; c++) {
        let s = 0;
        for (let k = 0; k < n; k++) s += a[r * n + k] * inverse[k * n + c];
        expect(s).toBeCloseTo(r === c ? 1 : 0, 9);
      }
    const e = new Float64Array(n);
    e[11] = 1;
    choleskySolve(l, n, e);
    for (let r = 0; r < n; r++) expect(inverse[r * n + 11]).toBeCloseTo(e[r], 12);
  });
});
