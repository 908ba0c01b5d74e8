/**
 * Tools lens (CompaRAG): one leaderboard per mediating LLM, and the tasks and goals behind the
 * votes. Also the small helpers every "split by one column" lens needs: the current slice narrowed
 * to one value, and the values with their votes.
 */
import { BATTLES_TABLE } from '../sql/battles.ts';
import { whereClause } from '../sql/pair-counts.ts';
import { quoteIdent, quotePath } from '../sql/quote.ts';
import { Params, type SqlCondition, type SqlQuery, type SqlValue } from '../sql/statement.ts';

const B = quoteIdent(BATTLES_TABLE);

/** The slice `where` AND column = value, numbering the new parameter after the slice's own. */
export function andEquals(where: SqlCondition | undefined, path: readonly string[], value: SqlValue): SqlCondition {
  const base = where?.params ?? [];
  const params = new Params(base.length);
  const test = value === null ? `${quotePath(path)} IS NULL` : `${quotePath(path)} = ${params.add(value)}`;
  return {
    sql: where && where.sql ? `(${where.sql}) AND ${test}` : test,
    params: [...base, ...params.values],
  };
}

/** Values of a battles column in the slice with their votes (summed weight), most votes first. */
export function valueVotesSql(path: readonly string[], where?: SqlCondition): SqlQuery {
  return {
    sql:
      `SELECT ${quotePath(path)} AS value, sum(weight) AS votes, count(*) AS rows FROM ${B}${whereClause(where)} ` +
      'GROUP BY 1 ORDER BY votes DESC, value NULLS LAST',
    params: where?.params ?? [],
  };
}

/** battles of the slice as a derived table `b`, so a join with the text table never meets ambiguous names. */
export function sliceTable(where?: SqlCondition): string {
  return `(SELECT * FROM ${B}${whereClause(where)}) AS b`;
}

/**
 * Tasks (a text column) with their goal, votes, ties, the number of mediating LLMs and the tool
 * chosen most often. `text` is the table holding the text columns (rowid = battles.row_id).
 */
export function tasksSql(text: string, where?: SqlCondition, columns = { task: 'task', goal: 'goal', llm: 'llm_id' }): SqlQuery {
  const t = (c: string) => `t.${quoteIdent(c)}`;
  return {
    sql:
      `WITH v AS (SELECT b.row_id, b.model_a, b.model_b, b.outcome, b.weight, b.${quoteIdent(columns.llm)} AS llm, ` +
      `${t(columns.task)} AS task, ${t(columns.goal)} AS goal FROM ${sliceTable(where)} JOIN ${quoteIdent(text)} AS t ON t.rowid = b.row_id), ` +
      `wins AS (SELECT task, goal, CAST(CASE outcome WHEN 'a' THEN model_a ELSE model_b END AS VARCHAR) AS tool, sum(weight) AS n ` +
      `FROM v WHERE outcome IN ('a', 'b') GROUP BY ALL), ` +
      `best AS (SELECT task, goal, tool AS top_tool, n AS top_wins FROM wins ` +
      'QUALIFY row_number() OVER (PARTITION BY task, goal ORDER BY n DESC, tool) = 1) ' +
      `SELECT v.goal, v.task, sum(v.weight) AS votes, sum(v.weight) FILTER (WHERE v.outcome IN ('tie', 'both_bad')) AS ties, ` +
      `count(DISTINCT v.llm) AS llms, any_value(best.top_tool) AS top_tool, any_value(best.top_wins) AS top_wins ` +
      `FROM v LEFT JOIN best ON best.task IS NOT DISTINCT FROM v.task AND best.goal IS NOT DISTINCT FROM v.goal ` +
      'GROUP BY v.goal, v.task ORDER BY v.goal NULLS LAST, votes DESC, v.task',
    params: where?.params ?? [],
  };
}

/** The votes of one task: tools, outcome, mediating LLM and the kept columns, in file order. */
export function taskVotesSql(
  text: string,
  task: string | null,
  where?: SqlCondition,
  limit = 200,
  columns = { task: 'task', llm: 'llm_id' },
): SqlQuery {
  const base = where?.params ?? [];
  const params = new Params(base.length);
  const test = task === null ? `t.${quoteIdent(columns.task)} IS NULL` : `t.${quoteIdent(columns.task)} = ${params.add(task)}`;
  return {
    sql:
      `SELECT b.row_id, CAST(b.model_a AS VARCHAR) AS tool_a, CAST(b.model_b AS VARCHAR) AS tool_b, ` +
      `CAST(b.outcome AS VARCHAR) AS outcome, b.${quoteIdent(columns.llm)} AS llm FROM ${sliceTable(where)} ` +
      `JOIN ${quoteIdent(text)} AS t ON t.rowid = b.row_id WHERE ${test} ORDER BY b.row_id LIMIT ${Math.max(1, Math.floor(limit))}`,
    params: [...base, ...params.values],
  };
}
