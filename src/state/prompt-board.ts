/**
 * A prompt's leaderboard in the Topics lens: the battles of the slice whose prompts are nearest a
 * pasted prompt (the prompt index worker), as a condition on battles, fitted in the rating worker
 * like any sub-slice. A simple stand-in for Prompt-to-Leaderboard (lmarena/p2l), said so where shown.
 */
import type { Leaderboard } from '../core/stats/leaderboard.ts';
import type { SqlCondition } from '../core/sql/statement.ts';
import { similaritySpread, type NearChoice } from '../core/topics/nearest.ts';
import { inRowIds, sliceRowIdsSql } from '../core/topics/near-sql.ts';
import { PromptIndexClient } from '../io/prompt-index-client.ts';
import type { LensContext } from './lens-context.svelte.ts';
import { readPrompts } from './topics.ts';

export interface PromptBoard {
  board: Leaderboard;
  /** Battles used, and how many of the slice had prompt text to compare. */
  used: number;
  candidates: number;
  /** The least and the median cosine similarity of the battles used. */
  spread: { min: number; median: number } | null;
  /** The condition the board was fitted on (the slice AND those battles). */
  where: SqlCondition;
}

/** One index alive at a time, the newest file's: its vectors are the size of the file's prompts. */
interface Entry {
  dataset: object;
  client: Promise<PromptIndexClient>;
  /** Progress goes to the newest caller. */
  progress: (done: number, total: number) => void;
}
let current: Entry | null = null;

function indexOf(context: LensContext, onProgress: (done: number, total: number) => void): Promise<PromptIndexClient> {
  if (current?.dataset !== context.dataset) {
    void current?.client.then(
      (c) => c.end(),
      () => {},
    );
    const entry: Entry = { dataset: context.dataset, client: Promise.resolve(null as never), progress: onProgress };
    entry.client = (async () => {
      const { texts, rowIds } = await readPrompts(context);
      const client = new PromptIndexClient(texts, rowIds);
      client.onProgress = (done, total) => entry.progress(done, total);
      try {
        await client.ready;
      } catch (e) {
        client.end();
        throw e;
      }
      return client;
    })();
    // A failed index is not kept: the next prompt tries again.
    entry.client.catch(() => {
      if (current === entry) current = null;
    });
    current = entry;
  }
  current.progress = onProgress;
  return current.client;
}

export async function promptBoard(
  context: LensContext,
  where: SqlCondition,
  text: string,
  choice: NearChoice,
  rounds: number,
  onProgress: (done: number, total: number) => void,
): Promise<PromptBoard> {
  const index = await indexOf(context, onProgress);
  const slice = where.sql ? Int32Array.from(await context.query(sliceRowIdsSql(where)), (r) => Number(r.row_id)) : null;
  const near = await index.nearest(text, choice, slice);
  const condition = inRowIds(where, near.rowIds);
  const board = await context.board(condition, rounds);
  return { board, used: near.rowIds.length, candidates: near.candidates, spread: similaritySpread(near.similarity), where: condition };
}
