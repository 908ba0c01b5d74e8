/**
 * `rank --topics`: the file's prompts clustered by the Topics lens's own code (core/topics) with its
 * seed, written back as `topic_of` (row id → topic), and each broad topic's board as a slice of
 * battles (the --where slice AND the topic) with each model's rank change against all votes of the
 * slice. `--topic ID` prints one topic's board (the ID the page keeps in tp_topic).
 */
import { belowMinimumFlag, leaderboardObject, leaderboardRecords } from '../../core/export/leaderboard-export.ts';
import { toCsv } from '../../core/export/csv.ts';
import { provenanceRecord, withProvenance, type Provenance } from '../../core/export/provenance.ts';
import { promptSource } from '../../core/schema/derived.ts';
import { readCounts } from '../../core/sql/pair-counts.ts';
import { describeSql, readColumns } from '../../core/sql/summary.ts';
import type { LeaderboardOptions, Leaderboard } from '../../core/stats/leaderboard.ts';
import { dropModelsBelow, minVotesInForce, type DroppedModel } from '../../core/stats/min-votes.ts';
import { rankChanges, type RankChange } from '../../core/stats/rank-change.ts';
import { clusterTopics, type TopicModel, type TopicNode } from '../../core/topics/cluster.ts';
import { inTopic, promptRowsSql, topicTableSql } from '../../core/topics/topic-sql.ts';
import { createNodeConnector } from '../node-connector.ts';
import { BoardThreads } from '../parallel-board.ts';
import { FileError, UsageError } from './errors.ts';
import { leaderboardText } from './leaderboard-text.ts';
import { buildBattles, loadAndRecognise, RAW_TABLE, readSummary } from './open-file.ts';
import { describeInput, inputWarnings } from './report.ts';
import type { Io } from './run.ts';
import { boardProvenance } from './board-provenance.ts';
import type { RankArgs } from './rank-args.ts';
import { readSlice } from './slice.ts';

export const TOPICS_FORMAT = 'arena-lens-topics/1';
/** The page's default clustering seed (the Topics lens's Seed, tp_seed). */
export const DEFAULT_TOPIC_SEED = 1;
/** Example prompts printed per topic, and their length in characters. */
const EXAMPLES = 2;
const EXAMPLE_CHARS = 90;

/** What `rank --topics` reads of rank's arguments (its seed is the clustering's), and --topic. */
export type TopicsArgs = Pick<
  RankArgs,
  'file' | 'hf' | 'map' | 'where' | 'quick' | 'anchor' | 'bootstrapRounds' | 'seed' | 'ties' | 'intervals' | 'output'
> & {
  /** --topic: one topic's board (a broad topic or a sub-topic); null: every broad topic's. */
  topic: number | null;
};

/** The options --topics cannot go with: other boards and modes. */
export const TOPICS_EXCLUDES = ['style-control', 'control', 'method', 'audit', 'reweight-pairs'] as const;

/** --topic ID: a whole number up to 9999 (the page's tp_topic). */
export function topicOption(value: string | undefined): number | null {
  if (value === undefined) return null;
  if (!/^\d{1,4}$/.test(value.trim())) throw new UsageError(`--topic must be a topic id (a whole number up to 9999), got "${value}"`);
  return Number(value.trim());
}

/** --seed with --topics: the clustering's seed, 1–999999 as the page's (default 1). */
export function topicSeedOption(value: string | undefined): number {
  if (value === undefined) return DEFAULT_TOPIC_SEED;
  const n = Number(value.trim());
  if (!/^\d{1,6}$/.test(value.trim()) || n < 1)
    throw new UsageError(`--seed with --topics must be a whole number from 1 to 999999, got "${value}"`);
  return n;
}

interface TopicBoard {
  node: TopicNode;
  board: Leaderboard;
  changes: RankChange[];
  dropped: DroppedModel[];
  /** Votes of the topic in the slice, before the minimum of votes. */
  votes: number;
}

