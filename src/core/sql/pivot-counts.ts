/** The category pivot's pair counts: one set per value of a dimension, read in one grouped query. */
import type { Row } from './connector.ts';
import { BATTLES_TABLE } from './battles.ts';
import { filtersSql } from './filters.ts';
import { quoteIdent, quotePath } from './quote.ts';
import type { ColumnInfo } from '../schema/column.ts';
import type { SqlCondition, SqlQuery, SqlValue } from './statement.ts';
import type { PairCounts } from '../stats/pair-counts.ts';

/**
 * Votes per (value, a, b, outcome) for the listed values of `path`, in the slice `base`:
 * a, b model ENUM codes and outcome the OUTCOME_CODE, as in pairCountsSql.
 */
export function pivotCountsSql(path: string[], values: readonly SqlValue[], base: SqlCondition, schema: readonly ColumnInfo[]): SqlQuery {
  const f = filtersSql([{ kind: 'in', path, values }], schema, base.params.length + 1);
  const where = base.sql ? `(${base.sql}) AND (${f.sql})` : f.sql;
  return {
    sql:
      `SELECT ${quotePath(path)} AS value, CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, ` +
      `CAST(enum_code(outcome) AS UTINYINT) AS outcome, sum(weight) AS n FROM ${quoteIdent(BATTLES_TABLE)} WHERE ${where} ` +
      `GROUP BY ALL ORDER BY 2, 3, 4`,
    params: [...base.params, ...f.params],
  };
}

const keyOf = (v: unknown) => JSON.stringify(v ?? null);

/** Splits pivotCountsSql rows into one PairCounts per value, in the order of `values`. */
export function readPivotCounts(models: string[], values: readonly SqlValue[], rows: readonly Row[]): PairCounts[] {
  const index = new Map(values.map((v, i) => [keyOf(v), i]));
  const lists: Row[][] = values.map(() => []);
  for (const r of rows) {
    const i = index.get(keyOf(r.value));
    if (i !== undefined) lists[i].push(r);
  }
  return lists.map((list) => ({
    models,
    a: Int32Array.from(list, (r) => Number(r.a)),
    b: Int32Array.from(list, (r) => Number(r.b)),
    outcome: Uint8Array.from(list, (r) => Number(r.outcome)),
    n: Float64Array.from(list, (r) => Number(r.n)),
  }));
}
