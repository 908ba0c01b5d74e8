import { describe, expect, it } from 'vitest';
import { leaderboardOptions, otherScaleOptions } from '../../../src/core/view/rating-options.ts';
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

describe('otherScaleOptions', () => {
  const models = ['a', 'mixtral-8x7b-instruct-v0.1'];
  const mixtral = { model: 'mixtral-8x7b-instruct-v0.1', value: 1114 };
  it('is the scale switch’s other side: the same options with the anchor swapped, exactly as a click would ask', () => {
    const mean = { ...DEFAULT_VIEW.rating, seed: 5 };
    const lmarena = { ...mean, anchor: { ...mixtral } };
    expect(otherScaleOptions(mean, models)).toEqual(leaderboardOptions(lmarena, models));
    expect(JSON.stringify(otherScaleOptions(mean, models))).toBe(JSON.stringify(leaderboardOptions(lmarena, models)));
    expect(otherScaleOptions(lmarena, models)).toEqual(leaderboardOptions(mean, models));
  });
  it('is null where the switch is not offered, or on another anchor', () => {
    expect(otherScaleOptions(DEFAULT_VIEW.rating, ['a', 'b'])).toBeNull();
    expect(otherScaleOptions({ ...DEFAULT_VIEW.rating, anchor: { model: 'a', value: 1200 } }, models)).toBeNull();
  });
});
