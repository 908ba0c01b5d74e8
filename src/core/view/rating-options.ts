/** The view's rating options as the worker takes them; an anchor on a model not in the slice is dropped. */
import { isLmarenaAnchor, LMARENA_ANCHOR } from './conventions.ts';
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

/**
 * The options of the scale switch's other side (mean 1000 ↔ LMArena's anchor) when the switch is
 * offered (the anchor model is among `models`); null on any other anchor. The same fit on another
 * scale: the worker prepares that board so a click on the switch needs no request.
 */
export function otherScaleOptions(rating: RatingOptionsState, models: readonly string[]): LeaderboardOptions | null {
  if (!models.includes(LMARENA_ANCHOR.model)) return null;
  if (rating.anchor && !isLmarenaAnchor(rating.anchor)) return null;
  return leaderboardOptions({ ...rating, anchor: rating.anchor ? null : { ...LMARENA_ANCHOR } }, models);
}
