import { describe, expect, it } from 'vitest';
import { compareMethods, METHOD_NAMES, methodScores } from '../../../src/core/stats/method-compare.ts';
import { kendallTau } from '../../../src/core/stats/kendall.ts';
import { newmanScores, voteMatrices } from '../../../src/core/stats/rating-methods.ts';
import { evalicaGolden, evalicaRtol, evalicaVotes } from './evalica-data.ts';

describe.each(['simple', 'llmfao'] as const)("the seven methods against evalica's golden values on %s", (name) => {
  const { counts, votes } = evalicaVotes(name);
  const golden = evalicaGolden(name);

  it.each([...METHOD_NAMES])('%s equals every golden score to evalica’s tolerance', (method) => {
    const expected = golden.get(method)!;
    expect(expected.size).toBe(counts.models.length);
    const scores = methodScores(method, counts, votes)!;
    const rtol = evalicaRtol(method);
    let worst = 0;
    counts.models.forEach((model, k) => {
      const want = expected.get(model)!;
      // pandas' check: |actual − expected| ≤ atol + rtol·|expected|
      const excess = Math.abs(scores[k] - want) - (1e-8 + rtol * Math.abs(want));
      worst = Math.max(worst, excess);
      if (excess > 0) expect.fail(`${method} ${model}: ${scores[k]} vs golden ${want} (rtol ${rtol})`);
    });
    expect(worst).toBeLessThanOrEqual(0);
  });
});

describe('compareMethods', () => {
  const { counts, votes } = evalicaVotes('llmfao');

  it('ranks each method and gives a symmetric τ matrix with ones on the diagonal', () => {
    const c = compareMethods(counts, votes);
    expect(c.methods.map((m) => m.method)).toEqual([...METHOD_NAMES]);
    const k = c.methods.length;
    for (let p = 0; p < k; p++) {
      expect(c.tau[p * k + p]).toBe(1);
      for (let q = 0; q < k; q++) expect(c.tau[p * k + q]).toBe(c.tau[q * k + p]);
    }
    const bt = c.methods.find((m) => m.method === 'bradley-terry')!;
    // GPT 4 leads evalica's Bradley-Terry golden values on llmfao.
    expect(counts.models[bt.ranks.indexOf(1)]).toBe('GPT 4');
    const at = (a: string, b: string) => c.tau[METHOD_NAMES.indexOf(a as never) * k + METHOD_NAMES.indexOf(b as never)];
    // Methods that all reward winning agree strongly; evalica's eigenvector runs against them.
    expect(at('bradley-terry', 'newman')).toBeGreaterThan(0.9);
    expect(at('bradley-terry', 'eigenvector')).toBeLessThan(0);
  });

  it('leaves Elo out, and says why, without ordered votes', () => {
    const c = compareMethods(counts);
    expect(c.methods.map((m) => m.method)).not.toContain('elo');
    expect(c.missing).toEqual([{ method: 'elo', reason: expect.stringMatching(/order/) }]);
  });

  it("gives Newman's tie parameter of evalica's own test (3.4609664512240546 on its 5-item fixture, tolerance 1e-8)", () => {
    // evalica src/bradley_terry.rs test_newman: tolerance 1e-8, v_init 0.5 on simple.csv's votes.
    const r = newmanScores(voteMatrices(evalicaVotes('simple').counts), { tolerance: 1e-8, limit: 100 });
    expect(r.v).toBeCloseTo(3.4609664512240546, 6);
  });
});

describe('kendallTau', () => {
  it('is 1 for the same order, −1 for the reverse, and τ-b with ties (hand-computed)', () => {
    expect(kendallTau([1, 2, 3, 4], [10, 20, 30, 40])).toBe(1);
    expect(kendallTau([1, 2, 3, 4], [4, 3, 2, 1])).toBe(-1);
    // x = 1,2,3 ; y = 1,1,2: pairs (1,2) tie in y, (1,3) C, (2,3) C → (2 − 0)/√(3·2)
    expect(kendallTau([1, 2, 3], [1, 1, 2])).toBeCloseTo(2 / Math.sqrt(6), 12);
    expect(kendallTau([1, NaN, 3], [1, 5, 2])).toBe(1);
    expect(kendallTau([1, 1], [1, 2])).toBeNaN();
  });
});
