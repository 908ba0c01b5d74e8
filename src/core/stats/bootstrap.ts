import { cellMeans, GroupRounds, roundStart, type RoundStart } from './bootstrap-round.ts';
import { bradleyTerryLikelihood } from './bradley-terry.ts';
import { comparisonGroups, toElo, type GroupFit, type RatingFit } from './fit-groups.ts';
import type { PairCounts } from './pair-counts.ts';
import type { PairLikelihood } from './pair-likelihood.ts';
import { collapsePairs, type PairTable } from './pair-table.ts';
import { pairwiseAboveShare } from './pairwise-confidence.ts';
import { poissonTables, type PoissonTables } from './poisson.ts';
import { inverseCdfInPlace, quantileInPlace } from './percentile.ts';
import { competitionRanks, rankScratch, ranksHold, sameRanks } from './round-ranks.ts';
import { seededRandom, type Xoshiro128 } from './random.ts';
import type { StatsWarning } from './stats-warning.ts';

/**
 * Bootstrap confidence intervals by resampling votes, as the Poisson bootstrap (Hanley &
 * MacGibbon 2006; Chamandy et al. 2012): every vote gets an independent Poisson(1) weight, so an
 * aggregated cell of n votes gets Poisson(n), and summing cells (both seat orders, tie and
 * both_bad) keeps it exact. It differs from multinomial resampling only in that the total varies
 * (by ±√N), which is negligible for intervals. Each round is refitted from the full-data MLE by a
 * chord iteration that keeps the full-data Hessian, inverted once (Kelley 1995, Iterative Methods
 * for Linear and Nonlinear Equations, §5.4): O(pairs + models²) a step; the inverse is refreshed
 * only if the steps stop shrinking.
 * Every round is fitted with a weak prior (Coulom 2008, Whole-History Rating, §3.2, and his
 * BayesElo: virtual games against a virtual player): each model gets PRIOR_VOTES virtual votes,
 * half won and half lost, against one virtual opponent whose strength is the reference. So every
 * resample has a finite, unique fit, even one in which a model won or lost all its votes (on a
 * small slice nearly every resample has one, and without a rule a round has no finite rating at
 * all). The prior is the same in every round, so rounds are comparable; it pulls a model with n
 * votes towards the middle by about PRIOR_VOTES / n of its distance from it, a few hundredths for
 * the models a board ranks. The point rating shown stays the maximum-likelihood fit of all votes.
 * Intervals: percentiles 2.5 / 97.5 by linear interpolation (quantileInPlace); rank intervals by
 * the inverse empirical CDF, so they stay integers.
 * Each round draws from its own random stream (the seed and the round's number), so rounds can run
 * in any order, in chunks, or in another worker (runRange, absorb) and give the same intervals.
 */
export interface BootstrapOptions {
  /** Default 1000. */
  rounds?: number;
  /** Default 0. */
  seed?: number;
  /**
   * Stop a round's iteration when no parameter moves more than this (natural-log units). Default
   * 1e-4 (0.017 Elo): the chord iteration contracts by a factor ρ ≈ 0.1–0.2 a step, so what is left
   * after the last step is about ρ/(1−ρ) of it, a few thousandths of an Elo point; the intervals
   * move by less (0.0004 Elo on Chatbot Arena against 1e-9), far below the 0.1 shown. Tighter
   * stops cost a third more chord steps a round.
   */
  stepTolerance?: number;
  /** Interval mass, default 0.95 (percentiles 2.5 and 97.5). */
  level?: number;
  /** Virtual votes per model in every round (half won, half lost); default PRIOR_VOTES. */
  priorVotes?: number;
  /**
   * The Poisson tables of the rounds' draws, bootstrapTables of the fit's groups (another thread's
   * from the same counts: boardTables); default: built here.
   */
  tables?: PoissonTables;
  /** Each group's rounds' start, roundStarts of the fit with these priorVotes (another thread's); default: fitted here. */
  starts?: RoundStart[];
}

/** Each group's rounds' start (roundStart): the prior fit of all its votes and its inverse Hessian. */
export function roundStarts(fit: RatingFit, likelihood: PairLikelihood, priorVotes = PRIOR_VOTES): RoundStart[] {
  return fit.groups.map((g) => roundStart(g.table, g.x, likelihood, priorVotes));
}

