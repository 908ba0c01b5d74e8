import { PRIOR_VOTES, RatingBootstrap, roundStarts, type BootstrapIntervals, type RoundsRun } from './bootstrap.ts';
import type { RoundStart } from './bootstrap-round.ts';
import { bradleyTerryLikelihood, fitBradleyTerry } from './bradley-terry.ts';
import type { ExclusionReason } from './components.ts';
import { davidsonLikelihood, fitDavidson, type DavidsonGroup } from './davidson.ts';
import { onScale, type RatingFit, type RatingScale } from './fit-groups.ts';
import type { PairLikelihood } from './pair-likelihood.ts';
import type { PairCounts } from './pair-counts.ts';
import type { PoissonTables } from './poisson.ts';
import { reweightByPairFrequency } from './pair-reweight.ts';
import { rankUpperBound } from './ranks.ts';
import { sandwichIntervals, type SandwichIntervals } from './sandwich.ts';
import { orderSignal, type OrderSignal } from './signal.ts';
import type { StatsWarning } from './stats-warning.ts';
import { assignTiers } from './tiers.ts';
import { winMatrix, type WinMatrix } from './win-matrix.ts';

export interface LeaderboardOptions extends RatingScale {
  /** Bootstrap rounds; 0 skips intervals. Default 1000. */
  bootstrapRounds?: number;
  seed?: number;
  /** 'half': Bradley-Terry with a tie as half a win each side (default); 'davidson': Davidson's ties model. */
  ties?: 'half' | 'davidson';
  /** Which 95% interval the board shows and ranks by: bootstrap percentiles (default) or sandwich (robust Wald). */
  intervals?: IntervalMethod;
  /**
   * Weight each vote by the inverse of its pair's frequency (pair-reweight.ts, LMArena 2025). The
   * intervals are then the weighted sandwich: a Poisson bootstrap of weighted counts is not defined
   * here, so no bootstrap runs and `intervals` is taken as 'sandwich'. Records (votes, wins) stay raw.
   */
  reweightPairs?: boolean;
}

export type IntervalMethod = 'bootstrap' | 'sandwich';

export interface LeaderboardRow {
  model: string;
  rating: number | null;
  /** The board's interval (`intervalMethod`); null for unrated models and, for the bootstrap, before any round. */
  lower: number | null;
  upper: number | null;
  /** Rank (UB) within the group from `lower`/`upper`; from the point ratings until intervals exist. */
  rank: number | null;
  /** 95% rank range over the bootstrap rounds (inverse empirical CDF, so integers); null before any round. */
  rankLower: number | null;
  rankUpper: number | null;
  /** Both kinds of interval, whichever the board shows. */
  bootstrapLower: number | null;
  bootstrapUpper: number | null;
  sandwichLower: number | null;
  sandwichUpper: number | null;
  /** Sandwich (robust) standard error, Elo points. */
  se: number | null;
  /** comparIA tier from `lower`/`upper` on the whole board (tiers.ts); null until intervals exist. */
  tier: number | null;
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
  /** The bootstrap's prior: virtual votes per model in every round (bootstrap.ts PRIOR_VOTES); null without a bootstrap. */
  priorVotes: number | null;
  /** Per group tie parameter, with ties: 'davidson'. */
  davidson: DavidsonGroup[] | null;
  intervalMethod: IntervalMethod;
  /** The fit weighted each vote by the inverse of its pair's frequency. */
  reweighted: boolean;
  /** Adjacent pairs whose intervals do not overlap; null until intervals exist. */
  signal: OrderSignal | null;
  /** Bootstrap pairwise confidence, once every round has run (pairwise-confidence.ts). */
  pairwise: PairwiseConfidence | null;
}

export interface PairwiseConfidence {
  /** Indexed like the fit's models (the pair counts' order), not like `rows`. */
  models: string[];
  /** above[i·n + j]: share of rounds with model i rated above model j; NaN across groups, unrated, diagonal. */
  above: Float64Array;
  rounds: number;
}

/**
 * The leaderboard with bootstrap intervals computed in chunks: build it, read `current()` for the
 * point fit, call `runRounds(n)` until `finished`, reading `current()` in between; stop calling to
 * cancel. Deterministic for a given seed whatever the chunk sizes.
 */
export class IncrementalLeaderboard {
  fit: RatingFit;
  readonly observed: WinMatrix;
  private readonly davidson: DavidsonGroup[] | null;
  /** Built at the first round, not with the point fit: its tables cost a few ms a board waits for. */
  private bootstrapState: RatingBootstrap | null = null;
  private readonly bootstrapPlan: { rounds: number; seed: number } | null;
  /** Computed when first needed: a bootstrap board's first sight (`current({ quick: true })`) goes without it. */
  private sandwich: SandwichIntervals | null = null;
  private readonly likelihood: PairLikelihood;
  private readonly method: IntervalMethod;
  private readonly reweighted: boolean;

