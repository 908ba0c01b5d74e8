import { BATTLES_TABLE } from './battles.ts';
import { quoteIdent } from './quote.ts';
import type { SqlCondition, SqlQuery } from './statement.ts';
import type { Row } from './connector.ts';
import { modelsSql, whereClause } from './pair-counts.ts';
import type { VoterInput } from '../stats/voter-audit.ts';

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

/** Each voter's votes per cell (as pairCountsSql, by voter), rows without a voter left out: voter, a, b, outcome, n. */
export function voterCellsSql(voter: string, where?: SqlCondition, table: string = BATTLES_TABLE): SqlQuery {
  const v = quoteIdent(voter);
  const cond = where && where.sql ? `(${where.sql}) AND ${v} IS NOT NULL` : `${v} IS NOT NULL`;
  return {
    sql:
      `SELECT CAST(${v} AS VARCHAR) AS voter, CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, ` +
      `CAST(enum_code(outcome) AS UTINYINT) AS outcome, sum(weight) AS n FROM ${quoteIdent(table)} WHERE ${cond} ` +
      'GROUP BY 1, model_a, model_b, outcome ORDER BY 1, 2, 3, 4',
    params: where?.params ?? [],
  };
}

/**
 * Everything the voter checks read from DuckDB for a slice (core/stats/voter-audit.ts): votes per
 * voter, each voter's cells and the counts capped per voter, models indexed as in `models` (the
 * slice's counts, which may leave models out: their votes are left out here too). Null when the
 * table names no voter or the slice has none.
 */
export async function readVoterInput(
  query: (q: SqlQuery) => Promise<Row[]>,
  columns: readonly string[],
  where: SqlCondition | undefined,
  models: readonly string[],
  cap: number,
  seed: number,
  weighted: boolean,
): Promise<VoterInput | null> {
  const column = voterColumn(columns);
  if (!column) return null;
  const perVoter = await query(votesPerVoterSql(column, where));
  if (perVoter.length === 0) return null;
  const voters = perVoter.map((r) => String(r.voter));
  const voterIndex = new Map(voters.map((v, k) => [v, k]));
  // ENUM code → index in `models` (-1: not in the slice's counts).
  const at = new Map(models.map((m, k) => [m, k]));
  const index = (await query(modelsSql())).map((r) => at.get(String(r.model)) ?? -1);
  const kept = (rows: Row[]) => rows.filter((r) => index[Number(r.a)] >= 0 && index[Number(r.b)] >= 0);
  const cellRows = kept(await query(voterCellsSql(column, where)));
  const cappedRows = kept(await query(cappedPairCountsSql(column, cap, seed, where)));
  const cells = {
    voter: Int32Array.from(cellRows, (r) => voterIndex.get(String(r.voter))!),
    a: Int32Array.from(cellRows, (r) => index[Number(r.a)]),
    b: Int32Array.from(cellRows, (r) => index[Number(r.b)]),
    outcome: Uint8Array.from(cellRows, (r) => Number(r.outcome)),
    n: Float64Array.from(cellRows, (r) => Number(r.n)),
  };
  const capped = {
    models: [...models],
    a: Int32Array.from(cappedRows, (r) => index[Number(r.a)]),
    b: Int32Array.from(cappedRows, (r) => index[Number(r.b)]),
    outcome: Uint8Array.from(cappedRows, (r) => Number(r.outcome)),
    n: Float64Array.from(cappedRows, (r) => Number(r.n)),
  };
  return {
    column: column.replace(/^raw_/, ''),
    voters,
    votes: perVoter.map((r) => Number(r.votes)),
    cells,
    capped,
    cap,
    seed,
    testMissing: weighted ? 'the file weighs its rows (a count column): the test needs one row per vote' : undefined,
  };
}
