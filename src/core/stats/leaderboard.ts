import { RatingBootstrap, type BootstrapIntervals } from './bootstrap.ts';
import { bradleyTerryLikelihood, fitBradleyTerry } from './bradley-terry.ts';
import type { ExclusionReason } from './components.ts';
import { davidsonLikelihood, fitDavidson, type DavidsonGroup } from './davidson.ts';
import type { RatingFit, RatingScale } from './fit-groups.ts';
import type { PairCounts } from './pair-counts.ts';
import { rankUpperBound } from './ranks.ts';
import type { StatsWarning } from './stats-warning.ts';
import { winMatrix, type WinMatrix } from './win-matrix.ts';

export interface LeaderboardOptions extends RatingScale {
  /** Bootstrap rounds; 0 skips intervals. Default 1000. */
  bootstrapRounds?: number;
  seed?: number;
  /** 'half': Bradley-Terry with a tie as half a win each side (default); 'davidson': Davidson's ties model. */
  ties?: 'half' | 'davidson';
}

export interface LeaderboardRow {
  model: string;
  rating: number | null;
  /** Bootstrap percentile bounds; null for unrated models and before any round has run. */
  lower: number | null;
  upper: number | null;
  /** Rank (UB) within the group; from the point ratings until intervals exist. */
  rank: number | null;
  rankLower: number | null;
  rankUpper: number | null;
  votes: number;
  wins: number;
  losses: number;
  /** Ties including both_bad. */
  ties: number;
  /** Average observed win fraction against the opponents played (see win-matrix.ts). */
  winRate: number | null;
  group: number | null;
  /** Why the model has no rating. */
  flag: ExclusionReason | null;
}

export interface Leaderboard {
  /** Sorted by group, then rating (highest first); unrated models last in their group. */
  rows: LeaderboardRow[];
  warnings: StatsWarning[];
  rounds: number;
  roundsDone: number;
  /** Per group tie parameter, with ties: 'davidson'. */
  davidson: DavidsonGroup[] | null;
}

/**
 * The leaderboard with bootstrap intervals computed in chunks: build it, read `current()` for the
 * point fit, call `runRounds(n)` until `finished`, reading `current()` in between; stop calling to
 * cancel. Deterministic for a given seed whatever the chunk sizes.
 */
export class IncrementalLeaderboard {
  readonly fit: RatingFit;
  readonly observed: WinMatrix;
  private readonly davidson: DavidsonGroup[] | null;
  private readonly bootstrap: RatingBootstrap | null;

  constructor(counts: PairCounts, options: LeaderboardOptions = {}) {
    const { anchor, mean, bootstrapRounds = 1000, seed = 0, ties = 'half' } = options;
    if (ties !== 'half' && ties !== 'davidson') throw new RangeError(`computeLeaderboard: ties must be 'half' or 'davidson', got "${ties}"`);
    if (!Number.isInteger(bootstrapRounds) || bootstrapRounds < 0) throw new RangeError(`computeLeaderboard: bootstrapRounds must be a non-negative integer, got ${bootstrapRounds}`);
    this.observed = winMatrix(counts);
    if (ties === 'davidson') {
      const fit = fitDavidson(counts, { anchor, mean });
      this.fit = fit;
      this.davidson = fit.davidson;
    } else {
      this.fit = fitBradleyTerry(counts, { anchor, mean });
      this.davidson = null;
    }
    const likelihood = ties === 'davidson' ? davidsonLikelihood : bradleyTerryLikelihood;
    this.bootstrap = bootstrapRounds > 0 && this.fit.groups.length > 0 ? new RatingBootstrap(this.fit, likelihood, { rounds: bootstrapRounds, seed }) : null;
  }

  get finished(): boolean { return !this.bootstrap || this.bootstrap.finished; }

  runRounds(count: number): number { return this.bootstrap ? this.bootstrap.runRounds(count) : 0; }

  current(): Leaderboard {
    const intervals = this.bootstrap && this.bootstrap.roundsDone > 0 ? this.bootstrap.intervals() : null;
    return assembleLeaderboard(this.fit, this.observed, intervals, this.davidson, this.bootstrap?.rounds ?? 0);
  }
}

/** Fit, bootstrap (all rounds) and observed records in one call; used by the worker and the CLI. */
export function computeLeaderboard(counts: PairCounts, options: LeaderboardOptions = {}): Leaderboard {
  const board = new IncrementalLeaderboard(counts, options);
  board.runRounds(Infinity);
  return board.current();
}

function assembleLeaderboard(
  fit: RatingFit, observed: WinMatrix, intervals: BootstrapIntervals | null, davidson: DavidsonGroup[] | null, rounds: number,
): Leaderboard {
  const lower = intervals ? intervals.lower : fit.ratings;
  const upper = intervals ? intervals.upper : fit.ratings;
  const rank = rankUpperBound(lower, upper, fit.group.map((g, k) => (fit.ratings[k] === null ? null : g)));
  const rows = fit.models.map((model, k): LeaderboardRow => ({
    model,
    rating: fit.ratings[k],
    lower: intervals ? intervals.lower[k] : null,
    upper: intervals ? intervals.upper[k] : null,
    rank: rank[k],
    rankLower: intervals ? intervals.rankLower[k] : null,
    rankUpper: intervals ? intervals.rankUpper[k] : null,
    votes: observed.votes[k], wins: observed.wins[k], losses: observed.losses[k], ties: observed.ties[k],
    winRate: observed.averageWinRate[k],
    group: fit.group[k],
    flag: fit.excluded[k],
  }));
  rows.sort((x, y) =>
    (x.group ?? Infinity) - (y.group ?? Infinity) ||
    (y.rating ?? -Infinity) - (x.rating ?? -Infinity) ||
    (x.model < y.model ? -1 : x.model > y.model ? 1 : 0));
  return { rows, warnings: [...fit.warnings, ...(intervals?.warnings ?? [])], rounds, roundsDone: intervals?.roundsDone ?? 0, davidson };
}
