/**
 * Two sources on the same items (sources/match-items.ts): how often they agree, and whether their
 * leaderboards agree.
 *
 * - Agreement: the 3×3 confusion of the two sides' verdicts (A, B, tie), the share on the diagonal,
 *   and Cohen's κ with its large-sample 95% interval (cohen-kappa.ts).
 * - Boards: a Bradley-Terry board per source fitted on the matched items' votes only (so both see
 *   the same pairs; a tie is half a win each side, mean 1000), side by side; Kendall's τ-b and
 *   Spearman's ρ between the two ratings over the models both rate.
 * - Intervals of τ, ρ and of each model's rating difference (second − first: how much the second
 *   source over- or under-rates it against the first): a bootstrap over items — the matched items
 *   resampled with replacement, both boards refitted each round, 95% percentile intervals. A
 *   resample adds noise to both boards, which lowers their correlation, so the interval of τ or ρ
 *   tends to sit below the point value: read its lower end as conservative.
 */
import { fitBradleyTerry } from './bradley-terry.ts';
import { cohenKappa, type Kappa } from './cohen-kappa.ts';
import { kendallTau } from './kendall.ts';
import { pairCountsFromKeys, type PairCounts } from './pair-counts.ts';
import { quantileSorted } from './percentile.ts';
import { seededRandom } from './random.ts';
import { VERDICTS, type MatchedItem } from '../sources/match-items.ts';

export interface Interval {
  value: number | null;
  lower: number | null;
  upper: number | null;
}

export interface SideRating {
  rating: number | null;
  /** 1 + the models rated strictly higher; null when unrated. */
  rank: number | null;
  votes: number;
}

export interface ModelComparison {
  model: string;
  first: SideRating;
  second: SideRating;
  /** second − first rating, Elo points, with its bootstrap interval. */
  difference: Interval;
}

export interface SourceComparison {
  items: number;
  /** confusion[i][j]: items the first source judged VERDICTS[i] and the second VERDICTS[j]. */
  confusion: number[][];
  /** Share of items with the same verdict. */
  agreement: number | null;
  kappa: Kappa;
  /** Sorted by the first source's rating (unrated last). */
  models: ModelComparison[];
  /** Over the models both boards rate. */
  tau: Interval;
  rho: Interval;
  /** Models rated by both. */
  ratedByBoth: number;
  rounds: number;
  seed: number;
  /** Indices into the items where the two verdicts differ, in item order. */
  disagreements: number[];
}

export interface CompareOptions {
  /** Bootstrap rounds over items for the intervals; 0 for none. Default 200. */
  rounds?: number;
  seed?: number;
}

/** Pair counts of one side, each item weighted by `times` (its multiplicity in a resample). */
function sideCounts(
  models: string[],
  index: Map<string, number>,
  items: readonly MatchedItem[],
  side: 'first' | 'second',
  times?: Int32Array,
): PairCounts {
  const cells = new Map<number, number>();
  const m = models.length;
  const add = (i: number, j: number, outcome: number, n: number) => {
    if (n <= 0) return;
    const id = (i * m + j) * 3 + outcome;
    cells.set(id, (cells.get(id) ?? 0) + n);
  };
  items.forEach((item, k) => {
    const w = times ? times[k] : 1;
    if (w === 0) return;
    const t = item[side];
    const i = index.get(item.modelA)!,
      j = index.get(item.modelB)!;
    add(i, j, 0, w * t.a);
    add(i, j, 1, w * t.b);
    add(i, j, 2, w * t.tie);
  });
  return pairCountsFromKeys(models, cells, 3);
}

const ratingsOf = (counts: PairCounts): (number | null)[] => fitBradleyTerry(counts).ratings;

/** Average ranks (1 = smallest) of the values; ties share their mean rank. */
function averageRanks(values: readonly number[]): number[] {
  const order = values.map((_, k) => k).sort((x, y) => values[x] - values[y]);
  const ranks = new Array<number>(values.length);
  for (let s = 0; s < order.length;) {
    let e = s;
    while (e + 1 < order.length && values[order[e + 1]] === values[order[s]]) e++;
    for (let k = s; k <= e; k++) ranks[order[k]] = (s + e) / 2 + 1;
    s = e + 1;
  }
  return ranks;
}

