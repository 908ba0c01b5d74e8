/**
 * Runs the topics worker: the prompts go in, progress comes out as it is made, the topics at the
 * end. An abort ends the worker at once.
 */
import type { TopicsRequest, TopicsResponse } from '../workers/topics-protocol.ts';

export type TopicsResult = Extract<TopicsResponse, { type: 'done' }>;

export function runTopics(
  request: TopicsRequest,
  onProgress: (stage: string, done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<TopicsResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('../workers/topics.worker.ts', import.meta.url), { type: 'module' });
    const end = () => worker.terminate();
    signal?.addEventListener('abort', () => {
      end();
      reject(new DOMException('superseded', 'AbortError'));
    });
    worker.onmessage = (event: MessageEvent<TopicsResponse>) => {
      const m = event.data;
      if (m.type === 'progress') onProgress(m.stage, m.done, m.total);
      else {
        end();
        if (m.type === 'done') resolve(m);
        else reject(new Error(`topics: ${m.message}`));
      }
    };
    worker.onerror = (e) => {
      end();
      reject(new Error(`topics worker: ${e.message}`));
    };
    worker.postMessage(request);
  });
}
