/**
 * One source's votes for matching against another (sources/match-items.ts): each battle's models,
 * outcome code, weight and row_id, with the match key's columns read from the raw table by rowid (a
 * key may be a long text column that battles leaves out), as text joined by KEY_SEPARATOR (null when
 * any is null). Used on each source's own connection.
 */
import { BATTLES_TABLE } from './battles.ts';
import { quoteIdent } from './quote.ts';
import type { SqlCondition, SqlQuery } from './statement.ts';
import { whereClause } from './pair-counts.ts';
import type { SourceVote } from '../sources/match-items.ts';
import { KEY_SEPARATOR } from '../sources/match-key.ts';

/** `where` (a slice over battles, placeholders from $1) narrows the votes. */
export function sourceVotesSql(raw: string, keyColumns: readonly string[], where?: SqlCondition): SqlQuery {
  if (!keyColumns.length) throw new Error('sourceVotesSql: a key needs a column');
  // || is null when either side is: a vote missing any part of its key has no key.
  const key = keyColumns.map((c) => `CAST(r.${quoteIdent(c)} AS VARCHAR)`).join(` || chr(${KEY_SEPARATOR.charCodeAt(0)}) || `);
  return {
    sql:
      `SELECT b.row_id AS row_id, CAST(b.model_a AS VARCHAR) AS a, CAST(b.model_b AS VARCHAR) AS b, ` +
      `CAST(enum_code(b.outcome) AS INTEGER) AS outcome, CAST(b.weight AS DOUBLE) AS weight, ` +
      `${key} AS key ` +
      `FROM (SELECT * FROM ${quoteIdent(BATTLES_TABLE)}${whereClause(where)}) AS b JOIN ${quoteIdent(raw)} AS r ON r.rowid = b.row_id ORDER BY b.row_id`,
    params: where ? [...where.params] : [],
  };
}

export function readSourceVotes(rows: readonly Record<string, unknown>[]): SourceVote[] {
  return rows.map((r) => ({
    key: r.key === null || r.key === undefined ? null : String(r.key),
    a: String(r.a),
    b: String(r.b),
    outcome: Number(r.outcome),
    weight: Number(r.weight),
    rowId: Number(r.row_id),
  }));
}

/** Rows of `raw` by rowid (an item's votes, to show them), each id a bound parameter. */
export function rowsByIdSql(raw: string, rowIds: readonly number[]): SqlQuery {
  const ids = rowIds.slice(0, 200);
  if (!ids.length) return { sql: `SELECT rowid AS row_id, * FROM ${quoteIdent(raw)} WHERE false`, params: [] };
  return {
    sql: `SELECT rowid AS row_id, * FROM ${quoteIdent(raw)} WHERE rowid IN (${ids.map((_, k) => `$${k + 1}`).join(', ')}) ORDER BY rowid`,
    params: [...ids],
  };
}