const label = (n: TopicNode) => n.terms.join(' · ');
const oneLine = (t: string) => {
  const s = t.replace(/\s+/g, ' ').trim();
  return s.length > EXAMPLE_CHARS ? `${s.slice(0, EXAMPLE_CHARS - 1)}…` : s;
};
/** A topic's example prompts on one line each, a prompt asked many times shown once. */
const examplesOf = (n: TopicNode, texts: readonly (string | null)[]) =>
  [...new Set(n.examples.map((i) => oneLine(texts[i] ?? '')))].slice(0, EXAMPLES);

export async function runTopics(args: TopicsArgs, fingerprint: string | null, io: Io): Promise<number> {
  const threads = new BoardThreads();
  if (args.bootstrapRounds > 0) threads.warm();
  const db = await createNodeConnector();
  try {
    // The prompt texts stay in `raw` (the page reads them from its text table, by the same row ids).
    const opened = await loadAndRecognise(db, args.hf ?? args.file, { keep: 'all', mapping: args.map });
    await buildBattles(db, opened);
    const summary = await readSummary(db);
    io.stderr(describeInput(opened.file, opened.detection, summary, !!args.map) + '\n');
    const d = describeSql(RAW_TABLE);
    const prompt = promptSource(readColumns(await db.query(d.sql, d.params)));
    if (!prompt)
      throw new FileError(
        opened.file.name,
        'no prompt text to cluster (a text prompt, opening_msg, question or instruction column, or a conversation of messages)',
      );
    const read = promptRowsSql(RAW_TABLE, prompt);
    const rows = await db.query(read.sql, read.params);
    const texts = rows.map((r) => (r.prompt === null || r.prompt === undefined ? null : String(r.prompt)));
    const model = clusterTopics(texts, { seed: args.seed });
    const broad = model.nodes.filter((n) => n.level === 1);
    const withText = texts.filter((t) => t && t.trim()).length;
    if (broad.length === 0)
      throw new FileError(opened.file.name, `too few prompts with text to find topics (${withText} of ${texts.length} votes)`);
    const write = topicTableSql(
      Int32Array.from(rows, (r) => Number(r.row_id)),
      model.top,
      model.leaf,
    );
    await db.query(write.sql, write.params);

    const chosen = args.topic === null ? broad : [model.nodes.find((n) => n.id === args.topic)];
    if (chosen[0] === undefined)
      throw new UsageError(`--topic ${args.topic}: no such topic; the ids are 0 to ${model.nodes.length - 1} (seed ${args.seed})`);
    // A topic is a slice: the slice's minimum of votes applies, as to a --where board.
    const minVotes = minVotesInForce(args.quick.minVotes, true);
    const slice = await readSlice(db, args.where, { ...args.quick, minVotes: 0 });
    const options: LeaderboardOptions = {
      anchor: args.anchor,
      bootstrapRounds: args.bootstrapRounds,
      seed: 0,
      ties: args.ties,
      intervals: args.intervals,
    };
    if (args.anchor && !slice.counts.models.includes(args.anchor.model))
      throw new UsageError(`--anchor: model "${args.anchor.model}" is not among the ${slice.counts.models.length} models of ${args.file}`);
    const allKept = dropModelsBelow(slice.counts, minVotesInForce(args.quick.minVotes, slice.filters.length > 0));
    const all = await threads.leaderboard(allKept.counts, options);
    const boards: TopicBoard[] = [];
    for (const node of chosen as TopicNode[]) {
      const counts = await readCounts(db, inTopic(slice.where, node.level, node.id));
      const kept = dropModelsBelow(counts, minVotes);
      const board = await threads.leaderboard(kept.counts, options);
      const votes = counts.n.reduce((s, n) => s + n, 0);
      boards.push({ node, board, changes: rankChanges(board, all), dropped: kept.dropped, votes });
    }
    for (const w of inputWarnings(opened.file, summary)) io.stderr(`warning: ${w}\n`);
    const provenance: Provenance = {
      ...boardProvenance(args, opened.file.name, fingerprint, minVotes),
      roundsDone: args.bootstrapRounds,
      seed: 0,
    };
    const facts = { prompts: texts.length, withText, seed: args.seed, minVotes };
    io.stdout(
      args.output === 'json'
        ? topicsJson(model, texts, boards, facts, provenance)
        : args.output === 'csv'
          ? topicsCsv(boards, args.seed, minVotes, provenance)
          : topicsText(model, texts, boards, facts, args.topic !== null),
    );
    return 0;
  } finally {
    db.close();
    threads.close();
  }
}

