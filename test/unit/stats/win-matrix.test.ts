import { describe, expect, it } from 'vitest';
import { winMatrix } from '../../../src/core/stats/win-matrix.ts';
import { countsOf } from './fixtures.ts';

describe('winMatrix', () => {
  // x–y: x wins 3 from seat a and 1 from seat b, y wins 2; 4 ties/both_bad. z only ties x. w never plays.
  const counts = countsOf(
    ['x', 'y', 'z', 'w'],
    [
      [0, 1, 0, 3],
      [1, 0, 1, 1],
      [1, 0, 0, 2],
      [0, 1, 2, 3],
      [1, 0, 3, 1],
      [2, 0, 2, 5],
    ],
  );
  const result = winMatrix(counts);

  it('pools both seat orders and ignores ties in the win fraction', () => {
    expect(result.fraction[0][1]).toBeCloseTo(4 / 6, 12);
    expect(result.fraction[1][0]).toBeCloseTo(2 / 6, 12);
  });

  it('leaves pairs without a decisive vote empty (null), not 0.5', () => {
    expect(result.fraction[0][2]).toBeNull();
    expect(result.fraction[0][3]).toBeNull();
    expect(result.fraction[0][0]).toBeNull();
  });

  it('counts every vote, ties included, in the symmetric battle matrix', () => {
    expect(result.battles[0][1]).toBe(10);
    expect(result.battles[1][0]).toBe(10);
    expect(result.battles[0][2]).toBe(5);
    expect(result.battles[3]).toEqual([0, 0, 0, 0]);
  });

  it('keeps each model’s record and averages win rates over opponents played', () => {
    expect([result.wins[0], result.losses[0], result.ties[0], result.votes[0]]).toEqual([4, 2, 9, 15]);
    expect(result.averageWinRate[0]).toBeCloseTo(4 / 6, 12);
    expect(result.averageWinRate[2]).toBeNull();
    expect(result.votes[3]).toBe(0);
  });
});