function pearson(x: readonly number[], y: readonly number[]): number {
  const n = x.length;
  if (n < 2) return NaN;
  const mx = x.reduce((s, v) => s + v, 0) / n,
    my = y.reduce((s, v) => s + v, 0) / n;
  let sxy = 0,
    sxx = 0,
    syy = 0;
  for (let k = 0; k < n; k++) {
    sxy += (x[k] - mx) * (y[k] - my);
    sxx += (x[k] - mx) ** 2;
    syy += (y[k] - my) ** 2;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : NaN;
}

/** Spearman's ρ: Pearson's r of the average ranks, over the entries both score (non-null). */
export function spearmanRho(x: readonly (number | null)[], y: readonly (number | null)[]): number {
  const both = x.map((_, k) => k).filter((k) => x[k] !== null && y[k] !== null);
  return pearson(averageRanks(both.map((k) => x[k]!)), averageRanks(both.map((k) => y[k]!)));
}

function tauOf(x: readonly (number | null)[], y: readonly (number | null)[]): number {
  return kendallTau(
    x.map((v) => v ?? NaN),
    y.map((v) => v ?? NaN),
  );
}

function ranksOf(ratings: readonly (number | null)[]): (number | null)[] {
  return ratings.map((r) => (r === null ? null : 1 + ratings.filter((o) => o !== null && o > r).length));
}

function percentileInterval(value: number | null, draws: number[]): Interval {
  const finite = draws.filter(Number.isFinite).sort((x, y) => x - y);
  if (value === null || !Number.isFinite(value)) return { value: null, lower: null, upper: null };
  if (!finite.length) return { value, lower: null, upper: null };
  return { value, lower: quantileSorted(finite, 0.025), upper: quantileSorted(finite, 0.975) };
}

const finiteOrNull = (x: number) => (Number.isFinite(x) ? x : null);

export function compareSources(items: readonly MatchedItem[], options: CompareOptions = {}): SourceComparison {
  const rounds = options.rounds ?? 200;
  const seed = options.seed ?? 0;
  const confusion = VERDICTS.map(() => VERDICTS.map(() => 0));
  const disagreements: number[] = [];
  items.forEach((item, k) => {
    const i = VERDICTS.indexOf(item.first.verdict),
      j = VERDICTS.indexOf(item.second.verdict);
    confusion[i][j]++;
    if (i !== j) disagreements.push(k);
  });
  const same = confusion.reduce((s, row, i) => s + row[i], 0);

  const models = [...new Set(items.flatMap((it) => [it.modelA, it.modelB]))].sort();
  const index = new Map(models.map((m, k) => [m, k]));
  const firstCounts = sideCounts(models, index, items, 'first');
  const secondCounts = sideCounts(models, index, items, 'second');
  const r1 = ratingsOf(firstCounts),
    r2 = ratingsOf(secondCounts);
  const votes = (counts: PairCounts) => {
    const v = new Array<number>(models.length).fill(0);
    for (let k = 0; k < counts.n.length; k++) {
      v[counts.a[k]] += counts.n[k];
      v[counts.b[k]] += counts.n[k];
    }
    return v;
  };
  const v1 = votes(firstCounts),
    v2 = votes(secondCounts);

  const tauDraws: number[] = [],
    rhoDraws: number[] = [];
  const diffDraws = models.map((): number[] => []);
  if (rounds > 0 && items.length > 0) {
    const random = seededRandom(seed);
    const times = new Int32Array(items.length);
    for (let round = 0; round < rounds; round++) {
      times.fill(0);
      for (let k = 0; k < items.length; k++) times[Math.floor(random.next() * items.length)]++;
      const b1 = ratingsOf(sideCounts(models, index, items, 'first', times));
      const b2 = ratingsOf(sideCounts(models, index, items, 'second', times));
      tauDraws.push(tauOf(b1, b2));
      rhoDraws.push(spearmanRho(b1, b2));
      models.forEach((_, m) => {
        if (b1[m] !== null && b2[m] !== null) diffDraws[m].push(b2[m]! - b1[m]!);
      });
    }
  }
  const rank1 = ranksOf(r1),
    rank2 = ranksOf(r2);
  const rows: ModelComparison[] = models.map((model, m) => ({
    model,
    first: { rating: r1[m], rank: rank1[m], votes: v1[m] },
    second: { rating: r2[m], rank: rank2[m], votes: v2[m] },
    difference: percentileInterval(r1[m] !== null && r2[m] !== null ? r2[m]! - r1[m]! : null, diffDraws[m]),
  }));
  rows.sort((x, y) => (y.first.rating ?? -Infinity) - (x.first.rating ?? -Infinity) || (x.model < y.model ? -1 : 1));
  return {
    items: items.length,
    confusion,
    agreement: items.length ? same / items.length : null,
    kappa: cohenKappa(confusion),
    models: rows,
    tau: percentileInterval(finiteOrNull(tauOf(r1, r2)), tauDraws),
    rho: percentileInterval(finiteOrNull(spearmanRho(r1, r2)), rhoDraws),
    ratedByBoth: models.filter((_, m) => r1[m] !== null && r2[m] !== null).length,
    rounds: rounds > 0 && items.length > 0 ? rounds : 0,
    seed,
    disagreements,
  };
}
