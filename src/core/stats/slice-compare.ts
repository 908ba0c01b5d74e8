/**
 * Slice vs slice: each model's rating in two slices of the votes, and the difference with a
 * bootstrap interval.
 *
 * Anchoring: the left slice is centred on 1000 over the models rated in both ("common" models, main
 * comparison group of each slice); the right slice is then shifted so that the median common
 * model's difference is 0. Centring both on their mean would spread one big mover's change over
 * everyone (−Δ/N each), which with many votes turns unchanged models "significant"; the median
 * keeps a single mover from moving the rest. A difference reads "how much better this model does in
 * L than in R, compared with the typical model". Ranks are among the common models.
 *
 * Interval of the difference: every round resamples each slice's votes (Poisson bootstrap, as
 * bootstrap.ts: a cell of n votes gets Poisson(n)), refits both slices and records
 * rating'_L − rating'_R; percentiles 2.5 / 97.5. The two slices are resampled independently, which
 * is exact when they share no vote (a value vs another value, or vs "the rest"); for overlapping
 * slices it overstates the spread (conservative).
 *
 * A resample in which a model has no finite rating (it never lost, or never won, in that resample):
 * the round is kept, and counts for that model only if the model is rated in both resampled slices
 * — the intervals are conditional on both slices containing the model. Each round is centred over
 * the models it kept, at their full-data level (mean of their left ratings, median of their
 * differences), so a dropped model does not shift the others. Each model reports the share of
 * rounds it was dropped from; one dropped from more than 10% gets no significance (its conditional
 * interval is too biased to trust), and nor does one whose interval misses its own estimate.
 *
 * Significance, with K models compared at once: the two-sided p-value of each difference from its
 * bootstrap standard error, p = 2·Φ(−|Δ| / se), adjusted by Holm's method over the K models with a
 * valid interval (holm.ts), significant when the adjusted p < 0.05 — so the chance of calling any
 * unchanged model significant stays under 5% however many are compared. Only finished runs say
 * anything is significant.
 */
import { fitBradleyTerry } from './bradley-terry.ts';
import type { ExclusionReason } from './components.ts';
import type { RatingFit } from './fit-groups.ts';
import { holmAdjust } from './holm.ts';
import { normalCdf } from './normal.ts';
import type { PairCounts } from './pair-counts.ts';
import { quantileSorted } from './percentile.ts';
import { PoissonSampler } from './poisson.ts';
import { seededRandom, type Xoshiro128 } from './random.ts';

export interface SliceCompareOptions {
  /** Bootstrap rounds, default 300. */
  rounds?: number;
  seed?: number;
  /** Interval mass, default 0.95; also the family-wise level of the significance calls (1 − level). */
  level?: number;
}

/** Above this share of rounds without a finite rating in both slices, a model's interval is not used for significance. */
export const MAX_DROPPED_SHARE = 0.1;

export interface SliceSide {
  rating: number;
  lower: number | null;
  upper: number | null;
  /** 1 = best among the common models; equal ratings share a rank. */
  rank: number;
  votes: number;
}

/** Why a model's interval is not used for significance. */
export type IntervalProblem = 'fragile' | 'off-centre';

export interface ComparedModel {
  model: string;
  left: SliceSide;
  right: SliceSide;
  /** left.rating − right.rating. */
  diff: number;
  diffLower: number | null;
  diffUpper: number | null;
  /** Rounds in which the model was rated in both resampled slices, and the share of rounds it was not. */
  roundsKept: number;
  droppedShare: number;
  /** Bootstrap standard error of diff; p-value of diff ≠ 0 (normal approximation), and Holm-adjusted. */
  se: number | null;
  p: number | null;
  pAdjusted: number | null;
  /** 'fragile': dropped from more than MAX_DROPPED_SHARE of rounds; 'off-centre': the interval misses diff. */
  problem: IntervalProblem | null;
  /** Holm-adjusted p < 1 − level, from a finished run and a valid interval; null while running. */
  significant: boolean | null;
}

/** A model rated in one slice only (or in neither), listed apart with the reason. */
export interface OneSidedModel {
  model: string;
  /** Centred like the common models when rated in the main group; otherwise null. */
  leftRating: number | null;
  rightRating: number | null;
  leftVotes: number;
  rightVotes: number;
  reason: string;
}

