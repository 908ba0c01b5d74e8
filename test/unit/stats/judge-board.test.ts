import { describe, expect, test } from 'vitest';
import { baselineBoard, type VerdictCells } from '../../../src/core/stats/baseline-winrate.ts';
import { fitLengthLogit, lengthControlledWinRates, type LengthVotes } from '../../../src/core/stats/length-controlled.ts';
import { familyGap, isOfFamily, selfPreference, selfPreferenceAgainst, type RatedVotes } from '../../../src/core/stats/self-preference.ts';
import { isStrongVerdict, outcomeForLabel } from '../../../src/core/schema/winner-labels.ts';
import { normal, seededRandom } from '../../../src/core/stats/random.ts';

const sigma = (x: number) => 1 / (1 + Math.exp(-x));

function cells(models: string[], rows: [number, number, number, 0 | 1, number][]): VerdictCells {
  return {
    models,
    a: Int32Array.from(rows, (r) => r[0]),
    b: Int32Array.from(rows, (r) => r[1]),
    outcome: Uint8Array.from(rows, (r) => r[2]),
    strong: Uint8Array.from(rows, (r) => r[3]),
    n: Float64Array.from(rows, (r) => r[4]),
  };
}

describe("arena-hard's verdict scale", () => {
  test('each label is read as its side, and strong ones are known as strong', () => {
    for (const [label, side, strong] of [
      ['[[A>>B]]', 'a', true],
      ['[[A>B]]', 'a', false],
      ['A=B', 'tie', false],
      ['[[B>A]]', 'b', false],
      ['**B>>A**', 'b', true],
      ['A<<B', 'b', true],
      ['B<A', 'a', false],
    ] as const) {
      expect(outcomeForLabel(label), label).toBe(side);
      expect(isStrongVerdict(label), label).toBe(strong);
    }
    expect(isStrongVerdict('A')).toBe(false);
    expect(isStrongVerdict('[[A]]')).toBe(false);
  });
});

describe('baseline view (arena-hard show_result.py)', () => {
  // x against base: a strong win, a weak win, a loss, a tie; x seated A or B.
  const votes = cells(
    ['base', 'x'],
    [
      [1, 0, 0, 1, 1], // x (A) beats base strongly
      [0, 1, 1, 0, 1], // x (B) beats base
      [1, 0, 1, 0, 1], // base (B) beats x
      [0, 1, 2, 0, 1], // tie
    ],
  );

  test('direct win rate scores wins 1, ties ½, and counts a strong verdict strongWeight times', () => {
    const plain = baselineBoard(votes, { baseline: 'base', rounds: 200 });
    expect(plain.rows[0]).toMatchObject({ model: 'x', votes: 4, wins: 2, losses: 1, ties: 1, strong: 1 });
    expect(plain.rows[0].direct!.rate).toBeCloseTo(2.5 / 4, 12);
    const three = baselineBoard(votes, { baseline: 'base', strongWeight: 3, rounds: 200 });
    // label_to_score: A>>B is [1, 1, 1]: (3 + 1 + 0 + 0.5) / 6.
    expect(three.rows[0].direct!.rate).toBeCloseTo(4.5 / 6, 12);
  });

  test('with two models the Bradley-Terry predicted rate is the observed share (its closed form)', () => {
    const three = baselineBoard(votes, { baseline: 'base', strongWeight: 3, rounds: 200 });
    expect(three.rows[0].predicted!.rate).toBeCloseTo(4.5 / 6, 6);
  });

  test('the predicted rate needs no direct battle: a chain through a third model', () => {
    // y beats base 3 of 4 (odds 3), z beats y 3 of 4 (odds 3): BT predicts z over base at odds 9, p = 0.9.
    const chain = cells(
      ['base', 'y', 'z'],
      [
        [1, 0, 0, 0, 3],
        [1, 0, 1, 0, 1],
        [2, 1, 0, 0, 3],
        [2, 1, 1, 0, 1],
      ],
    );
    const board = baselineBoard(chain, { baseline: 'base', rounds: 300 });
    const z = board.rows.find((r) => r.model === 'z')!;
    expect(z.direct).toBeNull();
    expect(z.predicted!.rate).toBeCloseTo(0.9, 6);
    expect(z.predicted!.lower!).toBeLessThan(0.9);
    expect(z.predicted!.upper!).toBeGreaterThan(0.5);
  });

  test('the direct interval matches the normal approximation of a proportion on many votes', () => {
    // 600 wins, 400 losses: p = 0.6, SE = √(0.24/1000); 90% interval ± 1.645 SE.
    const many = cells(
      ['base', 'x'],
      [
        [1, 0, 0, 0, 600],
        [1, 0, 1, 0, 400],
      ],
    );
    const d = baselineBoard(many, { baseline: 'base', rounds: 4000, seed: 3 }).rows[0].direct!;
    const half = 1.645 * Math.sqrt(0.24 / 1000);
    expect(d.lower!).toBeCloseTo(0.6 - half, 2);
    expect(d.upper!).toBeCloseTo(0.6 + half, 2);
  });

  test('a model of the list without a vote in the cells has no row', () => {
    const withIdle = { ...votes, models: ['base', 'x', 'idle'] };
    expect(baselineBoard(withIdle, { baseline: 'base', rounds: 20 }).rows.map((r) => r.model)).toEqual(['x']);
  });

  test('an unknown baseline is an error that names it', () => {
    expect(() => baselineBoard(votes, { baseline: 'nobody' })).toThrow(/nobody/);
  });
});

