/** The view's rating options as the worker takes them; an anchor on a model not in the slice is dropped. */
import type { LeaderboardOptions } from '../stats/leaderboard.ts';
import type { RatingOptionsState } from './view-state.ts';

export function leaderboardOptions(rating: RatingOptionsState, models: readonly string[]): LeaderboardOptions {
  const anchor = rating.anchor && models.includes(rating.anchor.model) && Number.isFinite(rating.anchor.value) ? rating.anchor : null;
  return {
    bootstrapRounds: rating.rounds,
    seed: rating.seed,
    ties: rating.ties,
    intervals: rating.intervals,
    ...(anchor ? { anchor: { model: anchor.model, value: anchor.value } } : {}),
  };
}