  /** The rounds' Poisson tables when built elsewhere (useRoundTables), for the bootstrap's start. */
  private roundTables: PoissonTables | null = null;
  /** Each group's rounds' start (roundStarts), once asked for or given. */
  private starts: RoundStart[] | null = null;

  /**
   * `given`: what was computed elsewhere for these counts and options (a bootstrap helper is handed
   * the board's), so it is not computed again: the fit, the rounds' starts (roundStarts) and tables
   * (useRoundTables).
   */
  constructor(
    counts: PairCounts,
    options: LeaderboardOptions = {},
    given: { fit?: RatingFit; starts?: RoundStart[]; tables?: PoissonTables } = {},
  ) {
    const { anchor, mean, seed = 0, ties = 'half', reweightPairs = false } = options;
    const intervals = reweightPairs ? 'sandwich' : (options.intervals ?? 'bootstrap');
    const bootstrapRounds = boardRounds(options);
    this.reweighted = reweightPairs;
    if (ties !== 'half' && ties !== 'davidson')
      throw new RangeError(`computeLeaderboard: ties must be 'half' or 'davidson', got "${ties}"`);
    if (intervals !== 'bootstrap' && intervals !== 'sandwich')
      throw new RangeError(`computeLeaderboard: intervals must be 'bootstrap' or 'sandwich', got "${intervals}"`);
    this.method = intervals;
    if (!Number.isInteger(bootstrapRounds) || bootstrapRounds < 0)
      throw new RangeError(`computeLeaderboard: bootstrapRounds must be a non-negative integer, got ${bootstrapRounds}`);
    this.observed = winMatrix(counts);
    const fitted = reweightPairs ? reweightByPairFrequency(counts) : counts;
    if (given.fit) {
      this.fit = given.fit;
      this.davidson = ties === 'davidson' ? (given.fit as RatingFit & { davidson: DavidsonGroup[] }).davidson : null;
    } else if (ties === 'davidson') {
      const fit = fitDavidson(fitted, { anchor, mean });
      this.fit = fit;
      this.davidson = fit.davidson;
    } else {
      this.fit = fitBradleyTerry(fitted, { anchor, mean });
      this.davidson = null;
    }
    const likelihood = ties === 'davidson' ? davidsonLikelihood : bradleyTerryLikelihood;
    this.likelihood = likelihood;
    this.bootstrapPlan = bootstrapRounds > 0 && this.fit.groups.length > 0 ? { rounds: bootstrapRounds, seed } : null;
    this.roundTables = given.tables ?? null;
    this.starts = given.starts ?? null;
  }

  /** The bootstrap, built on first use (null when there is none to run). */
  private get bootstrap(): RatingBootstrap | null {
    if (!this.bootstrapState && this.bootstrapPlan)
      this.bootstrapState = new RatingBootstrap(this.fit, this.likelihood, {
        ...this.bootstrapPlan,
        tables: this.roundTables ?? undefined,
        starts: this.roundStarts(),
      });
    return this.bootstrapState;
  }

  /** Each group's rounds' start (the prior fit and its inverse Hessian), computed once: for the bootstrap here and a helper's. */
  roundStarts(): RoundStart[] {
    this.starts ??= roundStarts(this.fit, this.likelihood, PRIOR_VOTES);
    return this.starts;
  }

  /** Whether the bootstrap is yet to start without tables to start from: useRoundTables would spare it building them. */
  get needsRoundTables(): boolean {
    return !!this.bootstrapPlan && !this.bootstrapState && !this.roundTables;
  }

  /** The rounds' Poisson tables built elsewhere from these counts (boardTables), for the bootstrap's start: the same draws as its own. */
  useRoundTables(tables: PoissonTables): void {
    this.roundTables = tables;
  }

  get finished(): boolean {
    return !this.bootstrapPlan || (this.bootstrapState?.finished ?? false);
  }

  /**
   * The same board anchored elsewhere (another anchor model or value, or the mean): ratings, both
   * kinds of interval and the rounds done are put on the new scale without refitting, and equal
   * what a new board with that scale would give.
   */
  rescale(scale: RatingScale): void {
    this.fit = onScale(this.fit, scale, 'computeLeaderboard');
    this.bootstrapState?.rescale(this.fit);
    this.sandwich = null;
  }

  runRounds(count: number): number {
    return this.bootstrap ? this.bootstrap.runRounds(count) : 0;
  }

  get roundsDone(): number {
    return this.bootstrapState ? this.bootstrapState.roundsDone : 0;
  }

  /** The sandwich intervals now rather than at the next current(), for a thread with time to spare (the board is the same). */
  computeSandwich(): void {
    this.sandwich ??= sandwichIntervals(this.fit, this.likelihood);
  }

  /** Bootstrap rounds neither run nor handed to a helper. */
  get roundsUnclaimed(): number {
    return this.bootstrapPlan ? (this.bootstrapState ? this.bootstrapState.unclaimed : this.bootstrapPlan.rounds) : 0;
  }