/**
 * Planted length bias: a judge whose logit for the model is (θ_true + β·tanh(δ / sd)), δ = the
 * model's answer length minus the baseline's. A verbose model of equal quality (θ 0) wins more than
 * half its votes only through length; a terse better model (θ 0.5) wins fewer than σ(0.5).
 */
function plantedLengthBias(seed: number, perModel: number, beta: number): { votes: LengthVotes; truth: Record<string, number> } {
  const random = seededRandom(seed);
  const spec = [
    { model: 'verbose', theta: 0, mean: 1600, sd: 300 },
    { model: 'terse', theta: 0.5, mean: 600, sd: 150 },
  ];
  const a: number[] = [],
    b: number[] = [],
    outcome: number[] = [],
    la: number[] = [],
    lb: number[] = [];
  spec.forEach((s, k) => {
    const model = k + 1;
    const sdDelta = Math.sqrt(s.sd ** 2 + 200 ** 2);
    for (let v = 0; v < perModel; v++) {
      const lenModel = Math.max(20, s.mean + s.sd * normal(random));
      const lenBase = Math.max(20, 1000 + 200 * normal(random));
      // The judge sees the length difference, scaled by its spread (AlpacaEval's own feature).
      const p = sigma(s.theta + beta * Math.tanh((lenModel - lenBase) / sdDelta));
      const modelWon = random.next() < p;
      const modelIsA = v % 2 === 0;
      a.push(modelIsA ? model : 0);
      b.push(modelIsA ? 0 : model);
      outcome.push(modelWon === modelIsA ? 0 : 1);
      la.push(modelIsA ? lenModel : lenBase);
      lb.push(modelIsA ? lenBase : lenModel);
    }
  });
  return {
    votes: {
      models: ['base', ...spec.map((s) => s.model)],
      a: Int32Array.from(a),
      b: Int32Array.from(b),
      outcome: Uint8Array.from(outcome),
      weight: new Float64Array(a.length).fill(1),
      lengthA: Float64Array.from(la),
      lengthB: Float64Array.from(lb),
    },
    truth: Object.fromEntries(spec.map((s) => [s.model, sigma(s.theta)])),
  };
}

