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

  it('ranks only models with the minimum of votes in a value; the others keep their rating, marked few', () => {
    // m3 wins 9 of its 10 votes in this value, ahead of everyone on its point rating.
    const value = countsOf(models, [
      [0, 1, 0, 60],
      [1, 0, 0, 40],
      [1, 2, 0, 50],
      [2, 1, 0, 30],
      [0, 2, 0, 45],
      [2, 0, 0, 35],
      [3, 0, 0, 5],
      [3, 1, 0, 4],
      [0, 3, 0, 1],
    ]);
    const all = pointRanks(value);
    expect(all.map((c) => c.rank)).toEqual([2, 3, 4, 1]);
    const cut = pointRanks(value, 50);
    expect(cut.map((c) => c.rank)).toEqual([1, 2, 3, null]);
    expect(cut[3]).toMatchObject({ few: true, votes: 10 });
    expect(cut[3].rating).toBe(all[3].rating);
    const pivot = categoryPivot([{ label: 'v', counts: value }], undefined, 50);
    expect(pivot.rows.map((r) => r.model)).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect(pivot.columns[0].rated).toBe(3);
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
