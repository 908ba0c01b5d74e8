/**
 * The command line's leaderboard with its bootstrap on two cores: this thread runs rounds from the
 * bottom while a helper thread (helper-thread.ts) runs chunks from the top, as the page's rating
 * worker and its helper do (core/stats/shared-bootstrap.ts). Same rounds, same intervals as
 * computeLeaderboard on one thread. Before that, the same thread tallies its share of a parquet
 * file's row groups while this one reads the others (lib/parquet-groups.ts).
 * The thread's file sits beside this one both in src/cli (run through tsx's loader) and in
 * build/cli (compiled by build-cli.mjs), so one relative address finds it.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { boardRounds, IncrementalLeaderboard, type Leaderboard, type LeaderboardOptions } from '../core/stats/leaderboard.ts';
import type { PairCounts } from '../core/stats/pair-counts.ts';
import { BootstrapHelper, runBootstrap, type HelperPort, type HelperResponse } from '../core/stats/shared-bootstrap.ts';
import type { TallyData } from '../core/tally/tally-parts.ts';
import type { GroupHelper, GroupPlan, GroupShare, GroupsRequest, GroupsResponse } from './lib/parquet-groups.ts';

/** Rounds run here between two looks at what the helper sent back. */
const CHUNK = 20;
/**
 * A parquet file whose columns read hold this many bytes (compressed) or more has its row groups
 * read on both threads. Below, the helper slows the read: its code starts cold (its first group took
 * ~70 ms, what this thread reads a dozen warm groups in). 1.67M real battles (3.4 MB, 14 groups)
 * took 0.66 s on two threads against 0.64 s on one; 5M synthetic votes (7.3 MB, 41 groups) 0.47 s
 * against 0.50 s, 20M (29 MB) 0.78 s against 1.0 s (--bootstrap 1000).
 */
export const HELPED_BYTES = 6_000_000;

/** Bytes of the chunks a plan reads. */
const chunkBytes = (plan: GroupPlan) =>
  plan.groups.reduce((sum, group) => group.chunks.reduce((bytes, c) => bytes + (c?.length ?? 0), sum), 0);

/** The compiled thread; from the sources, the TypeScript one behind tsx's loader. */
function startThread(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./helper-thread.mjs', import.meta.url));
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./helper-thread.ts', import.meta.url).href;
  return new Worker(`import(${JSON.stringify(tsx)}).then((t) => { t.register(); return import(${JSON.stringify(entry)}); });`, {
    eval: true,
  });
}

export class BoardThreads implements GroupHelper {
  private readonly helper: BootstrapHelper;
  private thread: Worker | null = null;
  /** Awaits under way on the thread's answers: while any is, the thread keeps the command alive. */
  private holds = 0;
  private countId = 0;
  /** The count request waiting for the helper's share. */
  private pendingCount: { id: number; settle: (answer: TallyData | null | 'failed') => void } | null = null;

  /** `helpedBytes`: from how many bytes of chunks a file's row groups are read on both threads. */
  constructor(
    cores: number = availableParallelism(),
    private readonly helpedBytes = HELPED_BYTES,
  ) {
    this.helper = new BootstrapHelper(
      (onMessage, onError) => this.spawn(onMessage, onError),
      () => cores,
    );
  }

  private spawn(onMessage: (message: HelperResponse) => void, onError: () => void): HelperPort {
    const thread = startThread();
    // Never what keeps a finished command alive, only one waiting for its answers.
    if (this.holds === 0) thread.unref();
    this.thread = thread;
    const gone = () => {
      if (this.thread === thread) this.thread = null;
      this.settleCount(null, 'failed');
    };
    thread.on('message', (message: HelperResponse | GroupsResponse) =>
      message.type === 'groups-counted' ? this.settleCount(message.id, message.tally) : onMessage(message),
    );
    thread.on('error', () => {
      gone();
      onError();
    });
    thread.on('exit', gone);
    return {
      post: (message) => thread.postMessage(message),
      terminate: () => {
        gone();
        void thread.terminate();
      },
    };
  }

  /**
   * The helper thread's share of a file's row groups (starting it if need be), claimed from
   * `claims` as this thread claims its own; null when there is no helper (one core, or it failed)
   * or the file is too small for one to help.
   */
  tallyGroups(plan: GroupPlan, claims: SharedArrayBuffer): GroupShare | null {
    if (chunkBytes(plan) < this.helpedBytes) return null;
    this.helper.warm();
    const thread = this.thread;
    if (!thread) return null;
    this.settleCount(null, 'failed');
    const id = ++this.countId;
    const share = new Promise<TallyData | null | 'failed'>((settle) => (this.pendingCount = { id, settle }));
    this.hold();
    try {
      thread.postMessage({ type: 'count-groups', id, plan, claims } satisfies GroupsRequest);
    } catch {
      this.settleCount(id, 'failed');
    }
    return share;
  }

  /** Settles the pending count with `answer` (`id` null: whichever is pending). */
  private settleCount(id: number | null, answer: TallyData | null | 'failed'): void {
    const pending = this.pendingCount;
    if (!pending || (id !== null && id !== pending.id)) return;
    this.pendingCount = null;
    this.release();
    pending.settle(answer);
  }

  private hold(): void {
    if (this.holds++ === 0) this.thread?.ref();
  }

  private release(): void {
    if (--this.holds === 0) this.thread?.unref();
  }

  /** Starts the helper thread now, so its start overlaps reading the file. */
  warm(): void {
    this.helper.warm();
  }

  /** The board, its bootstrap shared with the helper thread (on one core, all run here). */
  async leaderboard(counts: PairCounts, options: LeaderboardOptions = {}): Promise<Leaderboard> {
    // The helper builds the rounds' tables while this thread fits the counts, then takes the fit and runs rounds.
    if (boardRounds(options) > 0) this.helper.prepare(counts, options);
    const board = new IncrementalLeaderboard(counts, options);
    // Waiting on the helper's last rounds, nothing else keeps the command alive.
    this.hold();
    try {
      await runBootstrap(board, this.helper, counts, options, {
        chunk: CHUNK,
        breathe: () => new Promise((resolve) => setImmediate(resolve)),
        live: () => true,
        // Once the helper has rounds to run: the sandwich here, in parallel, not after the last round.
        onChunk: () => board.computeSandwich(),
      });
    } finally {
      this.release();
    }
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
