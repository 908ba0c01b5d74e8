/**
 * The seam between a lens and the data. A lens says what it needs — rows of a query over `battles`,
 * the table holding long text, the pair counts or a leaderboard of a sub-slice — and renders what comes
 * back; the context runs it on the page's DuckDB and the statistics code. `live()` reruns a lens's
 * loader when what it reads changes, keeps only the newest answer and says what went wrong, once.
 */
import type { Duck } from '../io/duckdb.ts';
import type { OpenedDataset } from '../io/open-dataset.ts';
import { textTable } from '../io/text-columns.ts';
import type { Row } from '../core/sql/connector.ts';
import { readCounts } from '../core/sql/pair-counts.ts';
import type { SqlCondition, SqlQuery } from '../core/sql/statement.ts';
import type { Leaderboard, LeaderboardOptions } from '../core/stats/leaderboard.ts';
import { runConsoleQuery, type ConsoleResult } from './sql-console.ts';
import type { PairCounts } from '../core/stats/pair-counts.ts';
import type { RatingsStore } from './ratings.svelte.ts';
import type { ViewStore } from './view.svelte.ts';
import type { DroppedModel } from '../core/stats/min-votes.ts';
import { Newest, type Load } from './newest.ts';
import type { SecondSourceStore } from './second-source.svelte.ts';
import { matchItems, type SourceMatch } from '../core/sources/match-items.ts';
import type { MatchKey } from '../core/sources/match-key.ts';

export type { Run } from './newest.ts';
import type { OnlineEloSource } from './online-elo.ts';
import type { DetailsStore } from './details.svelte.ts';
import type { DetailsSource } from '../core/view/view-state.ts';

/** What every lens gets, the leaderboard's included. */
interface PageParts {
  /** A short phrase naming the slice, for chart titles ("all votes", "language = French"). */
  sliceLabel: string;
  /** Ratings of the current slice (leaderboard, observed win matrix, pair counts), refined live. */
  ratings: RatingsStore;
  /** Base name for downloads, e.g. "arena-conversations". */
  fileStem: string;
  /**
   * The view in the address: a lens keeps its own selections in its slot, `view.state.slots[id]`
   * (the matrix's pair, the compared slices; core/view/lenses.ts).
   */
  view: ViewStore;
}

/**
 * What a lens that waits only for the board gets (the leaderboard: shown from the shipped counts
 * before DuckDB has read the file). `ratings.leaderboard` is set.
 */
export interface BoardContext extends PageParts {
  /** Models under the minimum of votes in force, left out of the fit and listed apart, with their records. */
  dropped: DroppedModel[];
  /** The minimum of votes in force (stats/min-votes.ts). */
  minVotes: number;
  /** Filters narrow the votes (a category board), so the default minimum applies. */
  sliced: boolean;
  /** What online Elo replays; null for pre-aggregated files (no vote order) or before the data is read. */
  onlineElo: OnlineEloSource | null;
  /** Model details joined to the board (organisation colours, what the details' filters hide, price). */
  details: DetailsStore;
  /** Adding, replacing and removing the details file (page.svelte.ts). */
  detailsActions: DetailsActions;
}

export interface DetailsActions {
  chooseFile(file: File): Promise<void>;
  pick(source: DetailsSource): void;
  clear(): void;
}

/** What a lens that reads the data gets. */
export interface LensContext extends PageParts {
  dataset: OpenedDataset;
  /** The current slice; `sql` is '' when nothing is filtered. Placeholders start at $1. */
  where: SqlCondition;
  /** Rows of one statement over `battles` (and the text table), values bound as parameters. */
  query(q: SqlQuery): Promise<Row[]>;
  /** The table holding the dataset's long text, joined on rowid = battles.row_id (loaded on first use). */
  text(): Promise<string>;
  /** Pair counts of a sub-slice, over the dataset's model list. */
  counts(where: SqlCondition): Promise<PairCounts>;
  /** The leaderboard of a sub-slice (one tool's LLM, one benchmark), with `rounds` bootstrap rounds, fitted in the worker. */
  board(where: SqlCondition, rounds: number): Promise<Leaderboard>;
  /** A leaderboard of pair counts the lens put together itself (time windows, pivot columns), fitted in the worker. */
  fit(counts: PairCounts, options: LeaderboardOptions): Promise<Leaderboard>;
  /** Rows of one statement typed in the SQL console, checked read-only first (sql-console.ts). */
  sql(text: string): Promise<ConsoleResult>;
  /** The Two sources lens's second file ("compare with"). */
  second: SecondSourceStore;
  /**
   * The items of the dataset (its votes in the slice) and of the second source matched by `key`
   * (core/sources/match-items.ts): each item's models, both sides' tallies and verdicts, row ids.
   */
  matchedItems(key: MatchKey): Promise<SourceMatch>;
}

