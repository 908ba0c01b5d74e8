/**
 * The slices the Compare lens sets side by side, as SQL conditions on `battles`: the dimensions a
 * picker offers, their values with vote counts, and the two conditions (each ANDed with the
 * current slice; "the rest" is every vote the other side does not take).
 */
import type { ColumnInfo } from '../schema/column.ts';
import { parseDuckType, typeAtPath } from '../schema/duckdb-type.ts';
import type { DimensionHint } from '../schema/preset.ts';
import { BATTLES_TABLE } from './battles.ts';
import type { Row } from './connector.ts';
import { filtersSql, type Filter } from './filters.ts';
import { whereClause } from './pair-counts.ts';
import { quoteIdent, quotePath } from './quote.ts';
import { Params, type SqlCondition, type SqlQuery, type SqlValue } from './statement.ts';
import { isTopicPath, topicTest, topicValuesSql } from '../topics/topic-slice.ts';

/** A dimension the pickers offer: a scalar VARCHAR, BOOLEAN or integer column (or struct field). */
export interface SliceDimension {
  path: string[];
  label: string;
  /** Names to show for values (by String(value)), where the value itself is a code: a topic's id. */
  names?: Record<string, string>;
}

/**
 * One side of the comparison: dimension = value, every vote the other side does not take
 * ("everything else"), or every vote of the slice ("all votes": a category against the whole
 * board, as LMArena shows its category boards).
 */
export type SlicePick = { kind: 'value'; path: string[]; value: SqlValue } | { kind: 'rest' } | { kind: 'all' };

const INTEGER = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT)$/;
const SKIP = new Set(['row_id', 'model_a', 'model_b', 'outcome', 'weight']);

function sliceable(columns: readonly ColumnInfo[], path: readonly string[]): boolean {
  const info = columns.find((c) => c.name === path[0]);
  if (!info) return false;
  let t;
  try {
    t = typeAtPath(parseDuckType(info.type), path.slice(1));
  } catch {
    return false;
  }
  return !!t && t.kind === 'scalar' && (t.name === 'VARCHAR' || t.name === 'BOOLEAN' || INTEGER.test(t.name));
}

/**
 * Candidate dimensions: the preset's hints first (with their labels), then every other top-level
 * VARCHAR / BOOLEAN / integer column of battles, minus `skip` (ids, the time column). Keep those
 * with few values with sliceCardinalitySql.
 */
export function sliceDimensions(
  columns: readonly ColumnInfo[],
  hints: readonly DimensionHint[],
  skip: readonly string[] = [],
): SliceDimension[] {
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
  return dims.filter((_, i) => {
    const d = Number(row[`d${i}`]);
    return d >= 2 && d <= max;
  });
}

/** A dimension's values in the slice `where`, most votes first: value, votes. */
export function sliceValuesSql(path: readonly string[], where?: SqlCondition, limit = 60): SqlQuery {
  if (isTopicPath(path)) return topicValuesSql(where, limit);
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
export function sliceConditions(
  base: SqlCondition,
  left: SlicePick,
  right: SlicePick,
  schema: readonly ColumnInfo[],
): [SqlCondition, SqlCondition] {
  if (left.kind === 'rest' && right.kind === 'rest') throw new Error('slice compare: only one side can be "the rest"');
  if ((left.kind === 'rest' && right.kind !== 'value') || (right.kind === 'rest' && left.kind !== 'value'))
    throw new Error('slice compare: "the rest" needs a value on the other side');
  const one = (pick: SlicePick, other: SlicePick): SqlCondition => {
    if (pick.kind === 'all') return base;
    const own = pick.kind === 'value' ? pick : (other as Extract<SlicePick, { kind: 'value' }>);
    const f = isTopicPath(own.path)
      ? topicTest(Number(own.value), base.params.length + 1)
      : filtersSql([pickFilter(own)], schema, base.params.length + 1);
    const cond = pick.kind === 'value' ? `(${f.sql})` : `NOT coalesce((${f.sql}), false)`;
    return { sql: base.sql ? `(${base.sql}) AND ${cond}` : cond, params: [...base.params, ...f.params] };
  };
  return [one(left, right), one(right, left)];
}

/** "language = French", "language ≠ French" for the rest, "all votes" for all. */
export function pickLabel(pick: SlicePick, other: SlicePick, dims: readonly SliceDimension[]): string {
  if (pick.kind === 'all') return 'all votes';
  const named = pick.kind === 'value' ? pick : other.kind === 'value' ? other : null;
  if (!named) return 'all votes';
  const found = dims.find((d) => d.path.join('.') === named.path.join('.'));
  const dim = found?.label ?? named.path.join('.');
  if (named.value === null) return pick.kind === 'value' ? `${dim} missing` : `${dim} present`;
  return `${dim} ${pick.kind === 'value' ? '=' : '≠'} ${found?.names?.[String(named.value)] ?? String(named.value)}`;
}
