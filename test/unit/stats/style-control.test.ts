import { describe, expect, test } from 'vitest';
import { fitBradleyTerry } from '../../../src/core/stats/bradley-terry.ts';
import { seededRandom, type Random } from '../../../src/core/stats/random.ts';
import { fitStyleControl, pairCountsOf, type StyleVotes } from '../../../src/core/stats/style-control.ts';

const ELO = 400 / Math.LN10;
const FEATURES = ['length', 'headers', 'lists', 'bold'];

interface Simulation {
  models: number;
  votes: number;
  /** True strengths on the Elo scale. */
  ratings: number[];
  /** Mean answer length of each model (characters). */
  verbosity: number[];
  /** True length coefficient, logit per SD of the normalised length difference. */
  beta: number;
  tie: number;
  seed: number;
}

/** Votes where P(a wins) = σ((R_a − R_b)/ELO + β·z_length); the markdown features are pure noise. */
function simulate(s: Simulation): StyleVotes {
  const rng = seededRandom(s.seed);
  const n = s.votes;
  const a = new Int32Array(n),
    b = new Int32Array(n),
    outcome = new Uint8Array(n);
  const features = FEATURES.map(() => new Float64Array(n));
  const count = (rng: Random, mean: number) => Math.floor(mean * (0.5 + rng.next()));
  for (let v = 0; v < n; v++) {
    a[v] = Math.floor(rng.next() * s.models);
    do b[v] = Math.floor(rng.next() * s.models);
    while (b[v] === a[v]);
    const la = count(rng, s.verbosity[a[v]]),
      lb = count(rng, s.verbosity[b[v]]);
    features[0][v] = (la - lb) / (la + lb + 1);
    for (let f = 1; f < FEATURES.length; f++) {
      const x = Math.floor(rng.next() * 4),
        y = Math.floor(rng.next() * 4);
      features[f][v] = (x - y) / (x + y + 1);
    }
  }
  const d = features[0];
  const mean = d.reduce((p, q) => p + q, 0) / n;
  const sd = Math.sqrt(d.reduce((p, q) => p + (q - mean) ** 2, 0) / n);
  for (let v = 0; v < n; v++) {
    if (rng.next() < s.tie) {
      outcome[v] = 2;
      continue;
    }
    const eta = (s.ratings[a[v]] - s.ratings[b[v]]) / ELO + (s.beta * (d[v] - mean)) / sd;
    outcome[v] = rng.next() < 1 / (1 + Math.exp(-eta)) ? 0 : 1;
  }
  return {
    models: Array.from({ length: s.models }, (_, k) => `m${k}`),
    a,
    b,
    outcome,
    weight: new Float64Array(n).fill(1),
    featureNames: FEATURES,
    features,
  };
}

const spread = (xs: (number | null)[]) => Math.max(...(xs as number[])) - Math.min(...(xs as number[]));
const byModel = (fit: ReturnType<typeof fitStyleControl>) => Object.fromEntries(fit.rows.map((r) => [r.model, r]));

