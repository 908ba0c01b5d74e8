import { describe, expect, it } from 'vitest';
import { categoryPivot, pointRanks } from '../../../src/core/stats/category-pivot.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { countsOf, simulateVotes } from './fixtures.ts';

describe('category pivot', () => {
  const models = ['m0', 'm1', 'm2', 'm3'];
  const strongFirst = { ...simulateVotes([1200, 1100, 1000, 900], 8000, seededRandom(1), 0.1), models };
  const reversed = { ...simulateVotes([900, 1000, 1100, 1200], 8000, seededRandom(2), 0.1), models };

  it('ranks models by their point rating within each value', () => {
    expect(pointRanks(strongFirst).map((c) => c.rank)).toEqual([1, 2, 3, 4]);
    expect(pointRanks(reversed).map((c) => c.rank)).toEqual([4, 3, 2, 1]);
  });

  it('puts one column per value with its votes, and orders rows by the first column', () => {
    const pivot = categoryPivot([
      { label: 'English', counts: strongFirst },
      { label: 'French', counts: reversed },
    ]);
    expect(pivot.columns.map((c) => [c.label, c.votes, c.rated])).toEqual([
      ['English', 8000, 4],
      ['French', 8000, 4],
    ]);
    expect(pivot.rows.map((r) => [r.model, ...r.cells.map((c) => c.rank)])).toEqual([
      ['m0', 1, 4],
      ['m1', 2, 3],
      ['m2', 3, 2],
      ['m3', 4, 1],
    ]);
  });

  it('leaves a model without a finite rating in a value unranked there, and drops models with no votes at all', () => {
    // m2 never loses in this value; m3 has no votes anywhere.
    const value = countsOf(models, [
      [0, 1, 0, 30],
      [1, 0, 0, 20],
      [2, 0, 0, 5],
      [2, 1, 0, 4],
    ]);
    const pivot = categoryPivot([{ label: 'v', counts: value }]);
    expect(pivot.rows.map((r) => [r.model, r.cells[0].rank, r.cells[0].votes])).toEqual([
      ['m0', 1, 55],
      ['m1', 2, 54],
      ['m2', null, 9],
    ]);
    expect(pivot.columns[0].rated).toBe(2);
  });
});
