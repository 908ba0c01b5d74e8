/**
 * A time as people read it. DuckDB-WASM hands TIMESTAMP and DATE values over in Arrow as epoch
 * milliseconds, node's DuckDB as Date objects, and lmsys files keep their time as unix seconds: all
 * three would otherwise show as long numbers (LMArena 140k's `timestamp` read 1743468312180).
 */

/**
 * 'unix-seconds': a number of seconds since 1970 (UTC by definition); 'instant': a TIMESTAMP WITH
 * TIME ZONE, shown in UTC; 'timestamp': a TIMESTAMP without a zone, shown as stored; 'date': a day.
 */
export type TimeUnit = 'unix-seconds' | 'instant' | 'timestamp' | 'date';

/**
 * `YYYY-MM-DD HH:MM:SS`, with ` UTC` where the value is an instant, `YYYY-MM-DD` for a day; with
 * `fraction`, the milliseconds too when there are any. Null when the value is not a time.
 */
export function timeText(value: unknown, unit: TimeUnit, { fraction = false }: { fraction?: boolean } = {}): string | null {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? (unit === 'unix-seconds' ? value * 1000 : value) : NaN;
  if (!Number.isFinite(ms)) return null;
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) return null;
  const iso = date.toISOString();
  if (unit === 'date') return iso.slice(0, 10);
  const millis = iso.slice(20, 23);
  const clock = iso.slice(11, 19) + (fraction && millis !== '000' ? `.${millis}` : '');
  return `${iso.slice(0, 10)} ${clock}${unit === 'timestamp' ? '' : ' UTC'}`;
}

/** The unit a DuckDB type name reads as, or null for a type that is not a time (TIME of day is not). */
export function duckTimeUnit(typeName: string): TimeUnit | null {
  if (typeName === 'DATE') return 'date';
  if (/^(TIMESTAMP WITH TIME ZONE|TIMESTAMPTZ)$/.test(typeName)) return 'instant';
  return /^TIMESTAMP/.test(typeName) ? 'timestamp' : null;
}

/** Each row with its time columns (`units`) written as timeText writes them; anything that is not a time is left as it is. */
export function withTimeText<R extends Record<string, unknown>>(
  rows: readonly R[],
  units: ReadonlyMap<string, TimeUnit>,
  options: { fraction?: boolean } = {},
): R[] {
  if (units.size === 0) return [...rows];
  return rows.map((row) => {
    const out: Record<string, unknown> = { ...row };
    for (const [column, unit] of units) if (column in out) out[column] = timeText(out[column], unit, options) ?? out[column];
    return out as R;
  });
}
