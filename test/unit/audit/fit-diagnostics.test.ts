import { describe, expect, it } from 'vitest';
import { bradleyTerryLikelihood } from '../../../src/core/stats/bradley-terry.ts';
import { davidsonLikelihood } from '../../../src/core/stats/davidson.ts';
import { fitDiagnostics, splitFolds } from '../../../src/core/stats/fit-diagnostics.ts';
import { maximiseLikelihood } from '../../../src/core/stats/newton-maximise.ts';
import { collapsePairs, type PairTable } from '../../../src/core/stats/pair-table.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { raoKupperLikelihood } from '../../../src/core/stats/rao-kupper.ts';
import { countsOf, loadArenaCounts } from '../stats/fixtures.ts';

/** A small table: 4 models, wins both ways and ties on every pair. */
const small: PairTable = collapsePairs(
  countsOf(
    ['a', 'b', 'c', 'd'],
    [
      [0, 1, 0, 7],
      [0, 1, 1, 3],
      [0, 1, 2, 2],
      [1, 2, 0, 5],
      [2, 1, 0, 4],
      [1, 2, 3, 3],
      [2, 3, 0, 6],
      [2, 3, 1, 2],
      [3, 2, 2, 1],
      [0, 3, 0, 9],
      [3, 0, 0, 1],
      [0, 3, 2, 2],
    ],
  ),
);

/**
 * Brute force, vote by vote, from each paper's own probability formulas in π (not the code's
 * log-odds forms): Bradley-Terry π_i/(π_i+π_j) with a tie as half a win each side; Davidson
 * (1970) with ν; Rao-Kupper (1967) with θ.
 */
function bruteForce(model: 'bt' | 'dv' | 'rk', table: PairTable, pi: number[], tie: number): number {
  let ll = 0;
  for (let p = 0; p < table.i.length; p++) {
    const x = pi[table.i[p]],
      y = pi[table.j[p]];
    let pI: number, pJ: number, pT: number;
    if (model === 'bt') {
      pI = x / (x + y);
      pJ = y / (x + y);
      pT = Math.sqrt(pI * pJ); // a tie: ½·log pI + ½·log pJ
    } else if (model === 'dv') {
      const D = x + y + tie * Math.sqrt(x * y);
      [pI, pJ, pT] = [x / D, y / D, (tie * Math.sqrt(x * y)) / D];
    } else {
      pI = x / (x + tie * y);
      pJ = y / (tie * x + y);
      pT = ((tie * tie - 1) * x * y) / ((x + tie * y) * (tie * x + y));
    }
    for (let v = 0; v < table.winsI[p]; v++) ll += Math.log(pI);
    for (let v = 0; v < table.winsJ[p]; v++) ll += Math.log(pJ);
    for (let v = 0; v < table.ties[p]; v++) ll += Math.log(pT);
  }
  return ll;
}

describe('the three likelihoods against a vote-by-vote evaluation of their definitions', () => {
  const pi = [2.5, 1, 0.7, 0.3],
    theta = pi.map((v) => Math.log(v / pi[3]));
  it('Bradley-Terry (ties as half)', () => {
    expect(bradleyTerryLikelihood.logLikelihood(small, Float64Array.from(theta))).toBeCloseTo(bruteForce('bt', small, pi, 0), 10);
  });
  it('Davidson', () => {
    const nu = 0.8;
    expect(davidsonLikelihood.logLikelihood(small, Float64Array.from([...theta, Math.log(nu)]))).toBeCloseTo(
      bruteForce('dv', small, pi, nu),
      10,
    );
  });
  it('Rao-Kupper', () => {
    const t = 1.6;
    expect(raoKupperLikelihood.logLikelihood(small, Float64Array.from([...theta, Math.log(t)]))).toBeCloseTo(
      bruteForce('rk', small, pi, t),
      10,
    );
  });
  it("Rao-Kupper's gradient and negative Hessian equal central differences of its likelihood", () => {
    const x = Float64Array.from([0.9, -0.2, 0.4, 0, 0.35]),
      g = new Float64Array(5),
      h = new Float64Array(25);
    raoKupperLikelihood.derivatives(small, x, g, h);
    const step = 1e-5,
      f = (y: Float64Array) => raoKupperLikelihood.logLikelihood(small, y);
    for (let k = 0; k < 5; k++) {
      const up = Float64Array.from(x),
        down = Float64Array.from(x);
      up[k] += step;
      down[k] -= step;
      expect(g[k]).toBeCloseTo((f(up) - f(down)) / (2 * step), 5);
      const gu = new Float64Array(5),
        gd = new Float64Array(5);
      raoKupperLikelihood.derivatives(small, up, gu, null);
      raoKupperLikelihood.derivatives(small, down, gd, null);
      for (let l = 0; l < 5; l++) expect(h[l * 5 + k]).toBeCloseTo(-(gu[l] - gd[l]) / (2 * step), 4);
    }
  });
});

