/**
 * Time for the "Over time" lens: which column of `battles` holds the vote's time, and votes
 * aggregated per time bucket (bucket, a, b, outcome, n) so that any window of buckets is a sum.
 *
 * The rule (hasTimeColumn / timeColumn), first match wins:
 *   1. a top-level column named `tstamp`, then `timestamp`, then `created_at` (exact name first,
 *      then any case) whose type is DATE / TIMESTAMP* (read as a date) or numeric (read as unix
 *      seconds, the lmsys convention);
 *   2. otherwise the first top-level DATE / TIMESTAMP* column of battles, in column order.
 * Columns of other types (VARCHAR dates, structs) do not count. The canonical columns never do.
 */
import type { ColumnInfo } from '../schema/column.ts';
import { isNumericType, isTemporalType, tryParseDuckType } from '../schema/duckdb-type.ts';
import { BATTLES_TABLE } from './battles.ts';
import type { Row } from './connector.ts';
import { quoteIdent } from './quote.ts';
import { Params, type SqlCondition, type SqlQuery } from './statement.ts';

export interface TimeColumn {
  name: string;
  /** 'unix-seconds': a number of seconds since 1970; 'temporal': a DATE or TIMESTAMP column. */
  unit: 'unix-seconds' | 'temporal';
}

export const TIME_COLUMN_NAMES = ['tstamp', 'timestamp', 'created_at'] as const;
const CANONICAL = new Set(['row_id', 'model_a', 'model_b', 'outcome', 'weight']);

/** The column the lens reads time from, or null when battles has none (see the rule above). */
export function timeColumn(columns: readonly ColumnInfo[]): TimeColumn | null {
  const usable = columns.filter((c) => !CANONICAL.has(c.name));
  for (const name of TIME_COLUMN_NAMES) {
    const c = usable.find((x) => x.name === name) ?? usable.find((x) => x.name.toLowerCase() === name);
    const t = c && tryParseDuckType(c.type);
    if (!c || !t) continue;
    if (isTemporalType(t)) return { name: c.name, unit: 'temporal' };
    if (isNumericType(t)) return { name: c.name, unit: 'unix-seconds' };
  }
  const any = usable.find((c) => {
    const t = tryParseDuckType(c.type);
    return !!t && isTemporalType(t);
  });
  return any ? { name: any.name, unit: 'temporal' } : null;
}

/** Whether the "Over time" lens applies: battles has a time column by the rule above. */
export function hasTimeColumn(columns: readonly ColumnInfo[]): boolean {
  return timeColumn(columns) !== null;
}

/** The vote's time as DOUBLE unix seconds. */
export function epochSeconds(col: TimeColumn): string {
  const q = quoteIdent(col.name);
  return col.unit === 'temporal' ? `epoch(${q})` : `CAST(${q} AS DOUBLE)`;
}

const and = (where: SqlCondition | undefined, extra: string) => ` WHERE ${where && where.sql ? `(${where.sql}) AND ` : ''}${extra}`;

/** One row: first and last time (unix seconds), votes with a time, votes without. */
export function timeRangeSql(col: TimeColumn, where?: SqlCondition): SqlQuery {
  const t = epochSeconds(col);
  return {
    sql:
      `SELECT min(${t}) AS first, max(${t}) AS last, coalesce(sum(weight) FILTER (WHERE ${t} IS NOT NULL), 0) AS timed, ` +
      `coalesce(sum(weight) FILTER (WHERE ${t} IS NULL), 0) AS untimed FROM ${quoteIdent(BATTLES_TABLE)}` +
      (where && where.sql ? ` WHERE ${where.sql}` : ''),
    params: where?.params ?? [],
  };
}

/**
 * Votes per (bucket, a, b, outcome): bucket = floor((t − origin) / step), t in unix seconds, so
 * bucket 0 starts at `origin`. a, b are model ENUM codes and outcome the OUTCOME_CODE, as in
 * pairCountsSql. Votes without a time are left out.
 */
export function bucketPairCountsSql(col: TimeColumn, origin: number, stepSeconds: number, where?: SqlCondition): SqlQuery {
  if (!(stepSeconds > 0)) throw new RangeError(`bucketPairCountsSql: step must be positive, got ${stepSeconds}`);
  const params = new Params(where?.params.length ?? 0);
  const t = epochSeconds(col);
  const bucket = `CAST(floor((${t} - ${params.add(origin)}) / ${params.add(stepSeconds)}) AS INTEGER)`;
  return {
    sql:
      `SELECT ${bucket} AS bucket, CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, ` +
      `CAST(enum_code(outcome) AS UTINYINT) AS outcome, sum(weight) AS n FROM ${quoteIdent(BATTLES_TABLE)}` +
      `${and(where, `${t} IS NOT NULL`)} GROUP BY ALL ORDER BY 1, 2, 3, 4`,
    params: [...(where?.params ?? []), ...params.values],
  };
}

/** Each model's first vote time (unix seconds) in the slice, earliest first. */
export function firstSeenSql(col: TimeColumn, where?: SqlCondition): SqlQuery {
  const t = epochSeconds(col);
  const B = quoteIdent(BATTLES_TABLE);
  const w = and(where, `${t} IS NOT NULL`);
  return {
    sql:
      `SELECT CAST(model AS VARCHAR) AS model, min(t) AS first FROM (` +
      `SELECT model_a AS model, ${t} AS t FROM ${B}${w} UNION ALL SELECT model_b, ${t} FROM ${B}${w}` +
      `) GROUP BY model ORDER BY first, model`,
    params: where?.params ?? [],
  };
}

export interface BucketCounts {
  /** Model names by ENUM code, as in PairCounts. */
  models: string[];
  bucket: Int32Array;
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  n: Float64Array;
}

/** Reads bucketPairCountsSql rows; `models` from modelsSql (readPairCounts checks the codes). */
export function readBucketCounts(models: string[], rows: readonly Row[]): BucketCounts {
  const k = rows.length;
  const out: BucketCounts = {
    models,
    bucket: new Int32Array(k),
    a: new Int32Array(k),
    b: new Int32Array(k),
    outcome: new Uint8Array(k),
    n: new Float64Array(k),
  };
  rows.forEach((r, i) => {
    out.bucket[i] = Number(r.bucket);
    out.a[i] = Number(r.a);
    out.b[i] = Number(r.b);
    out.outcome[i] = Number(r.outcome);
    out.n[i] = Number(r.n);
  });
  return out;
}