/**
 * The inversion tables every round of a fit draws from: one set for the cells of all its groups
 * (wins each way and ties of every pair), so a helper thread can build them while the fit runs
 * and hand them over (boardTables); the draws depend only on these cells' means.
 */
export function bootstrapTables(groups: readonly PairTable[]): PoissonTables {
  const cells = groups.map(cellMeans);
  const means = new Float64Array(cells.reduce((sum, c) => sum + c.length, 0));
  let at = 0;
  for (const c of cells) {
    means.set(c, at);
    at += c.length;
  }
  return poissonTables(means);
}

/** bootstrapTables of the fit `counts` would get (fitBradleyTerry's or fitDavidson's), without fitting: the same groups, the same pairs. */
export function boardTables(counts: PairCounts): PoissonTables {
  return bootstrapTables(comparisonGroups(collapsePairs(counts)).tables);
}

/** The prior's strength: one virtual vote per model, half won and half lost, against a virtual middle-strength opponent. */
export const PRIOR_VOTES = 1;

/** Rounds run elsewhere (another worker) from the same fit, seed and rounds: see runRange and absorb. */
export interface RoundsRun {
  from: number;
  count: number;
  /** Per comparison group: θ of each round, round-major (count × members). */
  thetas: Float64Array[];
}

export interface BootstrapIntervals {
  rounds: number;
  roundsDone: number;
  /** Per model; null for excluded models and before the first round. */
  lower: (number | null)[];
  upper: (number | null)[];
  rankLower: (number | null)[];
  rankUpper: (number | null)[];
  warnings: StatsWarning[];
}

interface GroupState {
  fit: GroupFit;
  /** Draws and refits one round of the group (bootstrap-round.ts). */
  rounds: GroupRounds;
  /** Each round's θ (natural-log strengths), so the rounds can be put on another scale without refitting. */
  thetas: Float64Array;
  ratings: Float64Array;
  ranks: Int32Array;
  order: number[];
  rankScratch: ReturnType<typeof rankScratch>;
}

export class RatingBootstrap {
  readonly rounds: number;
  private done = 0;
  /** Rounds done, in the order they were done (the first `done` entries). */
  private readonly completed: Int32Array;
  /** Rounds not yet run nor handed out: [low, high), and ranges handed back (release). */
  private low = 0;
  private high: number;
  private readonly returned: { from: number; count: number }[] = [];
  private readonly seed: number;
  private readonly stepTolerance: number;
  private readonly level: number;
  /** Virtual votes per model in every round (PRIOR_VOTES unless asked otherwise). */
  readonly priorVotes: number;
  private readonly states: GroupState[];
  /** The last pairwise shares and every round's ranks they came from (a round not yet run has ranks 0). */
  private pairwise: { ranks: Int32Array[]; shares: Float64Array } | null = null;

  constructor(
    private fit: RatingFit,
    likelihood: PairLikelihood = bradleyTerryLikelihood,
    options: BootstrapOptions = {},
  ) {
    this.rounds = options.rounds ?? 1000;
    if (!Number.isInteger(this.rounds) || this.rounds < 1)
      throw new RangeError(`RatingBootstrap: rounds must be a positive integer, got ${this.rounds}`);
    this.level = options.level ?? 0.95;
    if (!(this.level > 0 && this.level < 1)) throw new RangeError(`RatingBootstrap: level must be in (0, 1), got ${this.level}`);
    this.seed = options.seed ?? 0;
    this.completed = new Int32Array(this.rounds);
    this.high = this.rounds;
    this.stepTolerance = options.stepTolerance ?? 1e-4;
    this.priorVotes = options.priorVotes ?? PRIOR_VOTES;
    if (!(this.priorVotes > 0 && Number.isFinite(this.priorVotes)))
      throw new RangeError(`RatingBootstrap: priorVotes must be a positive number, got ${this.priorVotes}`);
    const tables = options.tables ?? bootstrapTables(fit.groups.map((g) => g.table));
    const starts = options.starts ?? roundStarts(fit, likelihood, this.priorVotes);
    this.states = fit.groups.map((g, k) => {
      const m = g.members.length;
      return {
        fit: g,
        rounds: new GroupRounds(g.table, starts[k], likelihood, this.priorVotes, this.stepTolerance, tables),
        thetas: new Float64Array(this.rounds * m),
        ratings: new Float64Array(this.rounds * m),
        ranks: new Int32Array(this.rounds * m),
        order: Array.from({ length: m }, (_, k) => k),
        rankScratch: rankScratch(m),
      };
    });
  }

