import { describe, expect, it } from 'vitest';
import { averagePredictedWinRate, predictedWinMatrix, predictedWinProbability } from '../../../src/core/stats/predicted.ts';
import { rankUpperBound } from '../../../src/core/stats/ranks.ts';

describe('predicted win probabilities', () => {
  it('gives 10:1 odds to a 400-point gap and 1/2 to equal ratings', () => {
    expect(predictedWinProbability(1400, 1000)).toBeCloseTo(10 / 11, 12);
    expect(predictedWinProbability(1000, 1000)).toBe(0.5);
  });

  it('leaves unrated models and the diagonal empty', () => {
    const matrix = predictedWinMatrix([1000, null, 1100]);
    expect(matrix[0][0]).toBeNull();
    expect(matrix[0][1]).toBeNull();
    expect(matrix[2][0]! + matrix[0][2]!).toBeCloseTo(1, 12);
    expect(averagePredictedWinRate([1000, null, 1000])).toEqual([0.5, null, 0.5]);
  });
});

describe('rankUpperBound', () => {
  it('counts only models whose lower bound is above this model’s upper bound, in the same group', () => {
    const lower = [1100, 1050, 990, 900, 1500];
    const upper = [1200, 1120, 1060, 980, 1600];
    expect(rankUpperBound(lower, upper, [0, 0, 0, 0, 1])).toEqual([1, 1, 2, 4, 1]);
  });

  it('gives unrated models no rank', () => {
    expect(rankUpperBound([1000, null], [1010, null], [0, 0])).toEqual([1, null]);
  });
});