export interface LensContextParts extends PageParts {
  dataset: OpenedDataset;
  where: SqlCondition;
  second: SecondSourceStore;
}

/** The context over the page's DuckDB: the only place a lens's requests reach it. */
export function makeLensContext(duck: Duck, parts: LensContextParts): LensContext {
  const { dataset } = parts;
  const counts = (where: SqlCondition) => readCounts(duck.connector, where, dataset.counts.models);
  return {
    ...parts,
    query: (q) => duck.connector.query(q.sql, q.params),
    text: () => textTable(duck, dataset),
    counts,
    // Fitted in the rating worker, like every statistic.
    board: async (where, rounds) => parts.ratings.subBoard(await counts(where), { bootstrapRounds: rounds }),
    fit: (c, options) => parts.ratings.subBoard(c, options),
    sql: (text) => runConsoleQuery(duck, text),
    matchedItems: async (key) => {
      const [first, second] = await parts.second.votes(duck, key.columns, parts.where);
      return matchItems(first, second, key.withPair);
    },
  };
}

/** Names the data and slice a lens shows: a row list opened from a click is hidden once this changes. */
export function sliceKeyOf(context: LensContext): string {
  return JSON.stringify([context.dataset.source.name, context.dataset.summary.rows, context.where.sql, context.where.params]);
}

export interface Live<T> {
  readonly value: T | null;
  readonly error: string | null;
  readonly loading: boolean;
}

export interface LiveOptions {
  /** What the lens was doing, for the error: "could not <what>: …". */
  what?: string;
  /**
   * When the last answer leaves the screen. 'always' (the default): it stays while a newer one
   * loads and when there is nothing to load, so a new slice does not flash empty. 'loading': it
   * goes when there is nothing to load (the lens's columns are being read again). 'never': it
   * goes as soon as a new load starts (an answer that does not fit the new inputs: another file).
   */
  keep?: 'always' | 'loading' | 'never';
}

/**
 * Runs `load` now and whenever what it reads before its first `await` changes (read `context.where`
 * and the like first), by the one rule of newest.ts: a newer run supersedes an older one still
 * going (its answer and its error are dropped, its signal aborted). `load` returns null when there
 * is nothing to load.
 */
export function live<T>(load: Load<T>, options: string | LiveOptions = {}): Live<T> {
  const { what = 'read the data', keep = 'always' } = typeof options === 'string' ? { what: options } : options;
  let value = $state.raw<T | null>(null);
  let error = $state<string | null>(null);
  // Nothing is known before the first run.
  let loading = $state(true);
  const runner = new Newest<T>((shown) => {
    switch (shown.kind) {
      case 'idle':
        loading = false;
        if (keep !== 'always') value = null;
        return;
      case 'loading':
        // An older run's error is as stale as its answer.
        loading = true;
        error = null;
        if (keep === 'never') value = null;
        return;
      case 'partial':
        value = shown.value;
        return;
      case 'value':
        value = shown.value;
        error = null;
        loading = false;
        return;
      case 'error':
        error = `could not ${what}: ${(shown.error instanceof Error ? shown.error.message : String(shown.error)).split('\n')[0]}`;
        loading = false;
    }
  });
  $effect(() => {
    runner.start(load);
    return () => runner.stop();
  });
  return {
    get value() {
      return value;
    },
    get error() {
      return error;
    },
    get loading() {
      return loading;
    },
  };
}
