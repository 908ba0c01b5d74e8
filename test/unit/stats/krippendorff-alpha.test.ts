import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EVALICA_ALPHA } from '../../fixtures/paths.ts';
import { fleissKappa } from '../../../src/core/stats/fleiss-kappa.ts';
import { krippendorffAlpha, valueCounts } from '../../../src/core/stats/krippendorff-alpha.ts';

type Cell = string | number | null;

/** A raters × units CSV of evalica's tests (test/fixtures/evalica-alpha, Apache-2.0): empty cells are missing. */
const csv = (name: string): Cell[][] =>
  readFileSync(join(EVALICA_ALPHA, name), 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.split(',').map((v) => (v === '' ? null : v)));

const alphaOf = (ratings: Cell[][]) => krippendorffAlpha(valueCounts(ratings).units);

/**
 * α by its definition, pair by pair: within each unit rated m ≥ 2 times, every ordered pair of two
 * different ratings is a disagreement weighted 1 / (m − 1); chance pairs every pairable value with
 * every other. No coincidence matrix, no counts: an independent route to the same number.
 */
function alphaByPairs(ratings: Cell[][]): number | null {
  const units = (ratings[0] ?? []).map((_, u) => ratings.map((r) => r[u]).filter((v): v is string | number => v !== null));
  const pairable = units.filter((u) => u.length >= 2);
  const all = pairable.flat().map(String);
  const n = all.length;
  if (n === 0) return null;
  let within = 0;
  for (const u of pairable)
    for (let i = 0; i < u.length; i++)
      for (let j = 0; j < u.length; j++) if (i !== j && String(u[i]) !== String(u[j])) within += 1 / (u.length - 1);
  let across = 0;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j && all[i] !== all[j]) across++;
  if (across === 0) return 1;
  return 1 - ((n - 1) * within) / across;
}

describe("Krippendorff's alpha (nominal)", () => {
  it("equals evalica's published values on its fixtures", () => {
    // evalica test_alpha.py: test_alpha (codings) and test_alpha_gcl
    expect(alphaOf(csv('codings.csv')).alpha!).toBeCloseTo(904 / 1216, 12);
    expect(alphaOf(csv('gcl.csv')).alpha!).toBeCloseTo(0.0833333, 7);
    // test_alpha_interval, nominal: raters 1 2 3 and 2 3 4
    expect(
      alphaOf([
        [1, 2, 3],
        [2, 3, 4],
      ]).alpha!,
    ).toBeCloseTo(-0.1538462, 7);
    // test_alpha_non_numeric: text values give a number
    expect(
      alphaOf([
        ['A', 'B', 'A'],
        ['B', 'A', 'A'],
      ]).alpha,
    ).toEqual(expect.any(Number));
    // test_alpha_zero_expected and test_alpha_n_total_edge_case: one value everywhere → expected 0, α 1
    const same = alphaOf([
      ['A', 'A'],
      ['A', 'A'],
    ]);
    expect([same.expected, same.alpha]).toEqual([0, 1]);
    expect(alphaOf([[1.0], [1.0]]).alpha).toBe(1);
    // test_alpha_single_rater_units: a unit rated once drops out
    const single = alphaOf([
      ['A', 'B', null],
      ['A', 'B', null],
      [null, null, 'C'],
    ]);
    expect([single.alpha, single.units, single.values]).toEqual([1, 2, 4]);
    // test_alpha_no_pairable_units: evalica refuses; here no α
    expect(
      alphaOf([
        [1, null],
        [null, 2],
      ]).alpha,
    ).toBeNull();
  });

  it("gives 0.743 on Krippendorff's own worked example (2011, section C: nominal data, four observers, missing values)", () => {
    // Typed from the paper's reliability data matrix; '.' is a missing value. Unit 12 has one value: not pairable.
    const paper = ['1 2 3 3 2 1 4 1 2 . . .', '1 2 3 3 2 2 4 1 2 5 . 3', '. 3 3 3 2 3 4 2 2 5 1 .', '1 2 3 3 2 4 4 1 2 5 1 .'].map((row) =>
      row.split(' ').map((v) => (v === '.' ? null : Number(v))),
    );
    const a = alphaOf(paper);
    expect(a.alpha!).toBeCloseTo(0.743, 3);
    // The paper's pairable values: n = 40 over the 11 units with two or more values.
    expect([a.values, a.units]).toEqual([40, 11]);
    expect(a.alpha).toBeCloseTo(alphaByPairs(paper)!, 12);
  });

  it('matches the pair-by-pair definition on random data with missing ratings', () => {
    const cell = fc.oneof(fc.constant(null), fc.constantFrom('A', 'B', 'tie'));
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 5 })
          .chain((raters) =>
            fc
              .integer({ min: 1, max: 9 })
              .chain((units) => fc.array(fc.array(cell, { minLength: units, maxLength: units }), { minLength: raters, maxLength: raters })),
          ),
        (ratings) => {
          const a = alphaOf(ratings);
          const b = alphaByPairs(ratings);
          if (b === null) expect(a.alpha).toBeNull();
          else expect(a.alpha!).toBeCloseTo(b, 10);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("is 1 − (n − 1)/n · (1 − Fleiss' κ) on complete data (every unit rated by every rater)", () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 2, max: 6 })
          .chain((m) =>
            fc.array(fc.array(fc.nat(m), { minLength: 3, maxLength: 3 }), { minLength: 2, maxLength: 12 }).map((r) => ({ m, r })),
          ),
        ({ m, r }) => {
          // every unit gets exactly m ratings over three values
          const units = r.map(([x, y]) => {
            const a = Math.min(x, m);
            const b = Math.min(y, m - a);
            return [a, b, m - a - b];
          });
          const k = fleissKappa(units);
          const a = krippendorffAlpha(units);
          if (k.kappa === null) return;
          const n = units.length * m;
          expect(a.alpha!).toBeCloseTo(1 - ((n - 1) / n) * (1 - k.kappa), 10);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('counts identical units once with their weight, and refuses malformed counts', () => {
    const units = [
      [2, 1, 0],
      [2, 1, 0],
      [0, 3, 0],
      [1, 0, 1],
    ];
    const weighted = krippendorffAlpha(
      [
        [2, 1, 0],
        [0, 3, 0],
        [1, 0, 1],
      ],
      [2, 1, 1],
    );
    expect(weighted.alpha!).toBeCloseTo(krippendorffAlpha(units).alpha!, 12);
    expect(weighted.units).toBe(4);
    expect(() => krippendorffAlpha([[1, 2], [1]])).toThrow('krippendorffAlpha');
    expect(() => krippendorffAlpha([[1.5, 2]])).toThrow('krippendorffAlpha');
    expect(() => krippendorffAlpha([[1, 2]], [-1])).toThrow('krippendorffAlpha');
  });
});
