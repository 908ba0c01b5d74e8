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
 * bootstrap.ts: a cell of n votes gets Poisson(n)), refits both slices, re-centres them and records
 * rating'_L − rating'_R; percentiles 2.5 / 97.5. The two slices are resampled independently, which
 * is exact when they share no vote (a value vs another value, or vs "the rest"); for overlapping
 * slices it overstates the spread (conservative). A difference is significant when its interval
 * excludes 0. A round in which a common model loses its finite rating is redrawn (counted).
 */
import { fitBradleyTerry } from './bradley-terry.ts';
import type { ExclusionReason } from './components.ts';
import type { RatingFit } from './fit-groups.ts';
import type { PairCounts } from './pair-counts.ts';
import { quantileSorted } from './percentile.ts';
import { PoissonSampler } from './poisson.ts';
import { seededRandom, type Random } from './random.ts';
import type { ColumnInfo } from '../schema/column.ts';
import { parseDuckType, typeAtPath } from '../schema/duckdb-type.ts';
import type { DimensionHint } from '../schema/preset.ts';
import { BATTLES_TABLE } from '../sql/battles.ts';
import type { Row } from '../sql/connector.ts';
import { filtersSql, type Filter } from '../sql/filters.ts';
import { whereClause } from '../sql/pair-counts.ts';
import { quoteIdent, quotePath } from '../sql/quote.ts';
import { Params, type SqlCondition, type SqlQuery, type SqlValue } from '../sql/statement.ts';

export interface SliceCompareOptions {
  /** Bootstrap rounds, default 300. */
  rounds?: number;
  seed?: number;
  /** Interval mass, default 0.95. */
  level?: number;
}

export interface SliceSide {
  rating: number;
  lower: number | null;
  upper: number | null;
  /** 1 = best among the common models; equal ratings share a rank. */
  rank: number;
  votes: number;
}

export interface ComparedModel {
  model: string;
  left: SliceSide;
  right: SliceSide;
  /** left.rating − right.rating. */
  diff: number;
  diffLower: number | null;
  diffUpper: number | null;
  /** Interval excludes 0; null before the first round. */
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
  redraws: number;
  /** Set when resamples kept losing a common model's rating: intervals stop where they were. */
  failed: boolean;
}

const MAX_REDRAWS = 100;

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
  constructor(private readonly counts: PairCounts, members: Set<number>) {
    this.cells = [];
    for (let c = 0; c < counts.n.length; c++) if (members.has(counts.a[c]) && members.has(counts.b[c])) this.cells.push(c);
    this.sampler = new PoissonSampler(this.cells.map((c) => counts.n[c]));
    this.draw = new Float64Array(this.cells.length);
  }
  next(random: Random): PairCounts {
    this.sampler.sampleAll(random, this.draw);
    const pick = <T extends Int32Array | Uint8Array>(src: T, make: (n: number) => T) => { const out = make(this.cells.length); this.cells.forEach((c, i) => { out[i] = src[c]; }); return out; };
    return {
      models: this.counts.models,
      a: pick(this.counts.a, (n) => new Int32Array(n)),
      b: pick(this.counts.b, (n) => new Int32Array(n)),
      outcome: pick(this.counts.outcome, (n) => new Uint8Array(n)),
      n: Float64Array.from(this.draw),
    };
  }
}

/** Ratings of `idx` centred on 1000, or null when one of them is unrated or outside the first's group. */
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

function ranks(values: Float64Array): number[] {
  return Array.from(values, (v) => 1 + values.filter((w) => w > v).length);
}

const reasonText: Record<ExclusionReason, string> = {
  'never-lost': 'never lost', 'never-won': 'never won', isolated: 'no rated opponent', 'no-votes': 'no votes',
};

/**
 * The comparison, computed in chunks like IncrementalLeaderboard: read `current()`, call
 * `runRounds(n)` until `finished`; stop calling to cancel. Deterministic for a seed.
 */
export class SliceComparer {
  readonly rounds: number;
  private readonly level: number;
  private readonly random: Random;
  private readonly fits: [RatingFit, RatingFit];
  private readonly votes: [Float64Array, Float64Array];
  private readonly common: number[];
  private readonly point: [Float64Array, Float64Array] | null;
  private readonly resamplers: [Resampler, Resampler] | null;
  private readonly draws: [Float64Array, Float64Array];
  private done = 0;
  private redraws = 0;
  private failed = false;

