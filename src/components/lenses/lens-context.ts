/**
 * What every lens receives: the page's DuckDB, the current slice as a condition on `battles`
 * (bound parameters, never spliced text), and the dataset as loaded. Lenses query `battles`
 * (canonical columns + kept slice columns) and, for long text, `textTable()` joined on row_id.
 */
import type { Duck } from '../../io/duckdb';
import type { OpenedDataset } from '../../io/open-dataset';
import type { SqlCondition } from '../../core/sql/statement';
import { readCounts } from '../../core/sql/pair-counts';
import type { Leaderboard } from '../../core/stats/leaderboard';
import type { RatingsStore } from '../../state/ratings.svelte';
import type { ViewStore } from '../../state/view.svelte';

export interface LensContext {
  duck: Duck;
  dataset: OpenedDataset;
  /** The current slice; `sql` is '' when nothing is filtered. Placeholders start at $1. */
  where: SqlCondition;
  /** A short phrase naming the slice, for chart titles ("all votes", "language = French"). */
  sliceLabel: string;
  /** Ratings of the current slice (leaderboard, observed win matrix, pair counts), refined live. */
  ratings: RatingsStore;
  /** Base name for downloads, e.g. "arena-conversations". */
  fileStem: string;
  /** The view in the address: a lens keeps its selections there (matrix pair, compared slices). */
  view: ViewStore;
}

/** The leaderboard of a sub-slice (one tool's LLM, one benchmark) with `rounds` bootstrap rounds, fitted in the rating worker. */
export async function subSliceBoard(context: LensContext, where: SqlCondition, rounds: number): Promise<Leaderboard> {
  const counts = await readCounts(context.duck.connector, where, context.dataset.counts.models);
  return context.ratings.subBoard(counts, { bootstrapRounds: rounds });
}

/** Names the data and slice a lens shows: a row list opened from a click is hidden once this changes. */
export function sliceKeyOf(context: LensContext): string {
  return JSON.stringify([context.dataset.source.name, context.dataset.summary.rows, context.where.sql, context.where.params]);
}
