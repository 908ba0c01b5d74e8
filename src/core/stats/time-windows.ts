/**
 * Ratings over time: the buckets of bucketPairCountsSql (e.g. weeks) are summed into windows —
 * cumulative (everything up to the end of step s) or sliding (the last `width` buckets) — and each
 * window is fitted on its own (Bradley-Terry, mean 1000 over the models rated in that window,
 * bootstrap percentile intervals). Windows are built and fitted one at a time so a caller can
 * yield to the page, report progress and stop between fits.
 */
import type { BucketCounts } from '../sql/time-windows.ts';
import type { Leaderboard } from './leaderboard.ts';
import { pairCountsFromKeys, type PairCounts } from './pair-counts.ts';

export interface WindowSpec {
  mode: 'cumulative' | 'sliding';
  /** Buckets per window, for 'sliding'. */
  width: number;
}

export interface TimeWindow {
  /** The bucket the window ends with (its step number), the same for every mode and width. */
  index: number;
  /** First bucket included and the bucket after the last one: [from, to). */
  from: number;
  to: number;
}

/**
 * One window per step, ending at each bucket in turn. Sliding windows are whole: the first ends
 * at bucket width − 1, so every point rests on `width` buckets (a window wider than the data is the
 * whole range, once). Cumulative windows start at the first bucket.
 */
export function timeWindows(bucketCount: number, spec: WindowSpec): TimeWindow[] {
  if (!Number.isInteger(bucketCount) || bucketCount < 0)
    throw new RangeError(`timeWindows: bucket count must be a non-negative integer, got ${bucketCount}`);
  if (spec.mode === 'sliding' && !(Number.isInteger(spec.width) && spec.width >= 1))
    throw new RangeError(`timeWindows: width must be a positive integer, got ${spec.width}`);
  const first = spec.mode === 'cumulative' ? 0 : Math.min(spec.width, bucketCount) - 1;
  return Array.from({ length: Math.max(0, bucketCount - Math.max(0, first)) }, (_, k) => {
    const s = first + k;
    return { index: s, from: spec.mode === 'cumulative' ? 0 : Math.max(0, s + 1 - spec.width), to: s + 1 };
  });
}

/** Votes of buckets [from, to) as PairCounts, cells of equal (a, b, outcome) summed. */
export function windowCounts(buckets: BucketCounts, from: number, to: number): PairCounts {
  const sums = new Map<number, number>();
  const m = buckets.models.length;
  for (let r = 0; r < buckets.bucket.length; r++) {
    const k = buckets.bucket[r];
    if (k < from || k >= to) continue;
    const key = (buckets.a[r] * m + buckets.b[r]) * 4 + buckets.outcome[r];
    sums.set(key, (sums.get(key) ?? 0) + buckets.n[r]);
  }
  return pairCountsFromKeys(buckets.models, sums, 4);
}

/** A model's rating in one window, as the chart and the table draw it. */
export interface TimePoint {
  model: string;
  window: number;
  /** Window bounds as unix seconds: start of its first bucket, end of its last. */
  start: number;
  end: number;
  rating: number;
  lower: number | null;
  upper: number | null;
  votes: number;
}

/**
 * Points of one fitted window: rated models with at least `minVotes` votes in it (a handful of
 * votes gives a rating, but not one worth a line).
 */
export function windowPoints(board: Leaderboard, w: TimeWindow, origin: number, step: number, minVotes: number): TimePoint[] {
  return board.rows
    .filter((r) => r.rating !== null && r.group === 0 && r.votes >= minVotes)
    .map((r) => ({
      model: r.model,
      window: w.index,
      start: origin + w.from * step,
      end: origin + w.to * step,
      rating: r.rating!,
      lower: r.lower,
      upper: r.upper,
      votes: r.votes,
    }));
}

/**
 * The `n` models to draw: highest rating in the latest window they appear in, latest windows
 * first, so a model that entered late and ranks high is kept.
 */
export function topModels(points: readonly TimePoint[], n: number): string[] {
  const last = new Map<string, TimePoint>();
  for (const p of points) {
    const seen = last.get(p.model);
    if (!seen || p.window > seen.window) last.set(p.model, p);
  }
  const latest = Math.max(-1, ...[...last.values()].map((p) => p.window));
  return [...last.values()]
    .sort((x, y) => (x.window === latest ? 0 : 1) - (y.window === latest ? 0 : 1) || y.rating - x.rating || (x.model < y.model ? -1 : 1))
    .slice(0, n)
    .map((p) => p.model);
}

export interface TimeStep {
  seconds: number;
  /** The calendar unit and how many of it one step is ("4 weeks" is 4 × week). */
  unit: 'hour' | 'day' | 'week';
  count: number;
  /** The step in words, singular: "day", "4 weeks". */
  label: string;
}

const HOUR = 3600;
const DAY = 86_400;
const step = (unit: TimeStep['unit'], count: number): TimeStep => ({
  seconds: count * (unit === 'hour' ? HOUR : unit === 'day' ? DAY : 7 * DAY),
  unit,
  count,
  label: count === 1 ? unit : `${count} ${unit}s`,
});

/**
 * The step for a time span, so the range holds a usable number of buckets: an hour under two days,
 * a day under three weeks, a week under a year, else four weeks.
 */
export function defaultStep(spanSeconds: number): TimeStep {
  if (spanSeconds < 2 * DAY) return step('hour', 1);
  if (spanSeconds < 21 * DAY) return step('day', 1);
  if (spanSeconds < 365 * DAY) return step('week', 1);
  return step('week', 4);
}

/** `n` steps in words, with the plural: "1 day", "2 days", "8 weeks" (for n = 2 of a 4-week step). */
export function stepsLabel(s: TimeStep, n: number): string {
  const total = n * s.count;
  return `${total} ${s.unit}${total === 1 ? '' : 's'}`;
}

/**
 * Sliding-window widths (in steps) that fit a range of `bucketCount` buckets: 1, 2, 4, 8, 13, 26
 * steps, each leaving at least two whole windows; always at least the one-step window.
 */
export function windowWidths(bucketCount: number): number[] {
  const fitting = [1, 2, 4, 8, 13, 26].filter((w) => w === 1 || bucketCount - w + 1 >= 2);
  return fitting;
}

/** The width shown first: the widest one that still leaves about four windows. */
export function defaultWidth(bucketCount: number): number {
  const widths = windowWidths(bucketCount);
  return [...widths].reverse().find((w) => bucketCount - w + 1 >= 4) ?? widths[0];
}