  /** Bootstrap rounds handed to a helper and taken back (RatingBootstrap.claim, runRange, absorb, release). */
  claimRounds(count: number): { from: number; count: number } | null {
    return this.bootstrap ? this.bootstrap.claim(count) : null;
  }
  runRange(from: number, count: number): RoundsRun | null {
    return this.bootstrap ? this.bootstrap.runRange(from, count) : null;
  }
  absorbRounds(run: RoundsRun): void {
    this.bootstrap?.absorb(run);
  }
  releaseRounds(range: { from: number; count: number }): void {
    this.bootstrapState?.release(range);
  }

  /**
   * The board as it stands. `quick`: a bootstrap board's point ratings at once, its sandwich
   * columns (se, sandwichLower/Upper: exports only) left null until a call without it, as its
   * bootstrap intervals are until the first rounds: they cost as much as the fit itself.
   */
  current({ quick = false }: { quick?: boolean } = {}): Leaderboard {
    if (!this.sandwich && (!quick || this.method === 'sandwich')) this.sandwich = sandwichIntervals(this.fit, this.likelihood);
    const bootstrap = this.bootstrapState;
    const intervals = bootstrap && bootstrap.roundsDone > 0 ? bootstrap.intervals() : null;
    const pairwise =
      bootstrap && bootstrap.finished ? { models: this.fit.models, above: bootstrap.pairwiseAbove(), rounds: bootstrap.roundsDone } : null;
    return assembleLeaderboard(
      this.fit,
      this.observed,
      intervals,
      this.sandwich,
      this.method,
      this.davidson,
      this.bootstrapPlan?.rounds ?? 0,
      pairwise,
      this.reweighted,
    );
  }
}

/** The bootstrap rounds a board with `options` runs: none when pairs are reweighted, else bootstrapRounds (default 1000). */
export function boardRounds(options: LeaderboardOptions): number {
  return options.reweightPairs ? 0 : (options.bootstrapRounds ?? 1000);
}

/** Fit, bootstrap (all rounds) and observed records in one call; used by the worker and the CLI. */
export function computeLeaderboard(counts: PairCounts, options: LeaderboardOptions = {}): Leaderboard {
  const board = new IncrementalLeaderboard(counts, options);
  board.runRounds(Infinity);
  return board.current();
}

function assembleLeaderboard(
  fit: RatingFit,
  observed: WinMatrix,
  intervals: BootstrapIntervals | null,
  sandwich: SandwichIntervals | null,
  method: IntervalMethod,
  davidson: DavidsonGroup[] | null,
  rounds: number,
  pairwise: PairwiseConfidence | null,
  reweighted: boolean,
): Leaderboard {
  const shown = method === 'sandwich' ? sandwich : intervals;
  const lower = shown ? shown.lower : fit.ratings;
  const upper = shown ? shown.upper : fit.ratings;
  const group = fit.group.map((g, k) => (fit.ratings[k] === null ? null : g));
  const rank = rankUpperBound(lower, upper, group);
  const bounds = fit.ratings.map((rating, k) => ({
    rating,
    lower: shown ? shown.lower[k] : null,
    upper: shown ? shown.upper[k] : null,
    group: group[k],
  }));
  const tier = assignTiers(bounds);
  const rows = fit.models.map((model, k): LeaderboardRow => ({
    model,
    rating: fit.ratings[k],
    lower: bounds[k].lower,
    upper: bounds[k].upper,
    rank: rank[k],
    rankLower: intervals ? intervals.rankLower[k] : null,
    rankUpper: intervals ? intervals.rankUpper[k] : null,
    bootstrapLower: intervals ? intervals.lower[k] : null,
    bootstrapUpper: intervals ? intervals.upper[k] : null,
    sandwichLower: sandwich ? sandwich.lower[k] : null,
    sandwichUpper: sandwich ? sandwich.upper[k] : null,
    se: sandwich ? sandwich.se[k] : null,
    tier: tier[k],
    votes: observed.votes[k],
    wins: observed.wins[k],
    losses: observed.losses[k],
    ties: observed.ties[k],
    winRate: observed.averageWinRate[k],
    group: fit.group[k],
    flag: fit.excluded[k],
  }));
  rows.sort(
    (x, y) =>
      (x.group ?? Infinity) - (y.group ?? Infinity) ||
      (y.rating ?? -Infinity) - (x.rating ?? -Infinity) ||
      (x.model < y.model ? -1 : x.model > y.model ? 1 : 0),
  );
  return {
    rows,
    warnings: [...fit.warnings, ...(intervals?.warnings ?? [])],
    rounds,
    roundsDone: intervals?.roundsDone ?? 0,
    priorVotes: rounds > 0 ? PRIOR_VOTES : null,
    davidson,
    intervalMethod: method,
    reweighted,
    signal: shown ? orderSignal(bounds) : null,
    pairwise,
  };
}
