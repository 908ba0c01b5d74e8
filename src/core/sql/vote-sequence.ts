/**
 * The votes of a slice one by one, in time order when the data has a time column (else file
 * order): what online Elo needs. Model and outcome come as codes, like pairCountsSql().
 */
import { BATTLES_TABLE } from './battles.ts';
import { whereClause } from './pair-counts.ts';
import { quoteIdent } from './quote.ts';
import type { SqlCondition, SqlQuery } from './statement.ts';
import { epochSeconds, type TimeColumn } from './time-windows.ts';

export function voteSequenceSql(where: SqlCondition | undefined, time: TimeColumn | null): SqlQuery {
  const order = time ? `${epochSeconds(time)} NULLS LAST, row_id` : 'row_id';
  return {
    sql:
      'SELECT CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, ' +
      `CAST(enum_code(outcome) AS UTINYINT) AS outcome FROM ${quoteIdent(BATTLES_TABLE)}${whereClause(where)} ORDER BY ${order}`,
    params: where?.params ?? [],
  };
}
