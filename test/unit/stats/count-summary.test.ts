import { describe, expect, it } from 'vitest';
import { summariseCounts } from '../../../src/core/stats/count-summary.ts';

describe('the summary figures read from pair counts', () => {
  it('adds votes per outcome and counts only models that voted', () => {
    const counts = {
      models: ['a', 'b', 'c', 'never'],
      a: Int32Array.from([0, 0, 1, 2]),
      b: Int32Array.from([1, 1, 2, 0]),
      outcome: Uint8Array.from([0, 2, 1, 3]),
      n: Float64Array.from([5, 2.5, 3, 1]),
    };
    expect(summariseCounts(counts)).toEqual({ votes: 11.5, models: 3, outcomes: { a: 5, b: 3, tie: 2.5, both_bad: 1 } });
  });
});