describe("AlpacaEval 2's length-controlled win rate", () => {
  test('without any length variation the fit is the plain logit of the win rate', () => {
    const x = new Float64Array([0.3, -0.3, 0.3, -0.3, 0.3, -0.3, 0.3, -0.3]);
    const y = new Float64Array([1, 1, 1, 0, 0, 1, 1, 0]);
    // Balanced x: the intercept alone is logit(5/8) only when φ is 0; check the score equations instead.
    const f = fitLengthLogit(x, y, new Float64Array(8).fill(1))!;
    let g0 = 0,
      g1 = 0;
    for (let k = 0; k < 8; k++) {
      const p = sigma(f.theta + f.phi * x[k]);
      g0 += y[k] - p;
      g1 += (y[k] - p) * x[k];
    }
    expect(Math.abs(g0)).toBeLessThan(1e-9);
    expect(Math.abs(g1)).toBeLessThan(1e-9);
    const flat = fitLengthLogit(new Float64Array([0.5, -0.5]), new Float64Array([0.75, 0.75]), [1, 1])!;
    expect(sigma(flat.theta)).toBeCloseTo(0.75, 9);
    expect(flat.phi).toBeCloseTo(0, 9);
  });

  test('planted length bias: the LC win rate moves from the raw one toward the truth', () => {
    const { votes, truth } = plantedLengthBias(11, 3000, 1.5);
    const result = lengthControlledWinRates(votes, { baseline: 'base', rounds: 200, seed: 1 });
    const verbose = result.rows.find((r) => r.model === 'verbose')!;
    const terse = result.rows.find((r) => r.model === 'terse')!;
    // The bias inflates the verbose model and deflates the terse one…
    expect(verbose.winRate).toBeGreaterThan(truth.verbose + 0.1);
    expect(terse.winRate).toBeLessThan(truth.terse - 0.1);
    // …and the LC win rate undoes it: down for the verbose, up for the terse, close to the truth.
    expect(verbose.lcWinRate!).toBeLessThan(verbose.winRate);
    expect(terse.lcWinRate!).toBeGreaterThan(terse.winRate);
    expect(Math.abs(verbose.lcWinRate! - truth.verbose)).toBeLessThan(0.05);
    expect(Math.abs(terse.lcWinRate! - truth.terse)).toBeLessThan(0.05);
    expect(verbose.lengthCoefficient!).toBeGreaterThan(0.8);
    for (const row of [verbose, terse]) {
      expect(row.lower!).toBeLessThan(row.lcWinRate!);
      expect(row.upper!).toBeGreaterThan(row.lcWinRate!);
    }
  });

  test('without a length bias the LC win rate stays with the raw one', () => {
    const { votes } = plantedLengthBias(12, 3000, 0);
    const result = lengthControlledWinRates(votes, { baseline: 'base', rounds: 100 });
    for (const row of result.rows) expect(Math.abs(row.lcWinRate! - row.winRate)).toBeLessThan(0.04);
  });

  test('a model that won every vote has no LC win rate, and says why', () => {
    const votes: LengthVotes = {
      models: ['base', 'x'],
      a: Int32Array.from({ length: 12 }, () => 1),
      b: new Int32Array(12),
      outcome: new Uint8Array(12),
      weight: new Float64Array(12).fill(1),
      lengthA: Float64Array.from({ length: 12 }, (_, k) => 100 + k),
      lengthB: new Float64Array(12).fill(90),
    };
    expect(lengthControlledWinRates(votes, { baseline: 'base', rounds: 10 }).rows[0]).toMatchObject({
      lcWinRate: null,
      why: 'won every vote',
    });
  });
});

