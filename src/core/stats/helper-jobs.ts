/**
 * What a bootstrap helper does with the messages it gets, wherever it runs (a browser worker,
 * workers/bootstrap-helper.worker.ts, or a Node thread, cli/helper-thread.ts): fits the counts it is
 * given with the board's options (so the same rounds), then runs the ranges of rounds it is handed
 * and answers with their θ. One job at a time; rounds of an older job are skipped.
 */
import { IncrementalLeaderboard } from './leaderboard.ts';
import type { HelperRequest, HelperResponse } from './shared-bootstrap.ts';

export type HelperPost = (message: HelperResponse, transfer: ArrayBuffer[]) => void;

export function helperJobs(post: HelperPost): (request: HelperRequest) => void {
  let current: { job: number; board: IncrementalLeaderboard } | null = null;
  return (request) => {
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
          run.thetas.map((t) => t.buffer as ArrayBuffer),
        );
    } catch (error) {
      post({ type: 'error', job: request.job, message: error instanceof Error ? error.message : String(error) }, []);
    }
  };
}
