/// <reference lib="webworker" />
/**
 * Fits ratings off the main thread: the point fit at once, then bootstrap rounds in small chunks,
 * yielding between chunks so a newer request or a cancel is seen within milliseconds.
 */
import { IncrementalLeaderboard } from '../core/stats/leaderboard';
import { REPORT_EVERY, type RatingRequest, type RatingResponse } from './protocol';

const CHUNK = 20;
let latest = -1;

function post(message: RatingResponse): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);
}

/** A macrotask boundary, so queued messages are handled before the next chunk. */
const breathe = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

self.onmessage = (event: MessageEvent<RatingRequest>) => {
  const request = event.data;
  if (request.type === 'cancel') {
    if (request.id === latest) latest = -1;
    return;
  }
  latest = request.id;
  void rate(request);
};

async function rate(request: Extract<RatingRequest, { type: 'rate' }>): Promise<void> {
  const { id } = request;
  try {
    const board = new IncrementalLeaderboard(request.counts, request.options);
    post({ type: 'result', id, leaderboard: board.current(), observed: board.observed, final: board.finished });
    const rounds = request.options.bootstrapRounds ?? 1000;
    let done = 0;
    while (!board.finished) {
      await breathe();
      if (latest !== id) return;
      done += board.runRounds(Math.min(CHUNK, REPORT_EVERY - (done % REPORT_EVERY)));
      post({ type: 'progress', id, roundsDone: done, rounds });
      if (done % REPORT_EVERY === 0 || board.finished) {
        post({ type: 'result', id, leaderboard: board.current(), observed: null, final: board.finished });
      }
    }
  } catch (error) {
    const e = error instanceof Error ? error : new Error(String(error));
    post({ type: 'error', id, error: { name: e.name, message: e.message, stack: e.stack } });
  }
}
