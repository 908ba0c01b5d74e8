/**
 * The tags over a vote in the Rows lens and a model's votes: a few of the row's own columns, each
 * as `column value`, times read as times (core/text/time-text.ts).
 */
import type { ColumnInfo } from '../schema/column.ts';
import { tryParseDuckType } from '../schema/duckdb-type.ts';
import { timeColumn } from '../sql/time-windows.ts';
import { duckTimeUnit, timeText, type TimeUnit } from '../text/time-text.ts';

export interface RowTag {
  column: string;
  text: string;
  /** The value as stored, where the text is a reading of it (a time). */
  title: string | null;
}

/** Columns shown elsewhere on the card (the pair, the outcome, the weight) or not at all. */
const SHOWN_ELSEWHERE = new Set(['row_id', 'model_a', 'model_b', 'outcome', 'weight', 'total']);
const MOST_TAGS = 8;

/** The columns whose values are times: every DATE and TIMESTAMP column, and the time column the Over time lens reads as unix seconds. */
export function timeUnits(columns: readonly ColumnInfo[]): Map<string, TimeUnit> {
  const units = new Map<string, TimeUnit>();
  for (const c of columns) {
    const t = tryParseDuckType(c.type);
    const unit = t?.kind === 'scalar' ? duckTimeUnit(t.name) : null;
    if (unit) units.set(c.name, unit);
  }
  const time = timeColumn(columns);
  if (time?.unit === 'unix-seconds') units.set(time.name, 'unix-seconds');
  return units;
}

/** The row's tags: its other scalar columns, in order, at most eight; a time as its reading, the stored value in `title`. */
export function rowTags(row: Record<string, unknown>, times: ReadonlyMap<string, TimeUnit>): RowTag[] {
  const tags: RowTag[] = [];
  for (const [column, value] of Object.entries(row)) {
    if (tags.length === MOST_TAGS) break;
    if (SHOWN_ELSEWHERE.has(column) || column.startsWith('text_') || value === null || value === undefined) continue;
    const unit = times.get(column);
    const time = unit ? timeText(value, unit) : null;
    if (time !== null) tags.push({ column, text: time, title: value instanceof Date ? value.toISOString() : String(value) });
    else if (typeof value !== 'object') tags.push({ column, text: String(value), title: null });
  }
  return tags;
}

/**
 * What a row's weight says beside its pair, or null for a row of one vote: a whole number is that
 * many votes (a row of pre-aggregated counts; every figure counts it so), anything else a weight.
 */
export function weightText(weight: unknown): string | null {
  const w = Number(weight);
  if (weight === null || weight === undefined || w === 1) return null;
  return Number.isInteger(w) && w > 0 ? `${w.toLocaleString('en-US')} votes` : `weight ${String(weight)}`;
}
