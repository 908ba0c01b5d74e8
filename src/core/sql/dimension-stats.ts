/**
 * What the filter panel shows next to each dimension, in the current slice: value counts for a
 * category or flag, a histogram for a number, votes per day for a date. Votes are summed weight.
 * Each builder takes the slice as a condition whose placeholders are $1..$k and numbers its own
 * parameters after them, and counts from battles or, when it serves them, the slice cube
 * (countSource): the same numbers from far fewer rows.
 */
import type { Row } from './connector.ts';
import { quoteIdent, quotePath } from './quote.ts';
import { BATTLES_SOURCE, type CountSource } from './slice-cube.ts';
import { Params, type SqlCondition, type SqlQuery } from './statement.ts';

const from = (source: CountSource) => quoteIdent(source.table);
/** Battles behind one row of the source, and their count over a group (BIGINT, as count(*)). */
const rowBattles = (source: CountSource) => (source.rowsColumn ? quoteIdent(source.rowsColumn) : '1');
const battleCount = (source: CountSource) => (source.rowsColumn ? `CAST(sum(${quoteIdent(source.rowsColumn)}) AS BIGINT)` : 'count(*)');

export interface ValueCount {
  value: string | number | boolean | null;
  votes: number;
  rows: number;
}

export interface ValueCounts {
  values: ValueCount[];
  /** Distinct values in the slice, NULL included; more than values.length when the list was cut. */
  distinct: number;
}

export interface HistogramBin {
  x0: number;
  x1: number;
  votes: number;
  rows: number;
}

export interface Histogram {
  bins: HistogramBin[];
  min: number | null;
  max: number | null;
  /** Rows whose value is NULL (not in any bin). */
  nullRows: number;
}

export interface DayCount {
  /** YYYY-MM-DD (UTC for unix seconds). */
  day: string;
  votes: number;
  rows: number;
}

const params = (where?: SqlCondition) => new Params(where?.params.length ?? 0);
const and = (where: SqlCondition | undefined, extra: string) => (where?.sql ? `(${where.sql}) AND ${extra}` : extra);

/**
 * The `limit` most voted values of a column (NULL is a value of its own), with the number of
 * distinct values before the cut. Ties in votes are broken by value, so the order is stable.
 */
export function valueCountsSql(path: readonly string[], where?: SqlCondition, limit = 60, source = BATTLES_SOURCE): SqlQuery {
  const p = params(where);
  const col = quotePath(path);
  const inner =
    `SELECT ${col} AS value, sum(weight) AS votes, ${battleCount(source)} AS rows FROM ${from(source)}` +
    `${where?.sql ? ` WHERE ${where.sql}` : ''} GROUP BY ALL`;
  return {
    sql:
      `SELECT value, votes, rows, count(*) OVER () AS distinct_values FROM (${inner}) ` +
      `ORDER BY votes DESC, value NULLS LAST LIMIT CAST(${p.add(integer(limit, 'valueCountsSql limit'))} AS BIGINT)`,
    params: [...(where?.params ?? []), ...p.values],
  };
}

export function readValueCounts(rows: readonly Row[]): ValueCounts {
  return {
    values: rows.map((r) => ({ value: r.value as ValueCount['value'], votes: Number(r.votes), rows: Number(r.rows) })),
    distinct: rows.length ? Number(rows[0].distinct_values) : 0,
  };
}

/**
 * Votes in about `bins` equal bins between the slice's min and max. Integer columns get
 * whole-number bins [x0, x1) of width ≥ 1 so each small value (turn 1, 2, 3) has its own bar;
 * the last bin of a real-valued column is closed so the max is counted. Every bin is returned,
 * empty ones with 0; a slice with no values gives no bins.
 */
