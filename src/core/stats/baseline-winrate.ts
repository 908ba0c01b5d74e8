/**
 * A judge board's baseline view (arena-hard-auto's show_result.py, lmarena/arena-hard-auto): every
 * model's win rate against one baseline model, two ways.
 *
 * - Direct: the model's votes against the baseline only, each scored from the model's side (win 1,
 *   tie ½, loss 0; both-bad is a tie), a strong verdict ([[A>>B]]) counted `strongWeight` times
 *   (arena-hard's default 3, its label_to_score): rate = Σ w·s / Σ w.
 * - Predicted: the Bradley-Terry fit of every vote of the slice (strong verdicts weighted alike),
 *   P(model beats baseline) = 1 / (1 + 10^((R_baseline − R_model) / 400)), as arena-hard's
 *   to_winrate_probabilities does from its fitted coefficients; it needs no direct battle.
 *
 * Intervals: arena-hard resamples each model's scores with replacement 100 times and reports the
 * 5th and 95th percentiles (a 90% interval, the default `level` here). Here the resampling is the
 * page's Poisson bootstrap over votes (each cell of n votes gets Poisson(n)), so a strong vote is
 * resampled as one vote of weight 3 rather than three independent copies; the predicted rate's
 * rounds are the leaderboard bootstrap's (RatingBootstrap, with its one-virtual-vote prior), the
 * rate computed in each round from the two models' ratings.
 */
import { bradleyTerryLikelihood, fitBradleyTerry } from './bradley-terry.ts';
import { RatingBootstrap } from './bootstrap.ts';
import type { PairCounts } from './pair-counts.ts';
import { quantileInPlace } from './percentile.ts';
import { PoissonSampler } from './poisson.ts';
import { seededRandom } from './random.ts';

/** Vote cells: (model a, model b, outcome code, strong) with their vote count. */
export interface VerdictCells {
  models: string[];
  a: Int32Array;
  b: Int32Array;
  /** OUTCOME_CODE: 0 a, 1 b, 2 tie, 3 both_bad. */
  outcome: Uint8Array;
  /** 1 when the verdict was a strong one (A>>B, B>>A). */
  strong: Uint8Array;
  n: Float64Array;
}

export interface BaselineOptions {
  baseline: string;
  /** Weight of a strong verdict; 1 counts it as any other (default), arena-hard counts it 3 times. */
  strongWeight?: number;
  /** Bootstrap rounds, default 1000. */
  rounds?: number;
  seed?: number;
  /** Interval mass, default 0.9 (arena-hard's 5th and 95th percentiles). */
  level?: number;
}

export interface RateInterval {
  rate: number;
  lower: number | null;
  upper: number | null;
}

export interface BaselineRow {
  model: string;
  /** Votes against the baseline (real votes, not weighted), and the model's record in them. */
  votes: number;
  wins: number;
  losses: number;
  ties: number;
  /** Of those votes, strong verdicts. */
  strong: number;
  /** Win rate in direct battles with the baseline; null without any. */
  direct: RateInterval | null;
  /** Bradley-Terry predicted win rate against the baseline; null when either has no finite rating, or they are in different comparison groups. */
  predicted: RateInterval | null;
}

export interface BaselineBoard {
  baseline: string;
  strongWeight: number;
  level: number;
  rounds: number;
  seed: number;
  /** Strong verdicts among all votes of the cells. */
  strongVotes: number;
  /** Every model with votes but the baseline, best predicted (then direct) rate first. */
  rows: BaselineRow[];
}

/** The model's score in a vote: 1 won, 0 lost, ½ tie or both bad. */
function scoreOf(outcome: number, modelIsA: boolean): number {
  if (outcome === 0) return modelIsA ? 1 : 0;
  if (outcome === 1) return modelIsA ? 0 : 1;
  return 0.5;
}

/** The cells as PairCounts, each strong cell's votes multiplied by `strongWeight`. */
export function weightedCounts(cells: VerdictCells, strongWeight: number): PairCounts {
  return {
    models: cells.models,
    a: cells.a,
    b: cells.b,
    outcome: cells.outcome,
    n: Float64Array.from(cells.n, (n, k) => (cells.strong[k] ? n * strongWeight : n)),
  };
}

