/**
 * The command line's leaderboard with its bootstrap on two cores: this thread runs rounds from the
 * bottom while a helper thread (helper-thread.ts) runs chunks from the top, as the page's rating
 * worker and its helper do (core/stats/shared-bootstrap.ts). Same rounds, same intervals as
 * computeLeaderboard on one thread.
 * The thread's file sits beside this one both in src/cli (run through tsx's loader) and in
 * build/cli (compiled by build-cli.mjs), so one relative address finds it.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { IncrementalLeaderboard, type Leaderboard, type LeaderboardOptions } from '../core/stats/leaderboard.ts';
import type { PairCounts } from '../core/stats/pair-counts.ts';
import { BootstrapHelper, runBootstrap, type HelperPort, type HelperResponse } from '../core/stats/shared-bootstrap.ts';

/** Rounds run here between two looks at what the helper sent back. */
const CHUNK = 20;

/** The compiled thread; from the sources, the TypeScript one behind tsx's loader. */
function startThread(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./helper-thread.mjs', import.meta.url));
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./helper-thread.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); });`, {
    eval: true,
  });
}

function spawnHelperThread(onMessage: (message: HelperResponse) => void, onError: () => void): HelperPort {
  const thread = startThread();
  thread.unref(); // never what keeps a finished command alive
  thread.on('message', onMessage);
  thread.on('error', onError);
  return { post: (message) => thread.postMessage(message), terminate: () => void thread.terminate() };
}

export class BoardThreads {
  private readonly helper: BootstrapHelper;

  constructor(cores: number = availableParallelism()) {
    this.helper = new BootstrapHelper(spawnHelperThread, () => cores);
  }

  /** Starts the helper thread now, so its start overlaps reading the file. */
  warm(): void {
    this.helper.warm();
  }

  /** The board, its bootstrap shared with the helper thread (on one core, all run here). */
  async leaderboard(counts: PairCounts, options: LeaderboardOptions = {}): Promise<Leaderboard> {
    // The helper fits the counts while this thread does (it needs the same fit before its rounds).
    if ((options.bootstrapRounds ?? 1000) > 0 && !options.reweightPairs) this.helper.prepare(counts, options);
    const board = new IncrementalLeaderboard(counts, options);
    await runBootstrap(board, this.helper, counts, options, {
      chunk: CHUNK,
      breathe: () => new Promise((resolve) => setImmediate(resolve)),
      live: () => true,
      // Once the helper has rounds to run: the sandwich here, in parallel, not after the last round.
      onChunk: () => board.computeSandwich(),
    });
    return board.current();
  }

  /** Rounds the helper thread ran, over every board. */
  get roundsFromHelper(): number {
    return this.helper.roundsFromHelper;
  }

  close(): void {
    this.helper.close();
  }
}