export interface SliceComparison {
  common: ComparedModel[];
  apart: OneSidedModel[];
  rounds: number;
  roundsDone: number;
  /** 'nothing': fewer than two models are rated in both slices, so no bootstrap runs at all. */
  status: 'running' | 'done' | 'nothing';
  /** Rounds in which at least one common model was dropped. */
  roundsWithDrops: number;
  /** The multiple-comparison correction and the number of models it covers (valid intervals). */
  correction: { method: 'holm'; family: number; level: number };
}

/** Votes per model (self-pairs left out). */
export function modelVotes(counts: PairCounts): Float64Array {
  const v = new Float64Array(counts.models.length);
  for (let c = 0; c < counts.n.length; c++) {
    if (counts.a[c] === counts.b[c]) continue;
    v[counts.a[c]] += counts.n[c];
    v[counts.b[c]] += counts.n[c];
  }
  return v;
}

/** Models rated in the main (largest) comparison group of a fit. */
const mainGroup = (fit: RatingFit): Set<number> => new Set(fit.groups.length ? Array.from(fit.groups[0].members) : []);

/** Poisson resamples of the cells between `members`. */
class Resampler {
  private readonly cells: number[];
  private readonly sampler: PoissonSampler;
  private readonly draw: Float64Array;
  private readonly picked: Pick<PairCounts, 'a' | 'b' | 'outcome'>;
  constructor(
    private readonly counts: PairCounts,
    members: Set<number>,
  ) {
    this.cells = [];
    for (let c = 0; c < counts.n.length; c++) if (members.has(counts.a[c]) && members.has(counts.b[c])) this.cells.push(c);
    this.sampler = new PoissonSampler(this.cells.map((c) => counts.n[c]));
    this.draw = new Float64Array(this.cells.length);
    this.picked = {
      a: Int32Array.from(this.cells, (c) => counts.a[c]),
      b: Int32Array.from(this.cells, (c) => counts.b[c]),
      outcome: Uint8Array.from(this.cells, (c) => counts.outcome[c]),
    };
  }
  next(random: Xoshiro128): PairCounts {
    this.sampler.sampleAll(random, this.draw);
    return { models: this.counts.models, ...this.picked, n: Float64Array.from(this.draw) };
  }
}

/** Ratings of `idx` centred on 1000 (the main group's), or null when one of them is unrated or outside the first's group. */
function centred(fit: RatingFit, idx: readonly number[]): Float64Array | null {
  const g = fit.group[idx[0]];
  let sum = 0;
  for (const k of idx) {
    const r = fit.ratings[k];
    if (r === null || fit.group[k] !== g) return null;
    sum += r;
  }
  const shift = 1000 - sum / idx.length;
  return Float64Array.from(idx, (k) => fit.ratings[k]! + shift);
}

/** Shifts `right` so that the median of left − right is 0. */
function aligned(left: Float64Array, right: Float64Array): [Float64Array, Float64Array] {
  const d = Float64Array.from(left, (x, k) => x - right[k]).sort();
  const shift = quantileSorted(d, 0.5);
  return [left, Float64Array.from(right, (x) => x + shift)];
}

const median = (values: number[]) => quantileSorted(Float64Array.from(values).sort(), 0.5);

/**
 * Which common models (positions in `common`) a resampled fit rates in one group: the group that
 * holds most of them (ties: the lowest group id). Others are dropped from the round.
 */
function ratedInOneGroup(fit: RatingFit, common: readonly number[]): boolean[] {
  const tally = new Map<number, number>();
  for (const k of common)
    if (fit.ratings[k] !== null && fit.group[k] !== null) tally.set(fit.group[k]!, (tally.get(fit.group[k]!) ?? 0) + 1);
  let best = -1,
    most = 0;
  for (const [g, n] of [...tally].sort((x, y) => x[0] - y[0]))
    if (n > most) {
      best = g;
      most = n;
    }
  return common.map((k) => fit.ratings[k] !== null && fit.group[k] === best);
}

function ranks(values: Float64Array): number[] {
  return Array.from(values, (v) => 1 + values.filter((w) => w > v).length);
}

const reasonText: Record<ExclusionReason, string> = {
  'never-lost': 'never lost',
  'never-won': 'never won',
  isolated: 'no rated opponent',
  'no-votes': 'no votes',
};

/**
 * The comparison, computed in chunks like IncrementalLeaderboard: read `current()`, call
 * `runRounds(n)` until `finished`; stop calling to cancel. Deterministic for a seed.
 */
