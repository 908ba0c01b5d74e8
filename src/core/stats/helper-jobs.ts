/**
 * What a bootstrap helper does with the messages it gets, wherever it runs (a browser worker,
 * workers/bootstrap-helper.worker.ts, or a Node thread, cli/helper-thread.ts): builds the rounds'
 * Poisson tables from the counts it is given (sending them back when asked), takes the board's fit
 * (so the same rounds), then runs the ranges of rounds it is handed and answers with their θ. One
 * job at a time; messages of an older job are skipped.
 */
import { boardTables } from './bootstrap.ts';
import { IncrementalLeaderboard, type LeaderboardOptions } from './leaderboard.ts';
import type { PairCounts } from './pair-counts.ts';
import type { PoissonTables } from './poisson.ts';
import type { HelperRequest, HelperResponse } from './shared-bootstrap.ts';

export type HelperPost = (message: HelperResponse, transfer: ArrayBuffer[]) => void;

/** The job under way: its counts and options, the tables built for them, and the board once the fit came. */
interface Job {
  job: number;
  counts: PairCounts;
  options: LeaderboardOptions;
  tables: PoissonTables;
  board: IncrementalLeaderboard | null;
}

export function helperJobs(post: HelperPost): (request: HelperRequest) => void {
  let current: Job | null = null;
  return (request) => {
    try {
      if (request.type === 'start') {
        const tables = boardTables(request.counts);
        current = { job: request.job, counts: request.counts, options: request.options, tables, board: null };
        // A copy: this side keeps its own.
        if (request.sendTables) post({ type: 'tables', job: request.job, tables }, []);
        return;
      }
      if (current?.job !== request.job) return;
      if (request.type === 'fit') {
        current.board = new IncrementalLeaderboard(current.counts, current.options, {
          fit: request.fit,
          starts: request.starts,
          tables: current.tables,
        });
        return;
      }
      if (!current.board) throw new Error(`helper: rounds of job ${request.job} came before its fit`);
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
