/// <reference lib="webworker" />
/**
 * The topics worker: clusters a file's prompts (core/topics/cluster.ts) off the page's thread, with
 * progress. One job per worker: the client starts one for each clustering and ends it after.
 */
import { clusterTopics } from '../core/topics/cluster.ts';
import type { TopicsRequest, TopicsResponse } from './topics-protocol.ts';

function post(message: TopicsResponse, transfer: Transferable[] = []): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(message, transfer);
}

self.onmessage = (event: MessageEvent<TopicsRequest>) => {
  try {
    const { texts, seed } = event.data;
    const model = clusterTopics(texts, { seed, onProgress: (stage, done, total) => post({ type: 'progress', stage, done, total }) });
    post({ type: 'done', nodes: model.nodes, top: model.top, leaf: model.leaf, method: model.method }, [
      model.top.buffer,
      model.leaf.buffer,
    ]);
  } catch (e) {
    post({ type: 'error', message: e instanceof Error ? e.message : String(e) });
  }
};
