import { describe, expect, test } from 'vitest';
import { fitControls, type ControlVotes } from '../../../src/core/stats/controls.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';

const ELO = 400 / Math.LN10;

interface Planted {
  /** Seat A's advantage, Elo points. */
  seat: number;
  /** Elo points per unit of the per-side covariate (answer length in hundreds of tokens). */
  length: number;
  votes: number;
  seed: number;
}

/**
 * Votes with known truth: P(A wins) = σ((R_A − R_B + seat + length·(ℓ_A − ℓ_B)) / ELO), ℓ each
 * answer's length (a per-model verbosity plus noise), and a battle-level covariate (the turn) with no
 * effect at all. No ties: the logistic likelihood is then exactly the one simulated.
 */
function simulate(p: Planted): { votes: ControlVotes; ratings: number[] } {
  const rng = seededRandom(p.seed);
  const m = 12;
  const ratings = Array.from({ length: m }, (_, k) => 1150 - 25 * k);
  const verbosity = Array.from({ length: m }, (_, k) => 2 + ((k * 7) % 5));
  const n = p.votes;
  const a = new Int32Array(n),
    b = new Int32Array(n),
    outcome = new Uint8Array(n);
  const length = new Float64Array(n),
    turn = new Float64Array(n),
    seat = new Float64Array(n).fill(1);
  for (let v = 0; v < n; v++) {
    a[v] = Math.floor(rng.next() * m);
    do b[v] = Math.floor(rng.next() * m);
    while (b[v] === a[v]);
    const la = verbosity[a[v]] + 2 * rng.next(),
      lb = verbosity[b[v]] + 2 * rng.next();
    length[v] = la - lb;
    turn[v] = 1 + Math.floor(rng.next() * 3);
    const eta = (ratings[a[v]] - ratings[b[v]] + p.seat + p.length * length[v]) / ELO;
    outcome[v] = rng.next() < 1 / (1 + Math.exp(-eta)) ? 0 : 1;
  }
  const mean = ratings.reduce((s, r) => s + r, 0) / m;
  return {
    votes: {
      models: ratings.map((_, k) => `m${k}`),
      a,
      b,
      outcome,
      weight: new Float64Array(n).fill(1),
      controls: [
        { name: 'seat A', kind: 'seat', values: seat },
        { name: 'length (A − B)', kind: 'side', values: length },
        { name: 'turn', kind: 'battle', values: turn },
      ],
    },
    ratings: ratings.map((r) => r - mean + 1000),
  };
}

const covers = (lower: number | null, upper: number | null, truth: number) => lower! <= truth && truth <= upper!;

describe('controls for any column (contextual Bradley-Terry)', () => {
  test('the seat-A coefficient, a per-side effect and a null battle-level effect come back with intervals that cover the planted values', () => {
    const { votes, ratings } = simulate({ seat: 40, length: 15, votes: 20_000, seed: 3 });
    const fit = fitControls(votes);
    expect(fit.converged).toBe(true);
    const [seat, length, turn] = fit.coefficients;
    expect(seat.kind).toBe('seat');
    expect(covers(seat.lowerPerUnit, seat.upperPerUnit, 40)).toBe(true);
    expect(seat.lowerPerUnit!).toBeGreaterThan(0);
    expect(seat.eloPerSd).toBeNull();
    expect(covers(length.lowerPerUnit, length.upperPerUnit, 15)).toBe(true);
    // Per SD is per unit times the SD of the difference.
    expect(length.eloPerSd!).toBeCloseTo(length.eloPerUnit! * length.sd, 9);
    expect(covers(turn.lowerPerUnit, turn.upperPerUnit, 0)).toBe(true);
    // The controlled ratings find the planted strengths; the raw ones are off by the verbosity reward.
    for (const row of fit.rows) {
      const truth = ratings[Number(row.model.slice(1))];
      expect(covers(row.lower, row.upper, truth), row.model).toBe(true);
    }
  });

  test('over 40 files the 95% intervals of the seat and length effects cover the truth about 95% of the time', () => {
    let seatCovered = 0,
      lengthCovered = 0;
    const runs = 40;
    for (let seed = 100; seed < 100 + runs; seed++) {
      const fit = fitControls(simulate({ seat: -25, length: 10, votes: 4_000, seed }).votes);
      const [seat, length] = fit.coefficients;
      if (covers(seat.lowerPerUnit, seat.upperPerUnit, -25)) seatCovered++;
      if (covers(length.lowerPerUnit, length.upperPerUnit, 10)) lengthCovered++;
    }
    // Binomial(40, 0.95): at least 34 covered with probability > 0.99.
    expect(seatCovered).toBeGreaterThanOrEqual(34);
    expect(lengthCovered).toBeGreaterThanOrEqual(34);
  });

  test('with no control the board is the raw Bradley-Terry board; a covariate that never varies is left out', () => {
    const { votes } = simulate({ seat: 0, length: 0, votes: 3_000, seed: 7 });
    const fit = fitControls({ ...votes, controls: [{ name: 'constant', kind: 'battle', values: new Float64Array(3_000).fill(2) }] });
    expect(fit.coefficients[0].used).toBe(false);
    for (const row of fit.rows) expect(row.controlled!, row.model).toBeCloseTo(row.raw!, 2);
  });

  test('a model that never lost is left out of the controlled fit, flagged, and moves no other rating', () => {
    const { votes } = simulate({ seat: 30, length: 0, votes: 5_000, seed: 11 });
    const champ = 12;
    const extra = 30;
    const grow = <T extends Int32Array | Uint8Array | Float64Array>(x: T, fill: (i: number) => number): T => {
      const out = new (x.constructor as new (n: number) => T)(x.length + extra);
      out.set(x);
      for (let i = 0; i < extra; i++) out[x.length + i] = fill(i);
      return out;
    };
    const withChamp: ControlVotes = {
      models: [...votes.models, 'champ'],
      a: grow(votes.a, () => champ),
      b: grow(votes.b, (i) => i % 12),
      outcome: grow(votes.outcome, () => 0),
      weight: grow(votes.weight, () => 1),
      controls: votes.controls.map((c) => ({ ...c, values: grow(c.values, () => (c.kind === 'seat' ? 1 : 0)) })),
    };
    const fit = fitControls(withChamp);
    const before = new Map(fitControls(votes).rows.map((r) => [r.model, r.controlled!]));
    const row = fit.rows.find((r) => r.model === 'champ')!;
    expect([row.controlled, row.flag]).toEqual([null, 'never-lost']);
    expect(fit.votesUsed).toBe(5_000);
    for (const r of fit.rows) if (r.model !== 'champ') expect(Math.abs(r.controlled! - before.get(r.model)!), r.model).toBeLessThan(1e-6);
  });

  test('refuses columns of another length or a non-finite value', () => {
    const { votes } = simulate({ seat: 0, length: 0, votes: 100, seed: 1 });
    expect(() => fitControls({ ...votes, weight: new Float64Array(3) })).toThrow(/differ in length/);
    const bad = Float64Array.from(votes.controls[1].values);
    bad[4] = NaN;
    expect(() => fitControls({ ...votes, controls: [{ ...votes.controls[1], values: bad }] })).toThrow(/not finite in vote 4/);
  });
});