export function histogramSql(
  path: readonly string[],
  where?: SqlCondition,
  options: { bins?: number; integer?: boolean; source?: CountSource } = {},
): SqlQuery {
  const source = options.source ?? BATTLES_SOURCE;
  const p = params(where);
  const col = quotePath(path);
  const bins = p.add(integer(options.bins ?? 20, 'histogramSql bins'));
  const width = options.integer ? `greatest(1, ceil((hi - lo + 1) / ${bins}))` : `CASE WHEN hi = lo THEN 1 ELSE (hi - lo) / ${bins} END`;
  // Parameters may arrive as DOUBLE (DuckDB-WASM binds JS numbers so): the bin count is cast back.
  const count = `CAST(${options.integer ? 'ceil((hi - lo + 1) / width)' : `CASE WHEN hi = lo THEN 1 ELSE ${bins} END`} AS BIGINT)`;
  const base = `SELECT CAST(${col} AS DOUBLE) AS x, weight, ${rowBattles(source)} AS battles FROM ${from(source)} WHERE ${and(where, `${col} IS NOT NULL`)}`;
  return {
    sql:
      `WITH v AS (${base}), ` +
      `r AS (SELECT min(x) AS lo, max(x) AS hi FROM v), ` +
      `s AS (SELECT lo, hi, ${width} AS width FROM r WHERE lo IS NOT NULL), ` +
      `k AS (SELECT lo, hi, width, ${count} AS n FROM s), ` +
      `b AS (SELECT CAST(least(floor((x - lo) / width), n - 1) AS BIGINT) AS i, sum(weight) AS votes, CAST(sum(battles) AS BIGINT) AS rows ` +
      `FROM v, k GROUP BY 1), ` +
      `nulls AS (SELECT ${battleCount(source)} AS null_rows FROM ${from(source)} WHERE ${and(where, `${col} IS NULL`)}) ` +
      `SELECT t.i AS bin, lo + t.i * width AS x0, CASE WHEN t.i = n - 1 THEN ${options.integer ? 'lo + n * width' : 'hi'} ` +
      `ELSE lo + (t.i + 1) * width END AS x1, coalesce(b.votes, 0) AS votes, coalesce(b.rows, 0) AS rows, ` +
      `lo AS min, hi AS max, (SELECT null_rows FROM nulls) AS null_rows ` +
      `FROM k, range(k.n) t(i) LEFT JOIN b ON b.i = t.i ORDER BY t.i`,
    params: [...(where?.params ?? []), ...p.values],
  };
}

export function readHistogram(rows: readonly Row[]): Histogram {
  return {
    bins: rows.map((r) => ({ x0: Number(r.x0), x1: Number(r.x1), votes: Number(r.votes), rows: Number(r.rows) })),
    min: rows.length ? Number(rows[0].min) : null,
    max: rows.length ? Number(rows[0].max) : null,
    nullRows: rows.length ? Number(rows[0].null_rows) : 0,
  };
}

/**
 * Votes per calendar day of a date/timestamp column, or of a unix-seconds number (days in UTC,
 * the same reading the date filter gives them). Days without votes are absent. Rows are grouped by
 * the day's number and only the days are formatted (strftime on every row cost 0.3 s on 1.7M rows).
 */
export function votesPerDaySql(
  path: readonly string[],
  kind: 'date' | 'unix-seconds',
  where?: SqlCondition,
  source = BATTLES_SOURCE,
): SqlQuery {
  const col = quotePath(path);
  const day = kind === 'unix-seconds' ? `CAST(floor(${col} / 86400) AS INTEGER)` : `CAST(${col} AS DATE)`;
  const date = kind === 'unix-seconds' ? `DATE '1970-01-01' + d` : 'd';
  const finite = kind === 'unix-seconds' ? ` AND isfinite(${col})` : '';
  return {
    sql:
      `SELECT strftime(${date}, '%Y-%m-%d') AS day, votes, rows FROM (` +
      `SELECT ${day} AS d, sum(weight) AS votes, ${battleCount(source)} AS rows FROM ${from(source)} ` +
      `WHERE ${and(where, `${col} IS NOT NULL${finite}`)} GROUP BY 1) ORDER BY d`,
    params: [...(where?.params ?? [])],
  };
}

export interface FlagCounts {
  /** Votes and rows in the slice. */
  votes: number;
  rows: number;
  /** Votes where each flag is true, in the order of the paths. */
  trueVotes: number[];
}

/**
 * Votes where each boolean flag is true, for a family of flags (the moderation categories) in one
 * scan instead of one query each. NULL counts as not true.
 */
export function flagCountsSql(paths: readonly (readonly string[])[], where?: SqlCondition, source = BATTLES_SOURCE): SqlQuery {
  const flags = paths.map((p, i) => `, coalesce(sum(weight) FILTER (WHERE ${quotePath(p)}), 0) AS f${i}`).join('');
  return {
    sql: `SELECT coalesce(sum(weight), 0) AS votes, ${battleCount(source)} AS rows${flags} FROM ${from(source)}${where?.sql ? ` WHERE ${where.sql}` : ''}`,
    params: [...(where?.params ?? [])],
  };
}

export function readFlagCounts(paths: readonly (readonly string[])[], rows: readonly Row[]): FlagCounts {
  const r = rows[0] ?? {};
  return { votes: Number(r.votes ?? 0), rows: Number(r.rows ?? 0), trueVotes: paths.map((_, i) => Number(r[`f${i}`] ?? 0)) };
}

export function readDayCounts(rows: readonly Row[]): DayCount[] {
  return rows.map((r) => ({ day: String(r.day), votes: Number(r.votes), rows: Number(r.rows) }));
}

function integer(n: number, what: string): number {
  if (!Number.isInteger(n) || n < 1) throw new Error(`${what}: ${n} is not a positive integer`);
  return n;
}
