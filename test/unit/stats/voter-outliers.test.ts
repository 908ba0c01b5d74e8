/**
 * The per-voter outlier test against simulations with known truth: votes drawn from known
 * Bradley-Terry ratings (ties at a fixed rate), honest voters following them and planted adversarial
 * voters who always pick the truly weaker model. The test must flag the planted ones and keep its
 * stated error rates on the honest ones; the exact tail is checked against enumeration.
 */
import { describe, expect, it } from 'vitest';
import { seededRandom, type Random } from '../../../src/core/stats/random.ts';
import { runVoterAudit, voterBins, sayRankChanges, withoutVoters } from '../../../src/core/stats/voter-audit.ts';
import { upsetTail, voterOutlierTest, type VoterCells } from '../../../src/core/stats/voter-outliers.ts';
import { fitBradleyTerry } from '../../../src/core/stats/bradley-terry.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';

const MODELS = 12;
/** True strengths on the Elo scale: 40 points apart. */
const TRUE = Array.from({ length: MODELS }, (_, k) => 1200 - 40 * k);
const TIE_RATE = 0.1;

interface Voter {
  votes: number;
  adversarial: boolean;
}

/** Draws every voter's votes; returns the slice's counts and the voters' cells (one cell per vote). */
function simulate(voters: Voter[], random: Random): { counts: PairCounts; cells: VoterCells } {
  const v: number[] = [],
    a: number[] = [],
    b: number[] = [],
    o: number[] = [];
  voters.forEach((voter, id) => {
    for (let k = 0; k < voter.votes; k++) {
      const i = Math.floor(random.next() * MODELS);
      let j = Math.floor(random.next() * (MODELS - 1));
      if (j >= i) j++;
      let outcome: number;
      if (voter.adversarial) outcome = TRUE[i] < TRUE[j] ? 0 : 1;
      else if (random.next() < TIE_RATE) outcome = 2;
      else outcome = random.next() < 1 / (1 + 10 ** ((TRUE[j] - TRUE[i]) / 400)) ? 0 : 1;
      v.push(id);
      a.push(i);
      b.push(j);
      o.push(outcome);
    }
  });
  const cells: VoterCells = {
    voter: Int32Array.from(v),
    a: Int32Array.from(a),
    b: Int32Array.from(b),
    outcome: Uint8Array.from(o),
    n: new Float64Array(v.length).fill(1),
  };
  const counts: PairCounts = {
    models: TRUE.map((_, k) => `m${String(k).padStart(2, '0')}`),
    a: cells.a,
    b: cells.b,
    outcome: cells.outcome,
    n: cells.n,
  };
  return { counts, cells };
}

const audit = (voters: Voter[], seed: number) => {
  const { counts, cells } = simulate(voters, seededRandom(seed));
  const votes = voters.map((x) => x.votes);
  return runVoterAudit(counts, {
    column: 'judge',
    voters: voters.map((_, k) => `v${k}`),
    votes,
    cells,
    capped: counts,
    cap: 1000,
    seed: 0,
  });
};

describe('the per-voter outlier test, on votes drawn from known ratings', () => {
  it('flags every planted voter who always picks the weaker model, and no honest one', () => {
    const random = seededRandom(11);
    const voters: Voter[] = [];
    for (let k = 0; k < 400; k++) voters.push({ votes: 10 + Math.floor(random.next() * 150), adversarial: false });
    // Ten adversaries with 30 to 120 votes each: about 4% of the votes.
    for (let k = 0; k < 10; k++) voters.push({ votes: 30 + 10 * k, adversarial: true });
    const r = audit(voters, 5);
    const flagged = new Set(r.test!.rows.filter((x) => x.flagged).map((x) => x.voter));
    const planted = voters.flatMap((x, k) => (x.adversarial ? [`v${k}`] : []));
    for (const p of planted) expect(flagged.has(p), p).toBe(true);
    expect(flagged.size).toBe(planted.length);
    expect(r.test!.tested).toBeGreaterThan(400);
    // Without them the board is the true order again (the adversaries pulled it towards the reverse).
    const without = r.models.filter((m) => m.withoutRank !== null).sort((x, y) => x.withoutRank! - y.withoutRank!);
    expect(without.map((m) => m.model)).toEqual(TRUE.map((_, k) => `m${String(k).padStart(2, '0')}`));
    expect(r.without!.votes).toBe(voters.reduce((s, x) => s + x.votes, 0) - r.test!.flaggedVotes);
  });

  it("keeps its stated rates on honest voters: each voter's p < α about α of the time, any flag at most α of the time", () => {
    // 200 simulated arenas of 100 honest voters with 20 to 200 votes each, nobody planted.
    let tests = 0,
      rejectedRaw = 0,
      arenasWithFlag = 0;
    for (let s = 0; s < 200; s++) {
      const random = seededRandom(1000 + s);
      const voters = Array.from({ length: 100 }, () => ({ votes: 20 + Math.floor(random.next() * 180), adversarial: false }));
      // The test alone, on the fit the audit gives it (Bradley-Terry on the decisive votes).
      const { counts, cells } = simulate(voters, seededRandom(5000 + s));
      const fit = fitBradleyTerry({ ...counts, n: counts.n.map((x, c) => (counts.outcome[c] < 2 ? x : 0)) });
      const t = voterOutlierTest(voters.length, cells, fit.ratings, fit.group);
      tests += t.tested;
      rejectedRaw += t.rows.filter((x) => x.p < 0.05).length;
      if (t.rows.some((x) => x.flagged)) arenasWithFlag++;
    }
    const rate = rejectedRaw / tests;
    // A discrete tail makes each test conservative: at most α, and not far below it at these sizes.
    expect(rate).toBeLessThanOrEqual(0.05 + 3 * Math.sqrt((0.05 * 0.95) / tests));
    expect(rate).toBeGreaterThan(0.03);
    // Holm: the chance of flagging any honest voter is at most α (200 arenas: a 3-sigma margin).
    expect(arenasWithFlag / 200).toBeLessThanOrEqual(0.05 + 3 * Math.sqrt((0.05 * 0.95) / 200));
  });
});

