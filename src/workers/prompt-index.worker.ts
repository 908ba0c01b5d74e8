/// <reference lib="webworker" />
/**
 * The prompt index: keeps a file's prompts as vectors of the topics' space (core/topics/vectors.ts)
 * and answers which battles' prompts are nearest a pasted prompt (core/topics/nearest.ts), off the
 * page's thread. It lives as long as its file is open, so a new prompt costs one pass of cosines.
 */
import { nearestBattles, type PromptIndex } from '../core/topics/nearest.ts';
import { promptVectors, TOPIC_DIMS } from '../core/topics/vectors.ts';
import type { PromptIndexRequest, PromptIndexResponse } from './prompt-index-protocol.ts';

let index: PromptIndex | null = null;

function post(message: PromptIndexResponse, transfer: Transferable[] = []): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(message, transfer);
}

self.onmessage = (event: MessageEvent<PromptIndexRequest>) => {
  const m = event.data;
  try {
    if (m.type === 'index') {
      index = { vectors: promptVectors(m.texts, TOPIC_DIMS, (done, total) => post({ type: 'progress', done, total })), rowIds: m.rowIds };
      post({ type: 'indexed', prompts: m.texts.length });
      return;
    }
    if (!index) throw new Error('no prompts indexed yet');
    const near = nearestBattles(index, m.text, m.choice, m.slice);
    post({ type: 'nearest', id: m.id, ...near }, [near.rowIds.buffer, near.similarity.buffer]);
  } catch (e) {
    post({ type: 'error', id: m.type === 'nearest' ? m.id : null, message: e instanceof Error ? e.message : String(e) });
  }
};
