/** The view's rating options as the worker takes them; an anchor on a model not in the slice is dropped. */
import type { LeaderboardOptions } from '../stats/leaderboard.ts';
import type { RatingOptionsState } from './view-state.ts';

export function leaderboardOptions(rating: RatingOptionsState, models: readonly string[]): LeaderboardOptions {
  const anchor = rating.anchor && models.includes(rating.anchor.model) && Number.isFinite(rating.anchor.value) ? rating.anchor : null;
  return {
    // A reweighted board has the weighted sandwich and no bootstrap (stats/leaderboard.ts): said here, so
    // the worker's progress and the page's rounds agree with the board.
    bootstrapRounds: rating.reweight ? 0 : rating.rounds,
    seed: rating.seed,
    ties: rating.ties,
    intervals: rating.reweight ? 'sandwich' : rating.intervals,
    ...(rating.reweight ? { reweightPairs: true } : {}),
    ...(anchor ? { anchor: { model: anchor.model, value: anchor.value } } : {}),
  };
}
