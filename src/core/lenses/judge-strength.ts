/**
 * Strong verdicts in judge columns: arena-hard's scale says how much better (A>>B "significantly",
 * A>B "slightly"); the Judges lens reads both as A (verdictSql), and counts here, per judge, the
 * verdicts that were strong, read the same way (case, spaces and [[ ]] wrapping ignored).
 */
import { STRONG_VERDICTS } from '../schema/winner-labels.ts';
import type { Row } from '../sql/connector.ts';
import { whereClause } from '../sql/pair-counts.ts';
import { quoteIdent } from '../sql/quote.ts';
import type { SqlCondition, SqlQuery } from '../sql/statement.ts';
import { verdictTextSql, type JudgeSpec } from './judges.ts';

// Fixed text of winner-labels.ts, never a value from a file.
const STRONG_LIST = STRONG_VERDICTS.map((k) => `'${k.replaceAll("'", "''")}'`).join(', ');

/** Whether the verdict in `expr` is a strong one. */
export function strongVerdictSql(expr: string): string {
  const { v, bare } = verdictTextSql(expr);
  return `(${v} IN (${STRONG_LIST}) OR ${bare} IN (${STRONG_LIST}))`;
}

/** One row: per judge column (s0, s1 …), its strong verdicts in the slice. */
export function judgeStrongSql(spec: JudgeSpec, where: SqlCondition): SqlQuery {
  if (spec.judges.length === 0) return { sql: 'SELECT 1 AS none', params: [] };
  const counts = spec.judges.map((j, i) => `count(*) FILTER (WHERE ${strongVerdictSql(quoteIdent(j.column))}) AS s${i}`);
  return { sql: `SELECT ${counts.join(', ')} FROM ${quoteIdent('battles')}${whereClause(where)}`, params: where.params };
}

/** Strong verdicts per judge, in the spec's order. */
export function readJudgeStrong(spec: JudgeSpec, row: Row | undefined): number[] {
  return spec.judges.map((_, i) => Number(row?.[`s${i}`] ?? 0));
}
