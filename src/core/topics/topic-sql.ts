/**
 * The SQL of the Topics lens: the prompts to cluster (every vote of the file, by row id), the
 * table `topic_of` (row id → broad topic, sub-topic) written back from the clustering, and a
 * topic as a condition on battles that ANDs with any slice.
 */
import { promptTextSql, type PromptSource } from '../schema/derived.ts';
import { BATTLES_TABLE } from '../sql/battles.ts';
import { quoteIdent } from '../sql/quote.ts';
import { Params, type SqlCondition, type SqlQuery } from '../sql/statement.ts';

export const TOPIC_TABLE = 'topic_of';

/** Row id and prompt text of every vote of the file, in row id order. */
export function promptRowsSql(textTable: string, prompt: PromptSource): SqlQuery {
  return {
    sql:
      `SELECT b.row_id AS row_id, ${promptTextSql(prompt, 't')} AS prompt FROM ${quoteIdent(BATTLES_TABLE)} AS b ` +
      `JOIN ${quoteIdent(textTable)} AS t ON t.rowid = b.row_id ORDER BY b.row_id`,
    params: [],
  };
}

/** Writes `topic_of` from three parallel lists (bound as comma-separated text, not spliced). */
export function topicTableSql(rowIds: ArrayLike<number>, top: ArrayLike<number>, leaf: ArrayLike<number>): SqlQuery {
  const list = (xs: ArrayLike<number>) => Array.from(xs, (x) => String(Math.trunc(x))).join(',');
  const col = (n: number) => `unnest(string_split($${n}, ','))::INTEGER`;
  return {
    sql: `CREATE OR REPLACE TEMP TABLE ${quoteIdent(TOPIC_TABLE)} AS SELECT ${col(1)} AS row_id, ${col(2)} AS top, ${col(3)} AS leaf`,
    params: [list(rowIds), list(top), list(leaf)],
  };
}

/** The slice AND the votes of one topic (a broad topic's id matches `top`, a sub-topic's `leaf`). */
export function inTopic(where: SqlCondition | undefined, level: 1 | 2, id: number): SqlCondition {
  const base = where?.params ?? [];
  const params = new Params(base.length);
  const test = `row_id IN (SELECT row_id FROM ${quoteIdent(TOPIC_TABLE)} WHERE ${level === 1 ? 'top' : 'leaf'} = ${params.add(id)})`;
  return { sql: where && where.sql ? `(${where.sql}) AND ${test}` : test, params: [...base, ...params.values] };
}