  get roundsDone(): number {
    return this.done;
  }
  get finished(): boolean {
    return this.done >= this.rounds;
  }

  /**
   * Runs up to `count` more rounds (so callers can report and cancel between chunks): rounds handed
   * back first, then the lowest not yet run; returns how many ran.
   */
  runRounds(count: number): number {
    let left = Math.max(0, Math.floor(count));
    const start = this.done;
    while (left > 0) {
      const back = this.returned.pop();
      const from = back ? back.from : this.low;
      const n = Math.min(left, back ? back.count : this.high - this.low);
      if (n <= 0) break;
      if (back && n < back.count) this.returned.push({ from: from + n, count: back.count - n });
      if (!back) this.low += n;
      for (let round = from; round < from + n; round++) {
        this.runRound(round);
        this.completed[this.done++] = round;
      }
      left -= n;
    }
    return this.done - start;
  }

  /** Rounds neither run nor handed out (those handed back included). */
  get unclaimed(): number {
    let n = this.high - this.low;
    for (const range of this.returned) n += range.count;
    return n;
  }

  /** Hands out the highest `count` rounds not yet run nor handed out, for runRange elsewhere; null when none is left. */
  claim(count: number): { from: number; count: number } | null {
    const n = Math.min(Math.max(0, Math.floor(count)), this.high - this.low);
    if (n <= 0) return null;
    this.high -= n;
    return { from: this.high, count: n };
  }

  /** Takes back rounds handed out by claim that will not come (a helper stopped): runRounds runs them. */
  release(range: { from: number; count: number }): void {
    this.returned.push(range);
  }

  /** Runs rounds [from, from + count) and returns them, for the absorb of a bootstrap of the same fit, seed and rounds. */
  runRange(from: number, count: number): RoundsRun {
    if (!(from >= 0 && count >= 0 && from + count <= this.rounds))
      throw new RangeError(`RatingBootstrap.runRange: rounds ${from}+${count} out of range`);
    for (let round = from; round < from + count; round++) this.runRound(round);
    return {
      from,
      count,
      thetas: this.states.map((s) => s.thetas.slice(from * s.fit.members.length, (from + count) * s.fit.members.length)),
    };
  }

  /** Rounds run elsewhere by runRange (handed out by claim), as if run here. */
  absorb(run: RoundsRun): void {
    if (run.thetas.length !== this.states.length) throw new RangeError('RatingBootstrap.absorb: not the same fit');
    this.states.forEach((s, g) => s.thetas.set(run.thetas[g], run.from * s.fit.members.length));
    for (let round = run.from; round < run.from + run.count; round++) {
      for (const s of this.states) this.placeRound(s, round);
      this.completed[this.done++] = round;
    }
  }

  private runRound(round: number): void {
    const random = seededRandom(roundSeed(this.seed, round));
    for (const s of this.states) this.runGroupRound(s, round, random);
  }

  /** Each round done's ratings, round-major (the rounds' order does not matter to what reads them: shares). */
  private doneRatings(s: GroupState): Float64Array {
    if (this.done === this.rounds) return s.ratings;
    const m = s.fit.members.length;
    const out = new Float64Array(this.done * m);
    for (let r = 0; r < this.done; r++) out.set(s.ratings.subarray(this.completed[r] * m, (this.completed[r] + 1) * m), r * m);
    return out;
  }

  /** Intervals over the rounds done so far. */
  intervals(): BootstrapIntervals {
    const n = this.fit.models.length,
      done = this.done,
      tail = (1 - this.level) / 2;
    const lower: (number | null)[] = new Array(n).fill(null),
      upper = lower.slice(),
      rankLower = lower.slice(),
      rankUpper = lower.slice();
    const warnings: StatsWarning[] = [];
    for (const s of this.states) {
      const members = s.fit.members,
        m = members.length;
      if (done === 0) continue;
      const column = new Float64Array(done),
        rankColumn = new Float64Array(done);
      for (let k = 0; k < m; k++) {
        for (let r = 0; r < done; r++) {
          const round = this.completed[r];
          column[r] = s.ratings[round * m + k];
          rankColumn[r] = s.ranks[round * m + k];
        }
        // Four order statistics of each column, selected rather than sorted (this runs at every report).
        lower[members[k]] = quantileInPlace(column, tail);
        upper[members[k]] = quantileInPlace(column, 1 - tail);
        rankLower[members[k]] = inverseCdfInPlace(rankColumn, tail);
        rankUpper[members[k]] = inverseCdfInPlace(rankColumn, 1 - tail);
      }
    }
    return { rounds: this.rounds, roundsDone: done, lower, upper, rankLower, rankUpper, warnings };
  }

