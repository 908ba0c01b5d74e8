import { execFile } from 'node:child_process';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { BoardThreads } from '../../../src/cli/parallel-board.ts';
import { boardTables } from '../../../src/core/stats/bootstrap.ts';
import { computeLeaderboard, IncrementalLeaderboard } from '../../../src/core/stats/leaderboard.ts';
import type { HelperRequest, HelperResponse } from '../../../src/core/stats/shared-bootstrap.ts';
import { loadArenaCounts } from '../stats/fixtures.ts';

const ROOT = resolve(import.meta.dirname, '../../..');

describe('the command line board on two threads', () => {
  let threads: BoardThreads | null = null;
  afterEach(() => threads?.close());

  it('shares the bootstrap with a helper thread and gives the one-thread board exactly', async () => {
    const counts = await loadArenaCounts();
    const options = { bootstrapRounds: 200, seed: 3 };
    threads = new BoardThreads(2);
    threads.warm();
    const shared = await threads.leaderboard(counts, options);
    expect(threads.roundsFromHelper).toBeGreaterThan(0);
    expect(threads.roundsFromHelper).toBeLessThan(200);
    expect(shared).toEqual(computeLeaderboard(counts, options));
    // A second board on the same threads (another seed) is the one-thread board too.
    const again = await threads.leaderboard(counts, { ...options, seed: 4, ties: 'davidson' });
    expect(again).toEqual(computeLeaderboard(counts, { ...options, seed: 4, ties: 'davidson' }));
  }, 60_000);

  it('runs every round here on one core', async () => {
    const counts = await loadArenaCounts();
    threads = new BoardThreads(1);
    threads.warm();
    const alone = await threads.leaderboard(counts, { bootstrapRounds: 30 });
    expect(threads.roundsFromHelper).toBe(0);
    expect(alone).toEqual(computeLeaderboard(counts, { bootstrapRounds: 30 }));
  }, 60_000);
});

describe('the compiled helper thread', () => {
  it("sends the tables it built, takes the board's fit and answers a range of rounds with the θ the board would compute", async () => {
    // The launcher rebuilds build/cli when a source changed: the thread users run is the current one.
    await promisify(execFile)(process.execPath, [join(ROOT, 'src/cli/bin/launch.mjs'), 'rank', '--help'], { cwd: ROOT });
    const counts = await loadArenaCounts();
    const options = { bootstrapRounds: 50, seed: 9 };
    const thread = new Worker(join(ROOT, 'build/cli/helper-thread.mjs'));
    try {
      const replies: HelperResponse[] = [];
      const answered = new Promise<void>((done, fail) => {
        thread.on('message', (reply: HelperResponse) => {
          replies.push(reply);
          if (reply.type !== 'tables') done();
        });
        thread.on('error', fail);
      });
      const send = (message: HelperRequest) => thread.postMessage(message);
      const board = new IncrementalLeaderboard(counts, options);
      send({ type: 'start', job: 1, counts, options, sendTables: true });
      send({ type: 'fit', job: 1, fit: board.fit, starts: board.roundStarts() });
      send({ type: 'rounds', job: 1, from: 40, count: 10 });
      await answered;
      expect(replies.map((r) => r.type)).toEqual(['tables', 'rounds']);
      expect(replies[0].type === 'tables' && replies[0].tables).toEqual(boardTables(counts));
      expect(replies[1].type === 'rounds' && replies[1].run).toEqual(board.runRange(40, 10));
    } finally {
      await thread.terminate();
    }
  }, 60_000);
});
