/**
 * The pair × day cube held in the page (issue 28): battles summed by model pair, outcome and the day
 * of one date column, so a date range is counted by summing the rows of its days (a few
 * milliseconds) instead of a query on battles (tens to hundreds). The counts are the cells and sums
 * pairCountsSql gives under filtersSql's date condition, exactly: a day-aligned bound compares a
 * value with a midnight, which only its day decides. A bound with a time, a date filter on another
 * column or any filter but excluded outcomes returns null, and SQL counts it.
 */
import { OUTCOME_CODE, OUTCOMES } from '../outcome.ts';
import type { Filter } from '../sql/filters.ts';
import type { PairCounts } from '../stats/pair-counts.ts';
import { cellsOfSortedRows, hitCellCounts, type Cells } from './cells.ts';

/** The cube's rows, sorted by a, b, outcome (pairDaysSql). */
export interface DayRows {
  models: readonly string[];
  a: ArrayLike<number>;
  b: ArrayLike<number>;
  outcome: ArrayLike<number>;
  /**
   * Days since 1970-01-01; -Infinity and Infinity for infinite values, and Infinity for NaN, which
   * SQL orders above every number; NaN for NULL, which no bound lets through.
   */
  day: ArrayLike<number>;
  weight: ArrayLike<number>;
}

const MS_PER_DAY = 86_400_000;
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of an ISO date without a time ('2024-05-01'); null for anything else or a date that does not exist. */
export function dayNumber(iso: string): number | null {
  const parts = DATE_ONLY.exec(iso);
  if (!parts) return null;
  // setUTCFullYear, as Date.UTC reads the years 0–99 as 1900–1999.
  const date = new Date(0);
  date.setUTCFullYear(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
  // '2024-02-30' rolls over to March: SQL refuses it, so SQL is left to say so.
  if (date.toISOString().slice(0, 10) !== iso) return null;
  return Math.round(date.getTime() / MS_PER_DAY);
}

export class DayCounts {
  /** The date column (a top-level column: the filter's path). */
  readonly path: readonly string[];
  private readonly models: string[];
  private readonly cells: Cells;
  /** The distinct days that are not NULL, ascending. */
  private readonly days: Float64Array;
  /** Rows of days[i] are positions starts[i] … starts[i + 1] - 1; the NULL rows follow, to the end. */
  private readonly starts: Int32Array;
  /** Each row's cell, outcome and weight, the rows grouped by day. */
  private readonly cell: Int32Array;
  private readonly outcome: Uint8Array;
  private readonly weight: Float64Array;

  constructor(path: readonly string[], rows: DayRows) {
    this.path = [...path];
    this.models = [...rows.models];
    const { cellOf, cells } = cellsOfSortedRows(rows.a, rows.b, rows.outcome);
    this.cells = cells;
    const n = rows.a.length;
    const distinct = new Set<number>();
    for (let r = 0; r < n; r++) {
      const d = rows.day[r];
      if (!Number.isNaN(d)) distinct.add(d);
    }
    this.days = Float64Array.from(distinct).sort();
    const index = new Map<number, number>();
    this.days.forEach((d, i) => index.set(d, i));
    // A counting sort by day, NULL last; within a day the rows keep their (cell) order.
    this.starts = new Int32Array(this.days.length + 2);
    const dayIndex = new Int32Array(n);
    for (let r = 0; r < n; r++) {
      const d = rows.day[r];
      dayIndex[r] = Number.isNaN(d) ? this.days.length : index.get(d)!;
      this.starts[dayIndex[r] + 1]++;
    }
    for (let i = 0; i <= this.days.length; i++) this.starts[i + 1] += this.starts[i];
    const next = this.starts.slice(0, this.days.length + 1);
    this.cell = new Int32Array(n);
    this.outcome = new Uint8Array(n);
    this.weight = new Float64Array(n);
    for (let r = 0; r < n; r++) {
      const at = next[dayIndex[r]]++;
      this.cell[at] = cellOf[r];
      this.outcome[at] = cells.outcome[cellOf[r]];
      this.weight[at] = rows.weight[r];
    }
  }

  /** The slice's pair counts, or null when a filter is not one this counts exactly (see the file's comment). */
  counts(filters: readonly Filter[]): PairCounts | null {
    const outcomePass = new Uint8Array(OUTCOMES.length).fill(1);
    // Positions among `days`: the rows of days first … last - 1 pass every bound.
    let first = 0,
      last = this.days.length,
      bounded = false,
      dated = false;
    for (const f of filters) {
      if (f.kind === 'exclude-outcomes') {
        for (const o of f.outcomes) outcomePass[OUTCOME_CODE[o]] = 0;
        continue;
      }
      if (f.kind !== 'date' || f.path.length !== 1 || f.path[0] !== this.path[0]) return null;
      dated = true;
      if (f.from !== undefined) {
        const from = dayNumber(f.from);
        if (from === null) return null;
        first = Math.max(first, this.firstAtOrAfter(from));
        bounded = true;
      }
      if (f.to !== undefined) {
        const to = dayNumber(f.to);
        if (to === null) return null;
        last = Math.min(last, this.firstAtOrAfter(to));
        bounded = true;
      }
    }
    if (!dated) return null;
    const sums = new Float64Array(this.cells.a.length);
    const hit = new Uint8Array(this.cells.a.length);
    const { cell, outcome, weight, starts } = this;
    const add = (from: number, to: number) => {
      for (let i = from; i < to; i++) {
        if (!outcomePass[outcome[i]]) continue;
        sums[cell[i]] += weight[i];
        hit[cell[i]] = 1;
      }
    };
    if (first < last) add(starts[first], starts[last]);
    // A date filter without bounds is no condition: NULL passes it, as every other value.
    if (!bounded) add(starts[this.days.length], cell.length);
    return hitCellCounts(this.models, this.cells, sums, hit);
  }

  /** The position of the first day ≥ `day` among the days held (their count when none is). */
  private firstAtOrAfter(day: number): number {
    let lo = 0,
      hi = this.days.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.days[mid] < day) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
