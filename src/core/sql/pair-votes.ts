import { BATTLES_TABLE } from './battles.ts';
import { quoteIdent } from './quote.ts';
import { Params, type SqlCondition, type SqlQuery } from './statement.ts';

/**
 * The votes behind one matrix cell: every battle between `model` and `opponent` in either seat
 * order, inside the current slice. Names are bound as parameters and compared as text, because
 * an ENUM value cannot be a parameter. The slice's own placeholders ($1..$k) come first.
 */
export interface PairVotesInput {
  where?: SqlCondition;
  model: string;
  opponent: string;
}

export const PAIR_VOTES_PAGE = 50;

interface PairFilter {
  params: Params;
  x: string;
  sql: string;
}

function pairFilter(input: PairVotesInput): PairFilter {
  const where = input.where && input.where.sql ? input.where : null;
  const params = new Params(where ? where.params.length : 0);
  const x = params.add(input.model);
  const y = params.add(input.opponent);
  const a = 'CAST(model_a AS VARCHAR)',
    b = 'CAST(model_b AS VARCHAR)';
  const pair = `((${a} = ${x} AND ${b} = ${y}) OR (${a} = ${y} AND ${b} = ${x}))`;
  return { params, x, sql: where ? ` WHERE (${where.sql}) AND ${pair}` : ` WHERE ${pair}` };
}

const allParams = (input: PairVotesInput, filter: PairFilter) => [...(input.where?.sql ? input.where.params : []), ...filter.params.values];

/**
 * One page of the pair's votes, oldest row first: `seat` (where `model` sat, 'A' or 'B'),
 * `winner` (the winning model's name, 'tie' or 'both bad'), then every column of battles.
 */
export function pairVotesSql(input: PairVotesInput & { limit?: number; offset?: number }): SqlQuery {
  const { limit = PAIR_VOTES_PAGE, offset = 0 } = input;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`pairVotesSql: limit must be a positive integer, got ${limit}`);
  if (!Number.isInteger(offset) || offset < 0) throw new RangeError(`pairVotesSql: offset must be a non-negative integer, got ${offset}`);
  const filter = pairFilter(input);
  const l = filter.params.add(limit),
    o = filter.params.add(offset);
  return {
    sql:
      `SELECT CASE WHEN CAST(model_a AS VARCHAR) = ${filter.x} THEN 'A' ELSE 'B' END AS seat, ` +
      "CASE outcome WHEN 'a' THEN CAST(model_a AS VARCHAR) WHEN 'b' THEN CAST(model_b AS VARCHAR) " +
      "WHEN 'tie' THEN 'tie' ELSE 'both bad' END AS winner, * " +
      `FROM ${quoteIdent(BATTLES_TABLE)}${filter.sql} ORDER BY row_id LIMIT ${l} OFFSET ${o}`,
    params: allParams(input, filter),
  };
}

/** Totals for the pair: rows, votes (summed weight), wins of `model`, wins of `opponent`, ties (both_bad included). */
export function pairVotesTotalsSql(input: PairVotesInput): SqlQuery {
  const filter = pairFilter(input);
  const seatOfX = `(CAST(model_a AS VARCHAR) = ${filter.x})`;
  return {
    sql:
      'SELECT count(*) AS rows, coalesce(sum(weight), 0) AS votes, ' +
      `coalesce(sum(weight) FILTER (WHERE (outcome = 'a') = ${seatOfX} AND outcome IN ('a', 'b')), 0) AS wins, ` +
      `coalesce(sum(weight) FILTER (WHERE (outcome = 'b') = ${seatOfX} AND outcome IN ('a', 'b')), 0) AS losses, ` +
      "coalesce(sum(weight) FILTER (WHERE outcome IN ('tie', 'both_bad')), 0) AS ties " +
      `FROM ${quoteIdent(BATTLES_TABLE)}${filter.sql}`,
    params: allParams(input, filter),
  };
}
