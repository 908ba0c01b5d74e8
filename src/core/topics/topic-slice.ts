/**
 * A broad topic as a slice dimension (Compare's pickers, the model profile's per-slice ranks):
 * the dimension's path is a reserved name, not a column of battles, its values are the broad
 * topics' ids, and its condition is membership in `topic_of` (written by the Topics lens's
 * clustering), so it ANDs with any slice as a column's value does.
 */
import { BATTLES_TABLE } from '../sql/battles.ts';
import { quoteIdent } from '../sql/quote.ts';
import { Params, type SqlCondition, type SqlQuery } from '../sql/statement.ts';
import type { TopicNode } from './cluster.ts';
import { TOPIC_TABLE } from './topic-sql.ts';

/** The dimension's path: '@' starts no column name a preset maps, and it reads as "not a column". */
export const TOPIC_PATH: readonly string[] = ['@topic'];

export const isTopicPath = (path: readonly string[]): boolean => path.length === 1 && path[0] === TOPIC_PATH[0];

/** Each broad topic's name in a picker: its id and first three terms ("#2 oven · flour · yeast"). */
export function topicValueNames(nodes: readonly TopicNode[]): Record<string, string> {
  return Object.fromEntries(nodes.filter((n) => n.level === 1).map((n) => [String(n.id), `#${n.id} ${n.terms.slice(0, 3).join(' · ')}`]));
}

/** The votes of broad topic `id` (placeholders numbered from `firstParam`). */
export function topicTest(id: number, firstParam = 1): SqlCondition {
  const params = new Params(firstParam - 1);
  return {
    sql: `row_id IN (SELECT row_id FROM ${quoteIdent(TOPIC_TABLE)} WHERE top = ${params.add(id)})`,
    params: params.values,
  };
}

/** Broad topics with their votes (summed weight) in the slice `where`, most votes first: value, votes. */
export function topicValuesSql(where?: SqlCondition, limit = 60): SqlQuery {
  const base = where?.params ?? [];
  const params = new Params(base.length);
  const filter = where && where.sql ? ` WHERE ${where.sql}` : '';
  return {
    sql:
      `SELECT t.top AS value, sum(b.weight) AS votes FROM (SELECT row_id, weight FROM ${quoteIdent(BATTLES_TABLE)}${filter}) AS b ` +
      `JOIN ${quoteIdent(TOPIC_TABLE)} AS t ON t.row_id = b.row_id WHERE t.top >= 0 GROUP BY 1 ORDER BY votes DESC, value LIMIT ${params.add(limit)}`,
    params: [...base, ...params.values],
  };
}
