/**
 * The Topics lens's loads: the file's prompts read from DuckDB, clustered in the topics worker, and
 * written back as `topic_of` (row id → topic) so a topic is a condition on battles like any slice.
 */
import { promptSource } from '../core/schema/derived.ts';
import { quoteIdent } from '../core/sql/quote.ts';
import type { ColumnInfo } from '../core/schema/column.ts';
import type { TopicNode } from '../core/topics/cluster.ts';
import { promptRowsSql, topicTableSql } from '../core/topics/topic-sql.ts';
import { runTopics } from '../io/topics-client.ts';
import type { SqlQuery } from '../core/sql/statement.ts';
import type { LensContext } from './lens-context.svelte.ts';

export interface FileTopics {
  nodes: TopicNode[];
  method: string;
  /** Votes read, and how many had prompt text. */
  prompts: number;
  withText: number;
  /** Each node's example prompts, as text. */
  examples: Map<number, string[]>;
}

interface Job {
  result: Promise<FileTopics>;
  progress: (stage: string, done: number, total: number) => void;
  /** The statement that writes this seed's `topic_of`, once clustered. */
  table?: SqlQuery;
}

/** One clustering per dataset and seed, shared by every visit of the lens (a new slice reuses it). */
const jobs = new WeakMap<object, Map<number, Job>>();
/** The seed whose topics `topic_of` holds, per dataset. */
const written = new WeakMap<object, number>();

/**
 * The topics of the context's file for `seed`: computed once, then reused (the slice narrows the
 * boards, not the topics). `onProgress` follows the newest caller.
 */
export function fileTopics(
  context: LensContext,
  seed: number,
  onProgress: (stage: string, done: number, total: number) => void,
): Promise<FileTopics> {
  let bySeed = jobs.get(context.dataset);
  if (!bySeed) jobs.set(context.dataset, (bySeed = new Map()));
  const job = bySeed.get(seed);
  if (job) {
    job.progress = onProgress;
    // Another seed may have been clustered since: its topics are in the table, so this seed's go back.
    return job.result.then(async (topics) => {
      if (written.get(context.dataset) !== seed && job.table) {
        await context.query(job.table);
        written.set(context.dataset, seed);
      }
      return topics;
    });
  }
  const made: Job = { result: Promise.resolve(null as never), progress: onProgress };
  made.result = fit(context, seed, made, (...a) => made.progress(...a));
  made.result.catch(() => bySeed.delete(seed));
  bySeed.set(seed, made);
  return made.result;
}

/**
 * The topics of the address's seed for other lenses (Compare, the model profile), as a slice
 * dimension: those already clustered (or being clustered) for the file, or — when `wanted`, an
 * address naming a topic — clustered now; else null, the file's prompts are not clustered yet.
 */
export function topicsForSlices(context: LensContext, wanted: boolean): Promise<FileTopics | null> {
  const seed = context.view.state.slots.topics.seed;
  const known = jobs.get(context.dataset)?.has(seed);
  if (!known && !wanted) return Promise.resolve(null);
  return fileTopics(context, seed, () => {});
}

/** The file's prompt texts (null without text) and their battles' row ids, in row id order. */
export async function readPrompts(context: LensContext): Promise<{ texts: (string | null)[]; rowIds: Int32Array }> {
  const table = await context.text();
  const columns = (await context.query({ sql: `DESCRIBE ${quoteIdent(table)}`, params: [] })).map((r) => ({
    name: String(r.column_name),
    type: String(r.column_type),
  })) as ColumnInfo[];
  const prompt = promptSource(columns);
  if (!prompt)
    throw new Error('this file has no prompt text the lens can read (a text prompt or question column, or a conversation of messages)');
  const rows = await context.query(promptRowsSql(table, prompt));
  const texts = rows.map((r) => (r.prompt === null || r.prompt === undefined ? null : String(r.prompt)));
  return { texts, rowIds: Int32Array.from(rows, (r) => Number(r.row_id)) };
}

async function fit(
  context: LensContext,
  seed: number,
  job: Job,
  onProgress: (stage: string, done: number, total: number) => void,
): Promise<FileTopics> {
  onProgress('reading prompts', 0, 1);
  const { texts, rowIds } = await readPrompts(context);
  const result = await runTopics({ texts, seed }, onProgress);
  // The table holds one seed's topics: the newest clustering's (the lens shows one seed at a time).
  job.table = topicTableSql(rowIds, result.top, result.leaf);
  await context.query(job.table);
  written.set(context.dataset, seed);
  const examples = new Map(result.nodes.map((n) => [n.id, n.examples.map((i) => texts[i] ?? '')]));
  return {
    nodes: result.nodes,
    method: result.method,
    prompts: texts.length,
    withText: texts.filter((t) => t && t.trim()).length,
    examples,
  };
}