export class SliceComparer {
  readonly rounds: number;
  private readonly level: number;
  private readonly random: Xoshiro128;
  private readonly fits: [RatingFit, RatingFit];
  private readonly votes: [Float64Array, Float64Array];
  private readonly common: number[];
  private readonly point: [Float64Array, Float64Array] | null;
  private readonly resamplers: [Resampler, Resampler] | null;
  /** Per round and common model: left and right rating, NaN when the model was dropped from the round. */
  private readonly draws: [Float64Array, Float64Array];
  private done = 0;
  private roundsWithDrops = 0;

  constructor(left: PairCounts, right: PairCounts, options: SliceCompareOptions = {}) {
    if (left.models.length !== right.models.length || left.models.some((m, k) => m !== right.models[k])) {
      throw new RangeError('SliceComparer: both slices must list the same models in the same order');
    }
    this.rounds = options.rounds ?? 300;
    if (!Number.isInteger(this.rounds) || this.rounds < 0)
      throw new RangeError(`SliceComparer: rounds must be a non-negative integer, got ${this.rounds}`);
    this.level = options.level ?? 0.95;
    if (!(this.level > 0 && this.level < 1)) throw new RangeError(`SliceComparer: level must be in (0, 1), got ${this.level}`);
    this.random = seededRandom(options.seed ?? 0);
    this.fits = [fitBradleyTerry(left), fitBradleyTerry(right)];
    this.votes = [modelVotes(left), modelVotes(right)];
    const [mainL, mainR] = this.fits.map(mainGroup);
    this.common = [...mainL].filter((k) => mainR.has(k)).sort((x, y) => x - y);
    const ok = this.common.length >= 2;
    this.point = ok ? aligned(centred(this.fits[0], this.common)!, centred(this.fits[1], this.common)!) : null;
    this.resamplers = ok ? [new Resampler(left, mainL), new Resampler(right, mainR)] : null;
    const size = ok ? this.rounds * this.common.length : 0;
    this.draws = [new Float64Array(size), new Float64Array(size)];
  }

  get finished(): boolean {
    return !this.resamplers || this.done >= this.rounds;
  }
  get roundsDone(): number {
    return this.done;
  }

  /** Runs up to `count` more rounds; returns how many ran. */
  runRounds(count: number): number {
    const start = this.done;
    const stop = Math.min(this.rounds, this.done + Math.max(0, Math.floor(count)));
    while (!this.finished && this.done < stop) this.runRound();
    return this.done - start;
  }

  private runRound(): void {
    const nc = this.common.length,
      [pl, pr] = this.point!;
    const fits = [0, 1].map((side) => fitBradleyTerry(this.resamplers![side].next(this.random)));
    const okL = ratedInOneGroup(fits[0], this.common),
      okR = ratedInOneGroup(fits[1], this.common);
    const kept = this.common.flatMap((_, c) => (okL[c] && okR[c] ? [c] : []));
    const [dl, dr] = this.draws,
      o = this.done * nc;
    dl.fill(NaN, o, o + nc);
    dr.fill(NaN, o, o + nc);
    if (kept.length < nc) this.roundsWithDrops++;
    if (kept.length >= 2) {
      // Left: the kept models' mean at their full-data mean. Right: their median difference at the full-data one.
      const raw = (side: number, c: number) => fits[side].ratings[this.common[c]]!;
      const shiftL = kept.reduce((s, c) => s + pl[c] - raw(0, c), 0) / kept.length;
      const shiftR = median(kept.map((c) => raw(0, c) + shiftL - raw(1, c))) - median(kept.map((c) => pl[c] - pr[c]));
      for (const c of kept) {
        dl[o + c] = raw(0, c) + shiftL;
        dr[o + c] = raw(1, c) + shiftR;
      }
    }
    this.done++;
  }