  /**
   * Share of the rounds done in which model i (row) is rated above model j (column), n×n over all
   * models, row-major; NaN on the diagonal, across groups, for unrated models, and before any round.
   */
  pairwiseAbove(): Float64Array {
    // A function of each round's ranks (rated above ⟺ ranked above; equal ratings share a rank), so
    // the same ranks give the same shares: a new anchor moves every rating, never an order.
    const cached = this.pairwise;
    if (cached && this.states.every((s, g) => sameRanks(s.ranks, cached.ranks[g]))) return cached.shares.slice();
    const shares = this.computePairwiseAbove();
    this.pairwise = { ranks: this.states.map((s) => s.ranks.slice()), shares };
    return shares.slice();
  }

  private computePairwiseAbove(): Float64Array {
    const n = this.fit.models.length,
      out = new Float64Array(n * n).fill(NaN);
    if (this.done === 0) return out;
    for (const s of this.states) {
      const members = s.fit.members,
        m = members.length;
      const share = pairwiseAboveShare(this.doneRatings(s), this.done, m);
      for (let a = 0; a < m; a++) for (let b = 0; b < m; b++) out[members[a] * n + members[b]] = share[a * m + b];
    }
    return out;
  }

  /** Model `k`'s rating in each round done so far (global index); null when it has no draws. */
  drawsOf(k: number): Float64Array | null {
    for (const s of this.states) {
      const local = s.fit.members.indexOf(k);
      if (local < 0) continue;
      const m = s.fit.members.length;
      return Float64Array.from({ length: this.done }, (_, r) => s.ratings[this.completed[r] * m + local]);
    }
    return null;
  }

  private runGroupRound(s: GroupState, round: number, random: Xoshiro128): void {
    const m = s.fit.members.length;
    s.thetas.set(s.rounds.run(random).subarray(0, m), round * m);
    this.placeRound(s, round);
  }

  /**
   * Puts every round done on the scale of `fit` (the same fit placed by onScale): exactly the
   * ratings and ranks that running the rounds with that scale gives, since a round's θ does not
   * depend on it. Later rounds use the new scale.
   */
  rescale(fit: RatingFit): void {
    if (fit.groups.length !== this.states.length) throw new RangeError('RatingBootstrap.rescale: not the same fit');
    this.fit = fit;
    this.states.forEach((s, id) => {
      s.fit = fit.groups[id];
      for (let r = 0; r < this.done; r++) this.placeRound(s, this.completed[r], true);
    });
  }

  /**
   * A round's θ on the group's scale, and its competition ranks (1, 2, 2, 4). `keepRanks`: a new scale
   * is a translation, which keeps every order and tie but for rounding, so the round's ranks stand
   * when a one-pass check finds they still are the ratings' ranks, instead of sorting again.
   */
  private placeRound(s: GroupState, round: number, keepRanks = false): void {
    const { fit } = s;
    const m = fit.members.length;
    const out = s.ratings.subarray(round * m, (round + 1) * m);
    toElo(s.thetas.subarray(round * m, (round + 1) * m), m, fit.anchorLocal, fit.level, out);
    const ranks = s.ranks.subarray(round * m, (round + 1) * m);
    if (!(keepRanks && ranksHold(out, ranks, s.rankScratch))) competitionRanks(out, ranks, s.order);
  }
}

/** Runs every round at once. */
export function bootstrapRatings(
  fit: RatingFit,
  likelihood: PairLikelihood = bradleyTerryLikelihood,
  options: BootstrapOptions = {},
): BootstrapIntervals {
  const run = new RatingBootstrap(fit, likelihood, options);
  run.runRounds(run.rounds);
  return run.intervals();
}

/** The seed of one round's stream: distinct for every round of a seed (a bijection of the round number). */
function roundSeed(seed: number, round: number): number {
  return (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(round + 1, 0x85ebca6b)) >>> 0;
}
