/**
 * The rows of the pair × day cube the page holds to count a date range itself (core/tally/day-counts.ts):
 * battles summed by model pair, outcome and the day of one date column, as a number of days since
 * 1970-01-01, so that comparing a day with a day-aligned bound decides what filtersSql's condition
 * on the column decides.
 */
import { BATTLES_TABLE } from './battles.ts';
import { quoteIdent } from './quote.ts';
import type { DayColumn } from './slice-cube.ts';

/** Dates and timestamps without a time zone: their day does not depend on the session's zone. */
const TEMPORAL = /^(DATE|TIMESTAMP|TIMESTAMP_S|TIMESTAMP_MS|TIMESTAMP_NS)$/;
/** Unix seconds whose comparison with a double (epoch()) is the comparison of their values; not DECIMAL, HUGEINT. */
const SECONDS = /^(TINYINT|SMALLINT|INTEGER|BIGINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|FLOAT|DOUBLE)$/;

/**
 * The day number of the column, as DayRows wants it: NULL as NaN; -inf as -Infinity; +inf and NaN
 * (which SQL orders above every number) as Infinity. Null for a column type whose day is not
 * decided here (a time zone, a decimal): its date filters stay with SQL.
 */
export function dayNumberSql(day: DayColumn): string | null {
  const col = quoteIdent(day.column);
  if (day.unixSeconds) {
    if (!SECONDS.test(day.type)) return null;
    const x = `CAST(${col} AS DOUBLE)`;
    // A value just below midnight 1970-01-01 divides to -0, a day too late: the step back catches it (and any such rounding).
    const floor = `floor(${x} / 86400)`;
    return (
      `CASE WHEN ${col} IS NULL THEN 'nan'::DOUBLE ` +
      `WHEN isfinite(${x}) THEN ${floor} - CASE WHEN ${floor} * 86400 > ${x} THEN 1 ELSE 0 END ` +
      `WHEN ${x} = '-inf'::DOUBLE THEN ${x} ELSE 'inf'::DOUBLE END`
    );
  }
  if (!TEMPORAL.test(day.type)) return null;
  return (
    `CASE WHEN ${col} IS NULL THEN 'nan'::DOUBLE ` +
    `WHEN isfinite(${col}) THEN CAST(CAST(${col} AS DATE) - DATE '1970-01-01' AS DOUBLE) ` +
    `WHEN ${col} > DATE '1970-01-01' THEN 'inf'::DOUBLE ELSE '-inf'::DOUBLE END`
  );
}

/**
 * The cube's rows (a, b, outcome codes, day, weight) sorted by a, b, outcome, at most `limit` + 1 of
 * them (more than `limit` and the cube is not held); null when the column's type is not one dayNumberSql decides.
 */
export function pairDaysSql(day: DayColumn, limit: number): string | null {
  const number = dayNumberSql(day);
  if (!number) return null;
  return (
    'SELECT CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, ' +
    `CAST(enum_code(outcome) AS UTINYINT) AS outcome, ${number} AS day, sum(weight) AS weight ` +
    `FROM ${quoteIdent(BATTLES_TABLE)} GROUP BY ALL ORDER BY a, b, outcome LIMIT ${limit + 1}`
  );
}