  constructor(left: PairCounts, right: PairCounts, options: SliceCompareOptions = {}) {
    if (left.models.length !== right.models.length || left.models.some((m, k) => m !== right.models[k])) {
      throw new RangeError('SliceComparer: both slices must list the same models in the same order');
    }
    this.rounds = options.rounds ?? 300;
    if (!Number.isInteger(this.rounds) || this.rounds < 0) throw new RangeError(`SliceComparer: rounds must be a non-negative integer, got ${this.rounds}`);
    this.level = options.level ?? 0.95;
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

  get finished(): boolean { return this.failed || !this.resamplers || this.done >= this.rounds; }
  get roundsDone(): number { return this.done; }

  /** Runs up to `count` more rounds; returns how many ran. */
  runRounds(count: number): number {
    const start = this.done;
    const stop = Math.min(this.rounds, this.done + Math.max(0, Math.floor(count)));
    while (!this.finished && this.done < stop) {
      const rows: Float64Array[] = [];
      for (const side of [0, 1] as const) {
        let row: Float64Array | null = null;
        for (let attempt = 0; !row; attempt++) {
          if (attempt >= MAX_REDRAWS) { this.failed = true; return this.done - start; }
          row = centred(fitBradleyTerry(this.resamplers![side].next(this.random)), this.common);
          if (!row) this.redraws++;
        }
        rows.push(row);
      }
      const [l, r] = aligned(rows[0], rows[1]);
      this.draws[0].set(l, this.done * this.common.length);
      this.draws[1].set(r, this.done * this.common.length);
      this.done++;
    }
    return this.done - start;
  }

  current(): SliceComparison {
    const fitL = this.fits[0], [votesL, votesR] = this.votes, nc = this.common.length, done = this.done;
    const tail = (1 - this.level) / 2;
    const interval = (get: (r: number) => number): [number | null, number | null] => {
      if (done === 0) return [null, null];
      const col = Float64Array.from({ length: done }, (_, r) => get(r)).sort();
      return [quantileSorted(col, tail), quantileSorted(col, 1 - tail)];
    };
    const common: ComparedModel[] = [];
    if (this.point) {
      const [pl, pr] = this.point, [dl, dr] = this.draws;
      const rl = ranks(pl), rr = ranks(pr);
      this.common.forEach((k, c) => {
        const [ll, lu] = interval((r) => dl[r * nc + c]);
        const [rlo, rup] = interval((r) => dr[r * nc + c]);
        const [dlo, dup] = interval((r) => dl[r * nc + c] - dr[r * nc + c]);
        common.push({
          model: fitL.models[k],
          left: { rating: pl[c], lower: ll, upper: lu, rank: rl[c], votes: votesL[k] },
          right: { rating: pr[c], lower: rlo, upper: rup, rank: rr[c], votes: votesR[k] },
          diff: pl[c] - pr[c], diffLower: dlo, diffUpper: dup,
          significant: dlo === null || dup === null ? null : dlo > 0 || dup < 0,
        });
      });
    }
    common.sort((x, y) => y.diff - x.diff || (x.model < y.model ? -1 : 1));
    return { common, apart: this.apart(), rounds: this.rounds, roundsDone: done, redraws: this.redraws, failed: this.failed };
  }

  private apart(): OneSidedModel[] {
    const inCommon = new Set(this.common);
    // The same shift as the common models of that slice got.
    const shift = (fit: RatingFit, s: number) => (this.point ? this.point[s][0] - fit.ratings[this.common[0]]! : 0);
    const sides = this.fits.map((fit, s) => {
      const main = mainGroup(fit), sh = shift(fit, s);
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
      const l = sides[0](k), r = sides[1](k);
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

// ---------------------------------------------------------------------------------------------
// The slices themselves, as SQL conditions on `battles`. (Query builders belong in core/sql; they
// live here only because this lens was given this file: move them to core/sql/slices.ts.)
// ---------------------------------------------------------------------------------------------

/** A dimension the pickers offer: a scalar VARCHAR, BOOLEAN or integer column (or struct field). */
export interface SliceDimension {
  path: string[];
  label: string;
}

/** One side of the comparison: dimension = value, or every vote the other side does not take. */
export type SlicePick = { kind: 'value'; path: string[]; value: SqlValue } | { kind: 'rest' };

const INTEGER = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT)$/;
const SKIP = new Set(['row_id', 'model_a', 'model_b', 'outcome', 'weight']);

function sliceable(columns: readonly ColumnInfo[], path: readonly string[]): boolean {
  const info = columns.find((c) => c.name === path[0]);
  if (!info) return false;
  let t;
  try { t = typeAtPath(parseDuckType(info.type), path.slice(1)); } catch { return false; }
  return !!t && t.kind === 'scalar' && (t.name === 'VARCHAR' || t.name === 'BOOLEAN' || INTEGER.test(t.name));
}

/**
 * Candidate dimensions: the preset's hints first (with their labels), then every other top-level
 * VARCHAR / BOOLEAN / integer column of battles, minus `skip` (ids, the time column). Keep those
 * with few values with sliceCardinalitySql.
 */
export function sliceDimensions(columns: readonly ColumnInfo[], hints: readonly DimensionHint[], skip: readonly string[] = []): SliceDimension[] {
  const out: SliceDimension[] = [];
  const seen = new Set<string>();
  const add = (path: string[], label: string) => {
    const key = JSON.stringify(path);
    if (seen.has(key) || SKIP.has(path[0]) || skip.includes(path[0]) || !sliceable(columns, path)) return;
    seen.add(key);
    out.push({ path, label });
  };
  for (const h of hints) if (h.kind === 'category' || h.kind === 'boolean' || h.kind === 'number') add([...h.path], h.label);
  for (const c of columns) add([c.name], c.name);
  return out;
}

/** One row, approximate distinct count per dimension: d0, d1, … */
export function sliceCardinalitySql(dims: readonly SliceDimension[]): SqlQuery {
  const parts = dims.map((d, i) => `approx_count_distinct(${quotePath(d.path)}) AS d${i}`);
  return { sql: `SELECT ${parts.length ? parts.join(', ') : '0 AS none'} FROM ${quoteIdent(BATTLES_TABLE)}`, params: [] };
}

/** Dimensions with between 2 and `max` values, from the row of sliceCardinalitySql. */
export function lowCardinality(dims: readonly SliceDimension[], row: Row, max = 60): SliceDimension[] {
  return dims.filter((_, i) => { const d = Number(row[`d${i}`]); return d >= 2 && d <= max; });
}

/** A dimension's values in the slice `where`, most votes first: value, votes. */
export function sliceValuesSql(path: readonly string[], where?: SqlCondition, limit = 60): SqlQuery {
  const params = new Params(where?.params.length ?? 0);
  return {
    sql:
      `SELECT ${quotePath(path)} AS value, sum(weight) AS votes FROM ${quoteIdent(BATTLES_TABLE)}${whereClause(where)} ` +
      `GROUP BY 1 ORDER BY votes DESC, value NULLS LAST LIMIT ${params.add(limit)}`,
    params: [...(where?.params ?? []), ...params.values],
  };
}

const pickFilter = (p: Extract<SlicePick, { kind: 'value' }>): Filter => ({ kind: 'in', path: p.path, values: [p.value] });

/**
 * Both sides as conditions on battles, each ANDed with the current slice `base` (placeholders
 * continue after base's). "rest" is NOT the other side's condition, a NULL counting as not taken.
 */
export function sliceConditions(base: SqlCondition, left: SlicePick, right: SlicePick, schema: readonly ColumnInfo[]): [SqlCondition, SqlCondition] {
  if (left.kind === 'rest' && right.kind === 'rest') throw new Error('slice compare: only one side can be "the rest"');
  const one = (pick: SlicePick, other: SlicePick): SqlCondition => {
    const own = pick.kind === 'value' ? pick : (other as Extract<SlicePick, { kind: 'value' }>);
    const f = filtersSql([pickFilter(own)], schema, base.params.length + 1);
    const cond = pick.kind === 'value' ? `(${f.sql})` : `NOT coalesce((${f.sql}), false)`;
    return { sql: base.sql ? `(${base.sql}) AND ${cond}` : cond, params: [...base.params, ...f.params] };
  };
  return [one(left, right), one(right, left)];
}

/** "language = French", "language ≠ French" for the rest. */
export function pickLabel(pick: SlicePick, other: SlicePick, dims: readonly SliceDimension[]): string {
  const named = pick.kind === 'value' ? pick : other.kind === 'value' ? other : null;
  if (!named) return 'all votes';
  const dim = dims.find((d) => d.path.join('.') === named.path.join('.'))?.label ?? named.path.join('.');
  if (named.value === null) return pick.kind === 'value' ? `${dim} missing` : `${dim} present`;
  return `${dim} ${pick.kind === 'value' ? '=' : '≠'} ${String(named.value)}`;
}
