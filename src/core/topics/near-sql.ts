/**
 * A set of battles named by row id as a condition on battles (the battles of a prompt's nearest
 * prompts): the ids are bound as one comma-separated parameter, not spliced into the SQL.
 */
import { Params, type SqlCondition } from '../sql/statement.ts';
import { BATTLES_TABLE } from '../sql/battles.ts';
import { quoteIdent } from '../sql/quote.ts';
import type { SqlQuery } from '../sql/statement.ts';

/** The slice AND the battles whose row id is in `rowIds` (none: a condition no battle meets). */
export function inRowIds(where: SqlCondition | undefined, rowIds: ArrayLike<number>): SqlCondition {
  const base = where?.params ?? [];
  const params = new Params(base.length);
  const list = Array.from(rowIds, (x) => String(Math.trunc(x))).join(',');
  const test = list ? `row_id IN (SELECT unnest(string_split(${params.add(list)}, ','))::BIGINT)` : 'FALSE';
  return { sql: where && where.sql ? `(${where.sql}) AND ${test}` : test, params: [...base, ...params.values] };
}

/** The row ids of the slice's battles (every battle when the slice is empty). */
export function sliceRowIdsSql(where: SqlCondition): SqlQuery {
  return {
    sql: `SELECT row_id FROM ${quoteIdent(BATTLES_TABLE)}${where.sql ? ` WHERE ${where.sql}` : ''} ORDER BY row_id`,
    params: where.params,
  };
}