describe('self-preference', () => {
  test('family names match after normalising', () => {
    expect(isOfFamily('gpt-4-0613', 'GPT-4')).toBe(true);
    expect(isOfFamily('GPT4-turbo', 'gpt-4')).toBe(true);
    expect(isOfFamily('claude-v1', 'gpt-4')).toBe(false);
    expect(isOfFamily('anything', '')).toBe(false);
  });

  test('the gap is pooled over the items both raters judged (hand count)', () => {
    const judge = new Map([
      ['q1', { score: 1, votes: 1 }],
      ['q2', { score: 1, votes: 1 }],
      ['q3', { score: 0, votes: 1 }],
    ]);
    const other = new Map([
      ['q1', { score: 0.5, votes: 1 }],
      ['q2', { score: 0, votes: 2 }],
      ['q9', { score: 1, votes: 1 }],
    ]);
    const g = familyGap(judge, other, { rounds: 50 });
    expect(g.items).toBe(2);
    expect(g.judgeRate).toBeCloseTo(1, 12);
    expect(g.otherRate).toBeCloseTo(0.5 / 3, 12);
    expect(g.gap).toBeCloseTo(1 - 0.5 / 3, 12);
  });

  /** Items: a gpt answer against another model's, judged by "gpt-4-judge" (favouring gpt by `bias` logits) and by two people. */
  function planted(bias: number, seed: number): RatedVotes {
    const random = seededRandom(seed);
    const models = ['gpt-4-0613', 'claude-2', 'llama-2-70b'];
    const raters = ['gpt-4-judge', 'person-1', 'person-2'];
    const v = { item: [] as string[], rater: [] as number[], a: [] as number[], b: [] as number[], outcome: [] as number[] };
    for (let q = 0; q < 1500; q++) {
      const rival = 1 + (q % 2);
      const gptFirst = q % 3 === 0;
      for (let r = 0; r < raters.length; r++) {
        const logit = 0.3 + (r === 0 ? bias : 0);
        const gptWon = random.next() < sigma(logit);
        v.item.push(`q${q}`);
        v.rater.push(r);
        v.a.push(gptFirst ? 0 : rival);
        v.b.push(gptFirst ? rival : 0);
        v.outcome.push(gptWon === gptFirst ? 0 : 1);
      }
    }
    return {
      models,
      raters,
      item: v.item,
      rater: Int32Array.from(v.rater),
      a: Int32Array.from(v.a),
      b: Int32Array.from(v.b),
      outcome: Uint8Array.from(v.outcome),
      weight: new Float64Array(v.item.length).fill(1),
    };
  }

  test('a planted self-preference is found, its size within the interval', () => {
    const s = selfPreference(planted(0.8, 5), 'gpt-4-judge', 'gpt-4', { rounds: 400 });
    const truth = sigma(1.1) - sigma(0.3);
    expect(s.others).toEqual(['person-1', 'person-2']);
    expect(s.familyModels).toEqual(['gpt-4-0613']);
    expect(s.items).toBe(1500);
    expect(s.lower!).toBeGreaterThan(0);
    expect(s.lower!).toBeLessThan(truth);
    expect(s.upper!).toBeGreaterThan(truth);
  });

  test('an unbiased judge shows no self-preference: the interval covers 0', () => {
    const s = selfPreference(planted(0, 6), 'gpt-4-judge', 'gpt-4', { rounds: 400 });
    expect(s.lower!).toBeLessThan(0);
    expect(s.upper!).toBeGreaterThan(0);
  });

  test('against a second source (people), matched by item key, the same gap as within one file', () => {
    const votes = planted(0.8, 5);
    const keep = (pick: (r: number) => boolean): RatedVotes => {
      const idx = [...votes.rater.keys()].filter((v) => pick(votes.rater[v]));
      return {
        models: votes.models,
        raters: votes.raters,
        item: idx.map((v) => votes.item[v]),
        rater: Int32Array.from(idx, (v) => votes.rater[v]),
        a: Int32Array.from(idx, (v) => votes.a[v]),
        b: Int32Array.from(idx, (v) => votes.b[v]),
        outcome: Uint8Array.from(idx, (v) => votes.outcome[v]),
        weight: Float64Array.from(idx, (v) => votes.weight[v]),
      };
    };
    const within = selfPreference(votes, 'gpt-4-judge', 'gpt-4', { rounds: 200 });
    const across = selfPreferenceAgainst(
      keep((r) => r === 0),
      'gpt-4-judge',
      'gpt-4',
      keep((r) => r > 0),
      { rounds: 200 },
    );
    expect(across.gap).toBeCloseTo(within.gap!, 12);
    expect(across.items).toBe(within.items);
    expect([across.lower, across.upper]).toEqual([within.lower, within.upper]);
  });
});