describe('Rao-Kupper recovers known strengths and θ from simulated votes', () => {
  it('θ = 1.5 and three strengths, 60,000 votes', () => {
    const random = seededRandom(7);
    const trueTheta = [0.8, 0.3, 0, 0],
      kappa = Math.log(1.5);
    const cells: [number, number, number, number][] = [];
    for (let v = 0; v < 60_000; v++) {
      const a = Math.floor(random.next() * 4);
      let b = Math.floor(random.next() * 3);
      if (b >= a) b++;
      const d = trueTheta[a] - trueTheta[b];
      const pa = 1 / (1 + Math.exp(kappa - d)),
        pb = 1 / (1 + Math.exp(kappa + d));
      const u = random.next();
      cells.push([a, b, u < pa ? 0 : u < pa + pb ? 1 : 2, 1]);
    }
    const table = collapsePairs(countsOf(['a', 'b', 'c', 'd'], cells));
    const r = maximiseLikelihood(raoKupperLikelihood, table, { start: Float64Array.from([0, 0, 0, 0, 0.5]) });
    expect(r.converged).toBe(true);
    expect(Math.exp(r.x[4])).toBeCloseTo(1.5, 1);
    for (let k = 0; k < 3; k++) expect(Math.abs(r.x[k] - trueTheta[k])).toBeLessThan(0.05);
  });
});

describe('splitFolds', () => {
  it('deals every vote of every cell to exactly one fold, the same way for the same seed', () => {
    const folds = splitFolds(small, 3, 42);
    for (const kind of ['winsI', 'winsJ', 'ties'] as const)
      for (let p = 0; p < small.i.length; p++) expect(folds.reduce((s, f) => s + f[kind][p], 0)).toBe(small[kind][p]);
    expect(folds.reduce((s, f) => s + f.total, 0)).toBe(small.total);
    expect(splitFolds(small, 3, 42).map((f) => [...f.winsI])).toEqual(folds.map((f) => [...f.winsI]));
    expect(splitFolds(small, 3, 43).map((f) => [...f.winsI])).not.toEqual(folds.map((f) => [...f.winsI]));
  });
});

describe('fitDiagnostics on the 1.67M Chatbot Arena battles', async () => {
  const counts = await loadArenaCounts();
  const d = fitDiagnostics(collapsePairs(counts), counts.models, { folds: 5, seed: 1 });
  const by = (name: string) => d.fits.find((f) => f.model === name)!;

  it("equals leaderbot's published mean NLL of the same votes (README: BT 0.6554, Rao-Kupper 1.0095, Davidson 1.0100)", () => {
    // suquark/leaderbot README.rst, model selection table, models 1, 4 and 7 (no covariance, one tie
    // parameter), fitted to lb.data.load()'s default tie='tie', which leaves 'tie (bothbad)' out.
    const noBothBad = { ...counts, n: counts.n.map((n, c) => (counts.outcome[c] === 3 ? 0 : n)) };
    const lb = fitDiagnostics(collapsePairs(noBothBad), counts.models, { folds: 2, seed: 1 });
    const at = (name: string) => lb.fits.find((f) => f.model === name)!;
    expect(at('bradley-terry').meanNll).toBeCloseTo(0.6554, 4);
    expect(at('rao-kupper').meanNll).toBeCloseTo(1.0095, 4);
    expect(at('davidson').meanNll).toBeCloseTo(1.01, 4);
    expect(at('rao-kupper').parameters).toBe(129);
    expect(at('rao-kupper').aic).toBeCloseTo(2 * 129 - 2 * at('rao-kupper').logLikelihood, 6);
    expect(d.votes).toBe(1_670_250);
  });

  it('held-out losses sit just above the in-sample ones, and the calibration bins hold every vote', () => {
    for (const f of d.fits) {
      expect(f.converged).toBe(true);
      expect(f.heldOutLogLoss).toBeGreaterThan(f.meanNll);
      expect(f.heldOutLogLoss).toBeLessThan(f.meanNll + 0.002);
    }
    // Rao-Kupper's θ is at least 1 by construction; Davidson's ν is positive with ties present.
    expect(by('rao-kupper').tieParameter).toBeGreaterThan(1);
    expect(by('davidson').tieParameter).toBeGreaterThan(0);
    expect(d.calibration.reduce((s, b) => s + b.votes, 0)).toBe(1_670_250);
    for (const b of d.calibration) if (b.votes > 10_000) expect(Math.abs(b.observed! - b.predicted!)).toBeLessThan(0.05);
    expect(d.misfits).toHaveLength(15);
    expect(Math.abs(d.misfits[0].z)).toBeGreaterThanOrEqual(Math.abs(d.misfits[14].z));
  });
});
