/**
 * Verdicts lens (kensho/VERDICTS pairwise, as published): results by source benchmark (`dataset`) and
 * turn, and the items themselves — question, both models' answers (model_a_response,
 * model_b_response) and the reference answer — read from the text table.
 */
import { quoteIdent } from '../sql/quote.ts';
import { Params, type SqlCondition, type SqlQuery, type SqlValue } from '../sql/statement.ts';
import { sliceTable } from './tools.ts';

export interface VerdictColumns {
  source: string;
  turn: string;
  question: string;
  answerA: string;
  answerB: string;
  reference: string;
}

export const VERDICT_COLUMNS: VerdictColumns = {
  source: 'dataset',
  turn: 'turn',
  question: 'question',
  answerA: 'model_a_response',
  answerB: 'model_b_response',
  reference: 'ref_answer',
};

/**
 * Per source benchmark and turn: votes, wins of side A and B, ties, and how many items carry a
 * reference answer; with a total row per benchmark (turn NULL). Ties include both_bad.
 */
export function resultsBySourceSql(text: string, where?: SqlCondition, c: VerdictColumns = VERDICT_COLUMNS): SqlQuery {
  return {
    sql:
      `SELECT b.${quoteIdent(c.source)} AS source, b.${quoteIdent(c.turn)} AS turn, sum(b.weight) AS votes, ` +
      `coalesce(sum(b.weight) FILTER (WHERE b.outcome = 'a'), 0) AS a_wins, ` +
      `coalesce(sum(b.weight) FILTER (WHERE b.outcome = 'b'), 0) AS b_wins, ` +
      `coalesce(sum(b.weight) FILTER (WHERE b.outcome IN ('tie', 'both_bad')), 0) AS ties, ` +
      `count(*) FILTER (WHERE nullif(trim(CAST(t.${quoteIdent(c.reference)} AS VARCHAR)), '') IS NOT NULL) AS with_reference ` +
      `FROM ${sliceTable(where)} LEFT JOIN ${quoteIdent(text)} AS t ON t.rowid = b.row_id ` +
      'GROUP BY GROUPING SETS ((1, 2), (1)) ORDER BY source NULLS LAST, turn NULLS FIRST',
    params: where?.params ?? [],
  };
}

export interface ItemFilter {
  source?: string | null;
  turn?: number | null;
  /** Only items with a reference answer. */
  withReference?: boolean;
}

/** One page of items (question, both answers, reference) with models and outcome, in file order. */
export function verdictItemsSql(
  text: string,
  where: SqlCondition | undefined,
  filter: ItemFilter,
  page: { limit: number; offset: number },
  c: VerdictColumns = VERDICT_COLUMNS,
): SqlQuery {
  const base = where?.params ?? [];
  const params = new Params(base.length);
  const tests = itemTests(filter, params, c);
  const limit = Math.max(1, Math.floor(page.limit));
  const offset = Math.max(0, Math.floor(page.offset));
  return {
    sql:
      `SELECT b.row_id, CAST(b.model_a AS VARCHAR) AS model_a, CAST(b.model_b AS VARCHAR) AS model_b, ` +
      `CAST(b.outcome AS VARCHAR) AS outcome, b.${quoteIdent(c.source)} AS source, b.${quoteIdent(c.turn)} AS turn, ` +
      `count(*) OVER () AS total, ` +
      `CAST(t.${quoteIdent(c.question)} AS VARCHAR) AS question, CAST(t.${quoteIdent(c.answerA)} AS VARCHAR) AS answer_a, ` +
      `CAST(t.${quoteIdent(c.answerB)} AS VARCHAR) AS answer_b, CAST(t.${quoteIdent(c.reference)} AS VARCHAR) AS reference ` +
      `FROM ${sliceTable(where)} LEFT JOIN ${quoteIdent(text)} AS t ON t.rowid = b.row_id` +
      (tests.length ? ` WHERE ${tests.join(' AND ')}` : '') +
      ` ORDER BY b.row_id LIMIT ${limit} OFFSET ${offset}`,
    params: [...base, ...params.values],
  };
}

function itemTests(filter: ItemFilter, params: Params, c: VerdictColumns): string[] {
  const tests: string[] = [];
  const equals = (column: string, value: SqlValue) => tests.push(`b.${quoteIdent(column)} = ${params.add(value)}`);
  if (filter.source !== undefined && filter.source !== null) equals(c.source, filter.source);
  if (filter.turn !== undefined && filter.turn !== null) equals(c.turn, filter.turn);
  if (filter.withReference) tests.push(`nullif(trim(CAST(t.${quoteIdent(c.reference)} AS VARCHAR)), '') IS NOT NULL`);
  return tests;
}

/** The columns the lens needs that the file lacks (empty when it can show everything). */
export function missingVerdictColumns(slices: readonly string[], text: readonly string[], c: VerdictColumns = VERDICT_COLUMNS): string[] {
  return [
    ...[c.source, c.turn].filter((x) => !slices.includes(x)),
    ...[c.question, c.answerA, c.answerB, c.reference].filter((x) => !text.includes(x)),
  ];
}