interface Facts {
  prompts: number;
  withText: number;
  seed: number;
  minVotes: number;
}

function topicsText(model: TopicModel, texts: readonly (string | null)[], boards: TopicBoard[], facts: Facts, one: boolean): string {
  const broad = model.nodes.filter((n) => n.level === 1);
  const lines = [
    `topics of ${facts.withText} prompts with text (of ${facts.prompts} votes), seed ${facts.seed}: ` +
      `${broad.length} broad topics, ${model.nodes.length - broad.length} sub-topics`,
    `method: ${model.method}`,
    '',
  ];
  if (!one) {
    for (const b of broad) {
      lines.push(`[${b.id}] ${label(b)} (${b.size} prompts)`);
      for (const e of examplesOf(b, texts)) lines.push(`      “${e}”`);
      for (const s of model.nodes.filter((n) => n.parent === b.id)) lines.push(`    [${s.id}] ${label(s)} (${s.size})`);
    }
    lines.push('');
  }
  for (const t of boards) {
    const kind = t.node.level === 1 ? 'broad topic' : `sub-topic of [${t.node.parent}]`;
    lines.push(`${kind} [${t.node.id}] ${label(t.node)}: ${t.votes} votes in the slice`);
    if (one) for (const e of examplesOf(t.node, texts)) lines.push(`  “${e}”`);
    lines.push(leaderboardText(t.board, t.changes).trimEnd());
    if (t.dropped.length)
      lines.push(`  below ${facts.minVotes} votes in the topic, not rated: ${t.dropped.map((m) => m.model).join(', ')}`);
    lines.push('');
  }
  return lines.join('\n');
}

function topicsJson(
  model: TopicModel,
  texts: readonly (string | null)[],
  boards: TopicBoard[],
  facts: Facts,
  provenance: Provenance,
): string {
  return (
    JSON.stringify(
      {
        format: TOPICS_FORMAT,
        provenance: provenanceRecord(provenance),
        method: model.method,
        seed: facts.seed,
        prompts: facts.prompts,
        prompts_with_text: facts.withText,
        topics: model.nodes.map((n) => ({
          id: n.id,
          parent: n.parent < 0 ? null : n.parent,
          level: n.level,
          size: n.size,
          terms: n.terms,
          examples: n.examples.map((i) => texts[i] ?? ''),
        })),
        // Each vote's topics, in the file's order of votes (row id order): the page's topic_of.
        votes: { top: Array.from(model.top), leaf: Array.from(model.leaf) },
        boards: boards.map((t) => ({
          topic: t.node.id,
          terms: t.node.terms,
          votes: t.votes,
          board: leaderboardObject(t.board, null, { minVotes: facts.minVotes, dropped: t.dropped }, t.changes),
        })),
      },
      null,
      2,
    ) + '\n'
  );
}

const CSV_COLUMNS = ['rank', 'model', 'rating', 'lower', 'upper', 'votes', 'rank_overall', 'rank_change', 'flag'] as const;

/** One row per model and topic, the clustering's seed beside the topic, the provenance as trailing columns (as every CSV). */
function topicsCsv(boards: TopicBoard[], seed: number, minVotes: number, provenance: Provenance): string {
  const rows = boards.flatMap((t) => {
    const topic = [seed, t.node.id, t.node.level, label(t.node)];
    // Models under the minimum of votes keep a row, unrated, as in the leaderboard's CSV.
    const apart = t.dropped.map((m) => [
      ...topic,
      ...CSV_COLUMNS.map((c) => (c === 'model' ? m.model : c === 'votes' ? m.votes : c === 'flag' ? belowMinimumFlag(minVotes) : null)),
    ]);
    return [...leaderboardRecords(t.board, t.changes).map((r) => [...topic, ...CSV_COLUMNS.map((c) => r[c])]), ...apart];
  });
  return toCsv(...withProvenance(['topic_seed', 'topic', 'level', 'terms', ...CSV_COLUMNS], rows, provenance));
}