export function baselineBoard(cells: VerdictCells, options: BaselineOptions): BaselineBoard {
  const strongWeight = options.strongWeight ?? 1;
  const rounds = options.rounds ?? 1000;
  const seed = options.seed ?? 0;
  const level = options.level ?? 0.9;
  if (!(strongWeight >= 1 && Number.isFinite(strongWeight)))
    throw new RangeError(`baselineBoard: strongWeight must be ≥ 1, got ${strongWeight}`);
  if (!(Number.isInteger(rounds) && rounds >= 1)) throw new RangeError(`baselineBoard: rounds must be a positive integer, got ${rounds}`);
  if (!(level > 0 && level < 1)) throw new RangeError(`baselineBoard: level must be in (0, 1), got ${level}`);
  const base = cells.models.indexOf(options.baseline);
  if (base < 0) throw new Error(`baselineBoard: no model "${options.baseline}" in these votes`);
  const m = cells.models.length;
  const lowP = (1 - level) / 2,
    highP = (1 + level) / 2;

  // Direct battles: the cells with the baseline on one side, by the other model.
  const record = cells.models.map(() => ({ votes: 0, wins: 0, losses: 0, ties: 0, strong: 0 }));
  const direct: { model: number; weight: number; score: number; n: number }[] = [];
  let strongVotes = 0;
  for (let k = 0; k < cells.a.length; k++) {
    const n = cells.n[k];
    if (cells.strong[k]) strongVotes += n;
    const a = cells.a[k],
      b = cells.b[k];
    if ((a === base) === (b === base)) continue;
    const model = a === base ? b : a;
    const score = scoreOf(cells.outcome[k], a === model);
    const r = record[model];
    r.votes += n;
    if (score === 1) r.wins += n;
    else if (score === 0) r.losses += n;
    else r.ties += n;
    if (cells.strong[k]) r.strong += n;
    direct.push({ model, weight: cells.strong[k] ? strongWeight : 1, score, n });
  }
  const directRate = (ns: ArrayLike<number>): Float64Array => {
    const num = new Float64Array(m),
      den = new Float64Array(m);
    direct.forEach((c, i) => {
      num[c.model] += ns[i] * c.weight * c.score;
      den[c.model] += ns[i] * c.weight;
    });
    return Float64Array.from(num, (x, j) => (den[j] > 0 ? x / den[j] : NaN));
  };
  const point = directRate(direct.map((c) => c.n));
  const sampler = new PoissonSampler(direct.map((c) => c.n));
  const random = seededRandom(seed);
  const draw = new Float64Array(direct.length);
  const directRounds = cells.models.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    sampler.sampleAll(random, draw);
    const rates = directRate(draw);
    rates.forEach((x, j) => {
      if (Number.isFinite(x)) directRounds[j].push(x);
    });
  }

  // Predicted: the Bradley-Terry fit of every vote, and its bootstrap rounds.
  const counts = weightedCounts(cells, strongWeight);
  const fit = fitBradleyTerry(counts);
  const boot = new RatingBootstrap(fit, bradleyTerryLikelihood, { rounds, seed, level });
  boot.runRounds(rounds);
  const baseDraws = boot.drawsOf(base);
  const win = (rModel: number, rBase: number) => 1 / (1 + 10 ** ((rBase - rModel) / 400));
  const interval = (values: number[] | Float64Array): { lower: number | null; upper: number | null } => {
    if (values.length === 0) return { lower: null, upper: null };
    const v = Float64Array.from(values);
    return { lower: quantileInPlace(v, lowP), upper: quantileInPlace(v, highP) };
  };

  // Models of the list with no vote in these cells (another slice's) have no row.
  const voted = new Uint8Array(m);
  for (let k = 0; k < cells.a.length; k++) if (cells.n[k] > 0) voted[cells.a[k]] = voted[cells.b[k]] = 1;
  const rows: BaselineRow[] = [];
  for (let j = 0; j < m; j++) {
    if (j === base || !voted[j]) continue;
    const rec = record[j];
    let predicted: RateInterval | null = null;
    const rj = fit.ratings[j],
      rb = fit.ratings[base];
    if (rj !== null && rb !== null && fit.group[j] === fit.group[base]) {
      const draws = boot.drawsOf(j);
      const perRound = draws && baseDraws ? Float64Array.from(draws, (x, r) => win(x, baseDraws[r])) : new Float64Array(0);
      predicted = { rate: win(rj, rb), ...interval(perRound) };
    }
    rows.push({
      model: cells.models[j],
      ...rec,
      direct: rec.votes > 0 ? { rate: point[j], ...interval(directRounds[j]) } : null,
      predicted,
    });
  }
  const key = (r: BaselineRow) => r.predicted?.rate ?? r.direct?.rate ?? -1;
  rows.sort((x, y) => key(y) - key(x) || (x.model < y.model ? -1 : 1));
  return { baseline: options.baseline, strongWeight, level, rounds, seed, strongVotes, rows };
}
