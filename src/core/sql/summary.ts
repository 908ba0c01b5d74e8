import type { ColumnInfo } from '../schema/column.ts';
import { BATTLES_TABLE, REJECTED_TABLE } from './battles.ts';
import type { Row } from './connector.ts';
import { whereClause } from './pair-counts.ts';
import { quoteIdent } from './quote.ts';
import type { SqlCondition, SqlQuery } from './statement.ts';

const B = quoteIdent(BATTLES_TABLE);

/** One row: rows, votes (summed weight) and models (distinct names on either side) in battles. */
export function totalsSql(where?: SqlCondition): SqlQuery {
  const w = whereClause(where);
  return {
    sql:
      `SELECT count(*) AS rows, coalesce(sum(weight), 0) AS votes, ` +
      `(SELECT count(*) FROM (SELECT model_a AS m FROM ${B}${w} UNION SELECT model_b FROM ${B}${w})) AS models ` +
      `FROM ${B}${w}`,
    // $n may appear several times in one statement; one value each.
    params: where?.params ?? [],
  };
}

/** Rows and votes per outcome, in OUTCOME_CODE order; outcomes with no rows are absent. */
export function outcomeDistributionSql(where?: SqlCondition): SqlQuery {
  return {
    sql:
      `SELECT CAST(o AS VARCHAR) AS outcome, rows, votes FROM (SELECT outcome AS o, count(*) AS rows, ` +
      `sum(weight) AS votes FROM ${B}${whereClause(where)} GROUP BY outcome) ORDER BY o`,
    params: where?.params ?? [],
  };
}

/** Rejected rows per reason, most frequent first ('unknown winner label "x"' is one reason per value). */
export function rejectedByReasonSql(): SqlQuery {
  return {
    sql: `SELECT reason, count(*) AS rows FROM ${quoteIdent(REJECTED_TABLE)} GROUP BY reason ORDER BY rows DESC, reason`,
    params: [],
  };
}

export interface ColumnProfile {
  name: string;
  type: string;
  distinct: number;
  nonNull: number;
}

/**
 * One row with, per column, its distinct count (d0, d1 …) and non-null count (n0, n1 …), in a
 * single scan. Approximate (HyperLogLog) by default: exact distinct counts on millions of rows
 * and dozens of columns cost seconds in the browser.
 */
export function columnProfileSql(table: string, columns: readonly ColumnInfo[], exact = false): SqlQuery {
  const parts = columns.flatMap((c, i) => {
    const q = quoteIdent(c.name);
    return [exact ? `count(DISTINCT ${q}) AS d${i}` : `approx_count_distinct(${q}) AS d${i}`, `count(${q}) AS n${i}`];
  });
  return { sql: `SELECT count(*) AS rows${parts.map((p) => `, ${p}`).join('')} FROM ${quoteIdent(table)}`, params: [] };
}

/** Reads the single row of columnProfileSql back into one entry per column. */
export function readColumnProfile(columns: readonly ColumnInfo[], row: Row): ColumnProfile[] {
  return columns.map((c, i) => ({
    name: c.name,
    type: c.type,
    distinct: Number(row[`d${i}`]),
    nonNull: Number(row[`n${i}`]),
  }));
}

/** Columns of a table as DuckDB reports them; read with readColumns. */
export function describeSql(table: string): SqlQuery {
  return { sql: `DESCRIBE ${quoteIdent(table)}`, params: [] };
}

export function readColumns(rows: readonly Row[]): ColumnInfo[] {
  return rows.map((r) => ({ name: String(r.column_name), type: String(r.column_type) }));
}
