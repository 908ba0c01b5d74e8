import { describe, expect, it } from 'vitest';
import { cohenKappa } from '../../../src/core/stats/cohen-kappa.ts';
import { agreementChart, judgeVotesChart, voteBars } from '../../../src/core/charts/judges.ts';
import { labelRatesChart } from '../../../src/core/charts/defects.ts';

describe("Cohen's kappa", () => {
  it('matches the Wikipedia worked example (κ = 0.4)', () => {
    // https://en.wikipedia.org/wiki/Cohen%27s_kappa — 50 proposals, 20 yes/yes, 5 yes/no, 10 no/yes, 15 no/no.
    const k = cohenKappa([
      [20, 5],
      [10, 15],
    ]);
    expect(k.observed).toBeCloseTo(0.7, 12);
    expect(k.expected).toBeCloseTo(0.5, 12);
    expect(k.kappa).toBeCloseTo(0.4, 12);
  });

  it('gives the Fleiss–Cohen–Everitt interval, which narrows as 1/√n', () => {
    const small = cohenKappa([
      [20, 5],
      [10, 15],
    ]);
    const big = cohenKappa([
      [2000, 500],
      [1000, 1500],
    ]);
    expect(big.kappa).toBeCloseTo(small.kappa!, 12);
    const half = (k: typeof small) => (k.upper! - k.lower!) / 2;
    expect(half(small) / half(big)).toBeCloseTo(10, 6);
    // By hand: A = .4(1 − 1.1·.6)² + .3(1 − .9·.6)² = .10972; (1 − κ)² Σ p_ij(p_·i + p_j·)² = .36(.1·1.21 + .2·.81) = .10188;
    // (κ − p_e(1 − κ))² = .01; var = (.10972 + .10188 − .01) / (50 · .25) = .016128, se = .12700.
    expect(half(small) / 1.959963984540054).toBeCloseTo(Math.sqrt(0.016128), 10);
  });

  it('is 1 for perfect agreement, 0 for independent raters, and undefined when chance agreement is total', () => {
    expect(
      cohenKappa([
        [30, 0, 0],
        [0, 20, 0],
        [0, 0, 10],
      ]).kappa,
    ).toBeCloseTo(1, 12);
    expect(
      cohenKappa([
        [25, 25],
        [25, 25],
      ]).kappa,
    ).toBeCloseTo(0, 12);
    expect(
      cohenKappa([
        [40, 0],
        [0, 0],
      ]).kappa,
    ).toBeNull();
    expect(
      cohenKappa([
        [0, 0],
        [0, 0],
      ]).kappa,
    ).toBeNull();
  });

  it('does not change when both raters relabel their categories the same way, and swaps symmetrically', () => {
    const t = [
      [30, 4, 2],
      [6, 25, 3],
      [1, 2, 9],
    ];
    const perm = [2, 0, 1];
    const relabelled = perm.map((i) => perm.map((j) => t[i][j]));
    const transposed = t[0].map((_, j) => t.map((r) => r[j]));
    expect(cohenKappa(relabelled).kappa).toBeCloseTo(cohenKappa(t).kappa!, 12);
    expect(cohenKappa(transposed).lower).toBeCloseTo(cohenKappa(t).lower!, 12);
  });

  it('refuses tables that are not square or hold negative counts', () => {
    expect(() => cohenKappa([[1, 2]])).toThrow(/square/);
    expect(() =>
      cohenKappa([
        [1, -2],
        [0, 1],
      ]),
    ).toThrow(/non-negative/);
  });
});

describe('lens chart options', () => {
  it('keep a fixed 0–100% axis for stacked verdict shares and one bar per judge and verdict', () => {
    const bars = voteBars([
      {
        judge: { column: 'judge_1_response', label: 'judge 1', slot: 0 },
        votes: { A: 6, B: 3, tie: 1, invalid: 0 },
        items: 10,
        agreesWithMajority: 8,
        agreementRate: 0.8,
        aShare: 2 / 3,
        kappa: cohenKappa([[1]]),
      },
    ]);
    expect(bars.map((b) => [b.vote, b.share])).toEqual([
      ['A', 0.6],
      ['B', 0.3],
      ['tie', 0.1],
      ['invalid', 0],
    ]);
    const o = judgeVotesChart(bars);
    expect(o.x).toMatchObject({ percent: true, domain: [0, 100] });
  });

  it('order agreement levels as given and label both axes', () => {
    const o = agreementChart([
      { agreement: 1, label: '5 of 5', kind: 'unanimous', items: 3, valid: 5, top: 5 },
      { agreement: 0.6, label: '3 of 5', kind: 'majority', items: 7, valid: 5, top: 3 },
    ]);
    expect((o.x as { domain: string[] }).domain).toEqual(['5 of 5', '3 of 5']);
    expect((o.y as { label: string }).label).toContain('items');
    expect(labelRatesChart([], 'pairs').x).toMatchObject({ label: 'share of labelled pairs (%) →' });
  });
});