  current(): SliceComparison {
    const fitL = this.fits[0],
      [votesL, votesR] = this.votes,
      nc = this.common.length,
      done = this.done;
    const tail = (1 - this.level) / 2,
      finished = this.finished;
    const status = !this.point ? 'nothing' : finished ? 'done' : 'running';
    const common: ComparedModel[] = [];
    if (this.point) {
      const [pl, pr] = this.point,
        [dl, dr] = this.draws;
      const rl = ranks(pl),
        rr = ranks(pr);
      this.common.forEach((k, c) => {
        const left: number[] = [],
          right: number[] = [],
          diff: number[] = [];
        for (let r = 0; r < done; r++) {
          const x = dl[r * nc + c],
            y = dr[r * nc + c];
          if (Number.isNaN(x)) continue;
          left.push(x);
          right.push(y);
          diff.push(x - y);
        }
        const interval = (values: number[]): [number | null, number | null] => {
          if (values.length === 0) return [null, null];
          const sorted = Float64Array.from(values).sort();
          return [quantileSorted(sorted, tail), quantileSorted(sorted, 1 - tail)];
        };
        const [ll, lu] = interval(left),
          [rlo, rup] = interval(right),
          [dlo, dup] = interval(diff);
        const d = pl[c] - pr[c];
        const se =
          diff.length >= 2
            ? Math.sqrt(diff.reduce((s, x) => s + x * x, 0) / diff.length - (diff.reduce((s, x) => s + x, 0) / diff.length) ** 2)
            : null;
        const droppedShare = done > 0 ? 1 - diff.length / done : 0;
        const problem: IntervalProblem | null =
          done === 0
            ? null
            : droppedShare > MAX_DROPPED_SHARE
              ? 'fragile'
              : dlo === null || dup === null || d < dlo || d > dup
                ? 'off-centre'
                : null;
        const p = se === null ? null : se > 0 ? 2 * normalCdf(-Math.abs(d) / se) : d === 0 ? 1 : 0;
        common.push({
          model: fitL.models[k],
          left: { rating: pl[c], lower: ll, upper: lu, rank: rl[c], votes: votesL[k] },
          right: { rating: pr[c], lower: rlo, upper: rup, rank: rr[c], votes: votesR[k] },
          diff: d,
          diffLower: dlo,
          diffUpper: dup,
          roundsKept: diff.length,
          droppedShare,
          se,
          p,
          pAdjusted: null,
          problem,
          significant: null,
        });
      });
    }
    // Holm over the models with a valid interval, and only once every round has run.
    const tested = common.map((x) => (finished && x.problem === null && x.p !== null ? x.p : null));
    const adjusted = holmAdjust(tested);
    const alpha = 1 - this.level;
    common.forEach((x, c) => {
      x.pAdjusted = adjusted[c];
      x.significant = finished && status === 'done' ? adjusted[c] !== null && adjusted[c]! < alpha : null;
    });
    common.sort((x, y) => y.diff - x.diff || (x.model < y.model ? -1 : 1));
    return {
      common,
      apart: this.apart(),
      rounds: this.rounds,
      roundsDone: done,
      status,
      roundsWithDrops: this.roundsWithDrops,
      correction: { method: 'holm', family: tested.filter((p) => p !== null).length, level: this.level },
    };
  }

  private apart(): OneSidedModel[] {
    const inCommon = new Set(this.common);
    // The same shift as the common models of that slice got.
    const shift = (fit: RatingFit, s: number) => (this.point ? this.point[s][0] - fit.ratings[this.common[0]]! : 0);
    const sides = this.fits.map((fit, s) => {
      const main = mainGroup(fit),
        sh = shift(fit, s);
      return (k: number) => {
        const votes = this.votes[s][k];
        if (main.has(k)) return { rating: fit.ratings[k]! + sh, votes, why: '' };
        const reason = fit.excluded[k];
        const why = votes === 0 ? 'no votes' : reason ? reasonText[reason] : 'separate comparison group';
        return { rating: null, votes, why };
      };
    });
    const out: OneSidedModel[] = [];
    this.fits[0].models.forEach((model, k) => {
      if (inCommon.has(k)) return;
      const l = sides[0](k),
        r = sides[1](k);
      if (l.votes === 0 && r.votes === 0) return;
      const parts = [l.why && `left: ${l.why}`, r.why && `right: ${r.why}`].filter(Boolean);
      out.push({ model, leftRating: l.rating, rightRating: r.rating, leftVotes: l.votes, rightVotes: r.votes, reason: parts.join('; ') });
    });
    return out.sort((x, y) => y.leftVotes + y.rightVotes - (x.leftVotes + x.rightVotes) || (x.model < y.model ? -1 : 1));
  }
}

/** All rounds at once (tests, CLI). */
export function compareSlices(left: PairCounts, right: PairCounts, options: SliceCompareOptions = {}): SliceComparison {
  const run = new SliceComparer(left, right, options);
  run.runRounds(Infinity);
  return run.current();
}
