/// <reference lib="webworker" />
/**
 * The rating worker's helper: on a second core, it runs the bootstrap rounds it is handed for the
 * board the rating worker is computing (same counts, options and seed, so the same rounds) and
 * sends back their θ. One job at a time; rounds of an older job are skipped.
 */
import { IncrementalLeaderboard } from '../core/stats/leaderboard.ts';
import type { HelperRequest, HelperResponse } from './rating-protocol.ts';

let current: { job: number; board: IncrementalLeaderboard } | null = null;

function post(message: HelperResponse, transfer: Transferable[] = []): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(message, transfer);
}

self.onmessage = (event: MessageEvent<HelperRequest>) => {
  const request = event.data;
  try {
    if (request.type === 'start') {
      current = { job: request.job, board: new IncrementalLeaderboard(request.counts, request.options) };
      return;
    }
    if (current?.job !== request.job) return;
    const run = current.board.runRange(request.from, request.count);
    if (run)
      post(
        { type: 'rounds', job: request.job, run },
        run.thetas.map((t) => t.buffer),
      );
  } catch (error) {
    post({ type: 'error', job: request.job, message: error instanceof Error ? error.message : String(error) });
  }
};
