import { describe, expect, it } from 'vitest';
import { leaderboardOptions } from '../../../src/core/view/rating-options.ts';
import { DEFAULT_VIEW } from '../../../src/core/view/view-state.ts';

describe('leaderboardOptions', () => {
  it('passes the view’s options, dropping an anchor on a model not in the slice', () => {
    const rating = { ...DEFAULT_VIEW.rating, anchor: { model: 'gone', value: 1200 }, rounds: 200, seed: 3 };
    expect(leaderboardOptions(rating, ['a', 'b'])).toEqual({ bootstrapRounds: 200, seed: 3, ties: 'half', intervals: 'bootstrap' });
  });

  it('asks for the weighted sandwich and no bootstrap when pairs are reweighted', () => {
    const rating = { ...DEFAULT_VIEW.rating, reweight: true, rounds: 1000, intervals: 'bootstrap' as const };
    expect(leaderboardOptions(rating, ['a'])).toEqual({
      bootstrapRounds: 0,
      seed: 0,
      ties: 'half',
      intervals: 'sandwich',
      reweightPairs: true,
    });
  });
});
