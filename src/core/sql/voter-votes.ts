import { BATTLES_TABLE } from './battles.ts';
import { whereClause } from './pair-counts.ts';
import { quoteIdent } from './quote.ts';
import type { SqlCondition, SqlQuery } from './statement.ts';

/** Columns that name who voted, in the order a file's column is looked for. */
export const VOTER_COLUMNS = ['judge', 'judge_hash', 'session_hash', 'evaluation_session_id'] as const;

/** The voter column of the battles table (a file column may be kept as raw_<name>), or null. */
export function voterColumn(columns: readonly string[]): string | null {
  for (const name of VOTER_COLUMNS) {
    if (columns.includes(name)) return name;
    if (columns.includes(`raw_${name}`)) return `raw_${name}`;
  }
  return null;
}

/** Votes per voter, most first (ties by voter), rows without a voter left out: voter, votes. */
export function votesPerVoterSql(voter: string, where?: SqlCondition, table: string = BATTLES_TABLE): SqlQuery {
  const v = quoteIdent(voter);
  const cond = where && where.sql ? `(${where.sql}) AND ${v} IS NOT NULL` : `${v} IS NOT NULL`;
  return {
    sql: `SELECT CAST(${v} AS VARCHAR) AS voter, count(*) AS votes FROM ${quoteIdent(table)} WHERE ${cond} GROUP BY 1 ORDER BY votes DESC, voter`,
    params: where?.params ?? [],
  };
}

/**
 * Pair counts (as pairCountsSql) with at most `cap` votes per voter: FastChat's limit_user_votes,
 * each voter's kept votes a seeded sample (ordered by a hash of the row and the seed, so the same
 * seed keeps the same votes). Votes without a voter are kept: there is no one to cap.
 */
export function cappedPairCountsSql(
  voter: string,
  cap: number,
  seed: number,
  where?: SqlCondition,
  table: string = BATTLES_TABLE,
): SqlQuery {
  if (!Number.isInteger(cap) || cap < 1) throw new RangeError(`cappedPairCountsSql: cap must be a positive integer, got ${cap}`);
  if (!Number.isInteger(seed) || seed < 0) throw new RangeError(`cappedPairCountsSql: seed must be a non-negative integer, got ${seed}`);
  const params = where?.params ?? [];
  const seedParam = `$${params.length + 1}`,
    capParam = `$${params.length + 2}`;
  const v = quoteIdent(voter);
  return {
    sql:
      'SELECT CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, ' +
      'CAST(enum_code(outcome) AS UTINYINT) AS outcome, sum(weight) AS n FROM (' +
      `SELECT model_a, model_b, outcome, weight, ${v} AS voter, ` +
      `row_number() OVER (PARTITION BY ${v} ORDER BY hash(row_id, CAST(${seedParam} AS UBIGINT)), row_id) AS kept ` +
      `FROM ${quoteIdent(table)}${whereClause(where)}) ` +
      `WHERE voter IS NULL OR kept <= CAST(${capParam} AS BIGINT) GROUP BY model_a, model_b, outcome ORDER BY 1, 2, 3`,
    params: [...params, seed, cap],
  };
}
