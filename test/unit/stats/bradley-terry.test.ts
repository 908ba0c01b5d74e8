import { beforeAll, describe, expect, it } from 'vitest';
import { bradleyTerryLikelihood, fitBradleyTerry, fitBradleyTerryPairs } from '../../../src/core/stats/bradley-terry.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import { collapsePairs } from '../../../src/core/stats/pair-table.ts';
import { readArenaExpected } from '../../fixtures/paths.ts';
import { countsFromWinTable, countsOf, loadArenaCounts } from './fixtures.ts';

const toStrength = (rating: number | null) => Math.exp(((rating! - 1000) * Math.LN10) / 400);

describe('fitBradleyTerry on the Wikipedia worked example', () => {
  // en.wikipedia.org/wiki/Bradley–Terry_model, "Worked example of solution procedure": rows beat columns.
  const wins = [
    [0, 2, 0, 1],
    [3, 0, 5, 0],
    [0, 3, 0, 1],
    [4, 0, 3, 0],
  ];
  const published = [0.64, 1.043, 0.66, 2.27]; // normalised to geometric mean 1
  const fit = fitBradleyTerry(countsFromWinTable(['A', 'B', 'C', 'D'], wins));

  it('reproduces the published strengths, which mean 1000 normalises to geometric mean 1', () => {
    fit.ratings.forEach((r, k) => expect(toStrength(r)).toBeCloseTo(published[k], 3));
  });

  it('reproduces the published strength ratios', () => {
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 4; j++) {
        expect(toStrength(fit.ratings[i]) / toStrength(fit.ratings[j])).toBeCloseTo(published[i] / published[j], 2);
      }
  });

  it('raises no warning on a strongly connected example', () => expect(fit.warnings).toEqual([]));
});

describe('fitBradleyTerry on the Chatbot Arena 2024-08-14 counts', () => {
  let counts: PairCounts;
  const expected = readArenaExpected();
  beforeAll(async () => {
    counts = await loadArenaCounts();
  });

  it('reads 129 models and 13,621 cells', () => {
    expect(counts.models).toHaveLength(129);
    expect(counts.a).toHaveLength(13621);
  });

  it('matches every reference rating within 0.05 with the mean at 1000', () => {
    const fit = fitBradleyTerry(counts);
    expect(fit.warnings).toEqual([]);
    counts.models.forEach((model, k) => expect(Math.abs(fit.ratings[k]! - expected.mean_1000[model])).toBeLessThan(0.05));
  });

  it('matches every reference rating within 0.05 with mixtral-8x7b-instruct-v0.1 anchored at 1114', () => {
    const fit = fitBradleyTerry(counts, { anchor: { model: 'mixtral-8x7b-instruct-v0.1', value: 1114 } });
    const reference = expected.anchored_mixtral_8x7b_instruct_v0_1_at_1114;
    counts.models.forEach((model, k) => expect(Math.abs(fit.ratings[k]! - reference[model])).toBeLessThan(0.05));
  });

  it('converges to a per-vote gradient norm below 1e-9 in a handful of Newton steps', () => {
    const table = collapsePairs(counts);
    const result = fitBradleyTerryPairs(table);
    expect(result.converged).toBe(true);
    expect(result.gradientNorm).toBeLessThan(1e-9);
    expect(result.iterations).toBeLessThan(15);
    const g = new Float64Array(table.modelCount);
    bradleyTerryLikelihood.derivatives(table, result.x, g, null);
    for (const v of g) expect(Math.abs(v) / table.total).toBeLessThan(1e-9);
  });
});

describe('fitBradleyTerry conventions', () => {
  it('counts a tie and a both_bad vote as half a win for each side', () => {
    const withTies = fitBradleyTerry(
      countsOf(
        ['x', 'y'],
        [
          [0, 1, 0, 3],
          [0, 1, 1, 1],
          [0, 1, 2, 2],
          [1, 0, 3, 2],
        ],
      ),
    );
    const halved = fitBradleyTerry(
      countsOf(
        ['x', 'y'],
        [
          [0, 1, 0, 5],
          [0, 1, 1, 3],
        ],
      ),
    );
    expect(withTies.ratings[0]).toBeCloseTo(halved.ratings[0]!, 6);
    // x won 5 of 8 half-counted votes: odds 5/3.
    expect(withTies.ratings[0]! - withTies.ratings[1]!).toBeCloseTo(400 * Math.log10(5 / 3), 6);
  });

  it('rejects an anchor that names no model, naming the function', () => {
    expect(() =>
      fitBradleyTerry(
        countsOf(
          ['x', 'y'],
          [
            [0, 1, 0, 1],
            [1, 0, 0, 1],
          ],
        ),
        { anchor: { model: 'z', value: 1 } },
      ),
    ).toThrow(/fitBradleyTerry: unknown anchor model "z"/);
  });

  it('rejects malformed cells, naming the function that checked them', () => {
    expect(() => fitBradleyTerry(countsOf(['x', 'y'], [[0, 2, 0, 1]]))).toThrow(/collapsePairs: model index out of range/);
    expect(() => fitBradleyTerry(countsOf(['x', 'y'], [[0, 1, 7, 1]]))).toThrow(/collapsePairs: unknown outcome code 7/);
    expect(() => fitBradleyTerry(countsOf(['x', 'y'], [[0, 1, 0, -1]]))).toThrow(/collapsePairs: count must be finite/);
  });
});
