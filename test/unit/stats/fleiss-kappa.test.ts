import { describe, expect, it } from 'vitest';
import { fleissKappa } from '../../../src/core/stats/fleiss-kappa.ts';

describe("Fleiss' kappa", () => {
  it('gives 0.210 on the worked example of 10 items, 14 raters and 5 categories (Fleiss 1971, as on Wikipedia)', () => {
    const table = [
      [0, 0, 0, 0, 14],
      [0, 2, 6, 4, 2],
      [0, 0, 3, 5, 6],
      [0, 3, 9, 2, 0],
      [2, 2, 8, 1, 1],
      [7, 7, 0, 0, 0],
      [3, 2, 6, 3, 0],
      [2, 5, 3, 2, 2],
      [6, 5, 2, 1, 0],
      [0, 2, 2, 3, 7],
    ];
    const k = fleissKappa(table);
    expect(k.observed).toBeCloseTo(0.378, 3);
    expect(k.expected).toBeCloseTo(0.213, 3);
    expect(k.kappa!).toBeCloseTo(0.21, 3);
  });

  it('is 1 when every item is unanimous across categories, and weights equal repeated items', () => {
    expect(
      fleissKappa([
        [3, 0, 0],
        [0, 3, 0],
        [0, 0, 3],
      ]).kappa,
    ).toBeCloseTo(1, 12);
    const repeated = fleissKappa([
      [2, 1, 0],
      [2, 1, 0],
      [0, 3, 0],
    ]);
    const weighted = fleissKappa(
      [
        [2, 1, 0],
        [0, 3, 0],
      ],
      [2, 1],
    );
    expect(weighted.kappa!).toBeCloseTo(repeated.kappa!, 12);
  });

  it('skips items with fewer than two valid raters and says when chance agreement is total', () => {
    expect(
      fleissKappa([
        [1, 0],
        [0, 0],
      ]).items,
    ).toBe(0);
    expect(
      fleissKappa([
        [3, 0],
        [2, 0],
      ]).kappa,
    ).toBeNull();
    expect(() => fleissKappa([[1, 2], [1]])).toThrow('fleissKappa');
  });
});
