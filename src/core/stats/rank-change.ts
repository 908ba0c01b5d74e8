/**
 * A slice's rank against the whole file's, as LMArena's category boards show it (the arrow column).
 * FastChat's rule (fastchat/serve/monitor/monitor.py, get_arena_table with a subset): the whole
 * file's board is cut to the models rated in the slice, its Rank (UB) counted again among them,
 * and the change is overall rank − slice rank, so a positive change means the model rises in the
 * slice. Both ranks are Rank (UB) from each board's own 95% intervals.
 *
 * The change's range uses the same intervals: a model's rank among the shared models lies between
 * its Rank (UB) (only models clearly above count) and its rank (LB), the number of shared models
 * not clearly below it. The change then lies between overall best − slice worst and overall worst
 * − slice best: wide on purpose, a change is clear only when that range leaves out 0.
 */
import type { Leaderboard, LeaderboardRow } from './leaderboard.ts';

export interface RankChange {
  model: string;
  /** Rank (UB) in the slice among the shared models (as the slice's board shows it). */
  rank: number;
  /** Rank (UB) on the whole file's board, counted among the models rated in both. */
  rankOverall: number;
  /** rankOverall − rank: positive, the model is higher in the slice. */
  change: number;
  /** The change's range from both boards' intervals (see above). */
  changeLower: number;
  changeUpper: number;
}

type Bounds = { lower: number; upper: number; group: number };

/** Best (Rank UB) and worst (rank LB) places of each model among `rows`, by comparison group. */
function places(rows: readonly Bounds[]): { best: number; worst: number }[] {
  return rows.map((r, i) => {
    let above = 0,
      below = 0,
      group = 0;
    rows.forEach((o, j) => {
      if (j === i || o.group !== r.group) return;
      group++;
      if (o.lower > r.upper) above++;
      else if (o.upper < r.lower) below++;
    });
    return { best: 1 + above, worst: 1 + group - below };
  });
}

const bounded = (r: LeaderboardRow): Bounds | null =>
  r.rating === null || r.group === null ? null : { lower: r.lower ?? r.rating, upper: r.upper ?? r.rating, group: r.group };

/**
 * Each model rated on both boards: its slice rank, its overall rank among the same models, and the
 * change with its range. A board without intervals yet ranks by point rating (lower = upper).
 * Models in different comparison groups of the whole file are ranked within their group there.
 */
export function rankChanges(slice: Leaderboard, overall: Leaderboard): RankChange[] {
  const whole = new Map(overall.rows.map((r) => [r.model, r]));
  const shared = slice.rows.flatMap((r) => {
    const here = bounded(r),
      o = whole.get(r.model),
      there = o ? bounded(o) : null;
    return here && there ? [{ model: r.model, here, there }] : [];
  });
  const inSlice = places(shared.map((s) => s.here));
  const inWhole = places(shared.map((s) => s.there));
  return shared.map((s, k) => ({
    model: s.model,
    rank: inSlice[k].best,
    rankOverall: inWhole[k].best,
    change: inWhole[k].best - inSlice[k].best,
    changeLower: inWhole[k].best - inSlice[k].worst,
    changeUpper: inWhole[k].worst - inSlice[k].best,
  }));
}

/** "↑3", "↓2" or "–" (no change), as LMArena's arrow column. */
export function changeArrow(change: number): string {
  return change > 0 ? `↑${change}` : change < 0 ? `↓${-change}` : '–';
}