describe('the exact upset tail', () => {
  it('equals enumeration over every outcome of a few votes', () => {
    const parts = [
      { q: 0.1, n: 2 },
      { q: 0.35, n: 1 },
      { q: 0.48, n: 3 },
    ];
    const qs = parts.flatMap((p) => Array.from({ length: p.n }, () => p.q));
    for (let u = 0; u <= qs.length + 1; u++) {
      let want = 0;
      for (let mask = 0; mask < 1 << qs.length; mask++) {
        let prob = 1,
          ups = 0;
        qs.forEach((q, k) => {
          const up = (mask >> k) & 1;
          ups += up;
          prob *= up ? q : 1 - q;
        });
        if (ups >= u) want += prob;
      }
      expect(upsetTail(parts, u)).toBeCloseTo(want, 14);
    }
  });

  it('past the exact size, the normal approximation is close to the binomial tail', () => {
    // Binomial(5000, 0.3): P(U ≥ 1560) by the log-space sum of its terms.
    const n = 5000,
      q = 0.3,
      u = 1560;
    const logChoose = (k: number) => {
      let s = 0;
      for (let t = 1; t <= k; t++) s += Math.log((n - k + t) / t);
      return s;
    };
    let want = 0;
    for (let k = u; k <= n; k++) want += Math.exp(logChoose(k) + k * Math.log(q) + (n - k) * Math.log(1 - q));
    const got = upsetTail([{ q, n }], u);
    expect(Math.abs(got - want) / want).toBeLessThan(0.1);
  });
});

describe('voter checks: pieces', () => {
  it('leaves out ties, unrated models and voters below the minimum', () => {
    const cells: VoterCells = {
      voter: Int32Array.from([0, 0, 1]),
      a: Int32Array.from([0, 1, 0]),
      b: Int32Array.from([1, 2, 1]),
      outcome: Uint8Array.from([2, 0, 1]),
      n: Float64Array.from([50, 20, 9]),
    };
    const t = voterOutlierTest(2, cells, [1100, 1000, null], [0, 0, null], { minVotes: 10 });
    expect(t.tested).toBe(0);
    const t2 = voterOutlierTest(2, cells, [1100, 1000, null], [0, 0, null], { minVotes: 9 });
    expect(t2.rows.map((r) => [r.voter, r.decisive, r.upsets])).toEqual([[1, 9, 9]]);
    expect(t2.rows[0].expected).toBeCloseTo(9 / (1 + 10 ** (100 / 400)), 12);
  });

  it('bins votes per voter on a 1-2-5 scale and says rank changes plainly', () => {
    expect(voterBins([1, 1, 3, 7, 12, 60]).map((b) => [b.label, b.voters, b.votes])).toEqual([
      ['1', 2, 2],
      ['2–4', 1, 3],
      ['5–9', 1, 7],
      ['10–19', 1, 12],
      ['20–49', 0, 0],
      ['50–99', 1, 60],
    ]);
    expect(sayRankChanges([], 5)).toBe('no model changes rank (5 rated)');
    expect(
      sayRankChanges(
        [
          { model: 'x', from: 1, to: 2 },
          { model: 'y', from: 2, to: 1 },
        ],
        5,
      ),
    ).toBe('2 of 5 models change rank: x falls from #1 to #2; y rises from #2 to #1');
  });

  it("takes a voter's cells out of the counts", () => {
    const counts: PairCounts = {
      models: ['a', 'b'],
      a: Int32Array.from([0, 0]),
      b: Int32Array.from([1, 1]),
      outcome: Uint8Array.from([0, 1]),
      n: Float64Array.from([10, 4]),
    };
    const cells: VoterCells = {
      voter: Int32Array.from([0, 1]),
      a: Int32Array.from([0, 0]),
      b: Int32Array.from([1, 1]),
      outcome: Uint8Array.from([0, 1]),
      n: Float64Array.from([3, 4]),
    };
    expect([...withoutVoters(counts, cells, new Set([0])).n]).toEqual([7, 4]);
    expect([...withoutVoters(counts, cells, new Set([1])).n]).toEqual([10, 0]);
  });
});