describe('fitStyleControl', () => {
  test('equal models whose wins come from answer length: raw ratings differ, controlled ones are equal, and the length coefficient is recovered', () => {
    const votes = simulate({
      models: 6,
      votes: 40_000,
      ratings: [1000, 1000, 1000, 1000, 1000, 1000],
      verbosity: [2000, 1500, 1000, 600, 300, 150],
      beta: 0.5,
      tie: 0.1,
      seed: 7,
    });
    const fit = fitStyleControl(votes);
    expect(fit.converged).toBe(true);
    expect(spread(fit.rows.map((r) => r.raw))).toBeGreaterThan(100);
    expect(spread(fit.rows.map((r) => r.controlled))).toBeLessThan(20);
    const [length, ...noise] = fit.coefficients;
    expect(length.feature).toBe('length');
    expect(length.logit).toBeCloseTo(0.5, 1);
    expect(Math.abs(length.logit! - 0.5)).toBeLessThan(3 * length.se!);
    expect(length.eloPerSd).toBeCloseTo(ELO * length.logit!, 9);
    expect(length.eloLower! < length.eloPerSd! && length.eloPerSd! < length.eloUpper!).toBe(true);
    for (const c of noise) expect(Math.abs(c.logit!)).toBeLessThan(4 * c.se!);
    // The most verbose model gains the most from style, so it loses the most when style is controlled.
    const rows = byModel(fit);
    expect(rows.m0.rawRank).toBe(1);
    expect(rows.m0.change!).toBeLessThan(-50);
    expect(rows.m5.change!).toBeGreaterThan(50);
  });

  test('with no style effect the controlled ratings equal the raw ones within noise', () => {
    const ratings = [1150, 1080, 1000, 960, 900, 850];
    const votes = simulate({
      models: 6,
      votes: 30_000,
      ratings,
      verbosity: [2000, 1500, 1000, 600, 300, 150],
      beta: 0,
      tie: 0.1,
      seed: 11,
    });
    const fit = fitStyleControl(votes);
    for (const r of fit.rows) expect(Math.abs(r.change!)).toBeLessThan(12);
    for (const c of fit.coefficients) expect(Math.abs(c.logit!)).toBeLessThan(4 * c.se!);
    const rows = byModel(fit);
    const mean = ratings.reduce((p, q) => p + q, 0) / ratings.length;
    ratings.forEach((truth, k) => expect(Math.abs(rows[`m${k}`].controlled! - (truth - mean + 1000))).toBeLessThan(20));
  });

  test('with every feature zero the fit is the app’s Bradley-Terry but for the L2 penalty’s tiny pull, and every feature is left out', () => {
    const votes = simulate({
      models: 5,
      votes: 5_000,
      ratings: [1100, 1050, 1000, 950, 900],
      verbosity: [100, 100, 100, 100, 100],
      beta: 0,
      tie: 0.2,
      seed: 3,
    });
    votes.features = votes.features.map((f) => new Float64Array(f.length));
    votes.outcome[0] = 3; // a both_bad counts as a tie on both sides
    const fit = fitStyleControl(votes);
    const bt = fitBradleyTerry(pairCountsOf(votes));
    for (const r of fit.rows) {
      const k = votes.models.indexOf(r.model);
      expect(r.raw).toBe(bt.ratings[k]);
      expect(Math.abs(r.controlled! - bt.ratings[k]!)).toBeLessThan(0.1);
      expect(r.controlledRank).toBe(r.rawRank);
    }
    expect(fit.coefficients.every((c) => !c.used && c.logit === null)).toBe(true);
  });

  test('swapping the seats of every vote (and the sign of its features) changes nothing', () => {
    const votes = simulate({
      models: 5,
      votes: 6_000,
      ratings: [1100, 1050, 1000, 950, 900],
      verbosity: [900, 700, 500, 300, 100],
      beta: 0.3,
      tie: 0.1,
      seed: 5,
    });
    const swapped: StyleVotes = {
      ...votes,
      a: votes.b,
      b: votes.a,
      outcome: votes.outcome.map((o) => (o === 0 ? 1 : o === 1 ? 0 : o)),
      features: votes.features.map((f) => f.map((x) => -x)),
    };
    const one = fitStyleControl(votes),
      two = fitStyleControl(swapped);
    one.rows.forEach((r, i) => expect(r.controlled!).toBeCloseTo(two.rows[i].controlled!, 6));
    one.coefficients.forEach((c, i) => expect(c.logit!).toBeCloseTo(two.coefficients[i].logit!, 6));
  });

  test('a model that never lost keeps the finite rating FastChat gives it through the penalty, flagged and unranked', () => {
    const votes = simulate({
      models: 4,
      votes: 4_000,
      ratings: [1000, 1000, 1000, 1000],
      verbosity: [500, 400, 300, 200],
      beta: 0.4,
      tie: 0,
      seed: 9,
    });
    const extra = 20;
    const grow = <T extends Int32Array | Uint8Array | Float64Array>(x: T, fill: (i: number) => number): T => {
      const out = new (x.constructor as new (n: number) => T)(x.length + extra);
      out.set(x);
      for (let i = 0; i < extra; i++) out[x.length + i] = fill(i);
      return out;
    };
    const withChamp: StyleVotes = {
      models: [...votes.models, 'champ'],
      a: grow(votes.a, () => 4),
      b: grow(votes.b, (i) => i % 4),
      outcome: grow(votes.outcome, () => 0),
      weight: grow(votes.weight, () => 1),
      featureNames: FEATURES,
      features: votes.features.map((f) => grow(f, () => 0)),
    };
    const fit = fitStyleControl(withChamp);
    const champ = byModel(fit).champ;
    expect(champ.raw).toBeNull();
    expect(champ.flag).toBe('never-lost');
    expect(champ.controlledRank).toBeNull();
    expect(champ.controlledLower).toBeNull();
    expect(Number.isFinite(champ.controlled)).toBe(true);
    expect(champ.controlled!).toBeGreaterThan(Math.max(...fit.rows.filter((r) => r.flag === null).map((r) => r.controlled!)));
    expect(fit.warnings.join(' ')).toMatch(/champ \(never-lost\)/);
    expect(fit.votesUsed).toBe(4_000 + extra);
    expect(fit.votesGiven).toBe(4_000 + extra);
    expect(fit.rows.filter((r) => r.controlledRank !== null)).toHaveLength(4);
    expect(fit.rows.at(-1)!.model).toBe('champ');
    // Centred like the raw board, on the models with a finite MLE: the champ's penalty-made rating
    // no longer moves the others (it moved them by ~70 points when the penalty's Σ r = 0 set the scale).
    const rated = fit.rows.filter((r) => r.flag === null);
    expect(rated.reduce((s, r) => s + r.controlled!, 0) / rated.length).toBeCloseTo(1000, 6);
    const without = byModel(fitStyleControl(votes));
    for (const r of rated) expect(Math.abs(r.controlled! - without[r.model].controlled!), r.model).toBeLessThan(5);
    for (const r of rated) expect(Math.abs(r.change!), r.model).toBeLessThan(60);
  });

  test('refuses votes whose columns differ in length or hold a non-finite feature', () => {
    const votes = simulate({ models: 3, votes: 100, ratings: [1000, 1000, 1000], verbosity: [100, 100, 100], beta: 0, tie: 0, seed: 1 });
    expect(() => fitStyleControl({ ...votes, weight: new Float64Array(3) })).toThrow(/differ in length/);
    const bad = votes.features.map((f) => Float64Array.from(f));
    bad[2][5] = NaN;
    expect(() => fitStyleControl({ ...votes, features: bad })).toThrow(/lists is not finite in vote 5/);
  });
});
