import { describe, expect, it } from 'vitest';
import { bootstrapTables } from '../../../src/core/stats/bootstrap.ts';
import { helperJobs } from '../../../src/core/stats/helper-jobs.ts';
import { computeLeaderboard, IncrementalLeaderboard, type LeaderboardOptions } from '../../../src/core/stats/leaderboard.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import {
  BootstrapHelper,
  runBootstrap,
  type HelperRequest,
  type HelperResponse,
  type SpawnHelper,
} from '../../../src/core/stats/shared-bootstrap.ts';
import { countsOf } from './fixtures.ts';

/**
 * The helper's own job code (helper-jobs.ts) behind a port that delivers each message a macrotask
 * later, as a worker would, and records what it was sent.
 */
function helperOnThisThread(sent: HelperRequest[]): SpawnHelper {
  return (onMessage) => {
    const reply = (message: HelperResponse) => setImmediate(() => onMessage(structuredClone(message)));
    const handle = helperJobs(reply);
    return {
      post: (message) => {
        sent.push(message);
        setImmediate(() => handle(structuredClone(message)));
      },
      terminate: () => {},
    };
  };
}

const counts: PairCounts = countsOf(
  ['a', 'b', 'c', 'd'],
  [
    [0, 1, 0, 30],
    [0, 1, 1, 20],
    [1, 2, 0, 25],
    [1, 2, 1, 22],
    [2, 3, 0, 18],
    [2, 3, 1, 15],
    [0, 3, 0, 12],
    [0, 3, 2, 6],
    [3, 0, 0, 9],
  ],
);

interface Run {
  /** The helper builds the rounds' tables while the board fits. */
  prepare: boolean;
  chunkMs?: number;
  /** Rounds the board runs on its own before it begins. */
  before?: number;
}

/** A board of `counts` whose bootstrap runs with `helper`, in chunks of 5. */
async function shareRounds(helper: BootstrapHelper, options: LeaderboardOptions, { prepare, chunkMs, before = 0 }: Run) {
  if (prepare) helper.prepare(counts, options);
  const b = new IncrementalLeaderboard(counts, options);
  b.runRounds(before);
  await runBootstrap(b, helper, counts, options, {
    chunk: 5,
    ...(chunkMs !== undefined ? { chunkMs } : {}),
    breathe: () => new Promise((resolve) => setImmediate(resolve)),
    live: () => true,
    onChunk: () => {},
  });
  return b;
}

const board = async (helper: BootstrapHelper, options: LeaderboardOptions, run: Run) => (await shareRounds(helper, options, run)).current();

describe('a bootstrap shared with a helper', () => {
  for (const before of [0, 7])
    it(`starts the helper once when it was prepared with the same counts and options, and gives the one-thread board (${before} rounds run by the board before it began)`, async () => {
      const sent: HelperRequest[] = [];
      const helper = new BootstrapHelper(helperOnThisThread(sent), () => 2);
      const options = { bootstrapRounds: 60, seed: 5 };
      const shared = await board(helper, options, { prepare: true, before });
      expect(sent.filter((m) => m.type === 'start')).toHaveLength(1);
      expect(helper.roundsFromHelper).toBeGreaterThan(0);
      expect(shared).toEqual(computeLeaderboard(counts, options));
      helper.close();
    });

  it('gives the one-thread board with ties as Davidson models them (the fit handed over with its tie parameters)', async () => {
    const helper = new BootstrapHelper(helperOnThisThread([]), () => 2);
    const options = { bootstrapRounds: 40, seed: 7, ties: 'davidson' as const };
    for (const prepare of [true, false]) expect(await board(helper, options, { prepare })).toEqual(computeLeaderboard(counts, options));
    expect(helper.roundsFromHelper).toBeGreaterThan(0);
    helper.close();
  });

  it("gives a prepared helper the counts for its tables, then the board's fit (not fitted again), then rounds", async () => {
    const sent: HelperRequest[] = [];
    const helper = new BootstrapHelper(helperOnThisThread(sent), () => 2);
    const options = { bootstrapRounds: 60, seed: 3 };
    const b = await shareRounds(helper, options, { prepare: true });
    const job = sent[0].job;
    expect(sent[0]).toEqual({ type: 'start', job, counts, options, sendTables: true });
    expect(sent[1]).toEqual({ type: 'fit', job, fit: b.fit, starts: b.roundStarts() });
    expect(sent.slice(2).every((m) => m.type === 'rounds' && m.job === job)).toBe(true);
    // Every round handed out once.
    const handed = sent.flatMap((m) => (m.type === 'rounds' ? [m.from] : []));
    expect(new Set(handed).size).toBe(handed.length);
    expect(b.current()).toEqual(computeLeaderboard(counts, options));
    helper.close();
  });

  it('hands the board the tables its prepared helper built, the ones the board would build', async () => {
    const helper = new BootstrapHelper(helperOnThisThread([]), () => 2);
    const options = { bootstrapRounds: 40, seed: 8 };
    helper.prepare(counts, options);
    const b = new IncrementalLeaderboard(counts, options);
    expect(b.needsRoundTables).toBe(true);
    const tables = await helper.tables(helper.begin(b, counts, options));
    expect(tables).toEqual(bootstrapTables(b.fit.groups.map((g) => g.table)));
    helper.close();
  });

  it('has no tables to hand over for a job it was not prepared for, nor after the helper failed', async () => {
    const helper = new BootstrapHelper(helperOnThisThread([]), () => 2);
    const options = { bootstrapRounds: 40, seed: 8 };
    const b = new IncrementalLeaderboard(counts, options);
    expect(await helper.tables(helper.begin(b, counts, options))).toBeNull();
    // A helper that fails while this side waits for its tables: the wait ends with none, and the board runs every round.
    const failing = new BootstrapHelper(
      (onMessage) => ({ post: (m) => setImmediate(() => onMessage({ type: 'error', job: m.job, message: 'gone' })), terminate: () => {} }),
      () => 2,
    );
    expect(await board(failing, options, { prepare: true })).toEqual(computeLeaderboard(counts, options));
    expect(failing.roundsFromHelper).toBe(0);
    helper.close();
  });

  it('runs chunks bounded in time (down to one round each) to the same board', async () => {
    const helper = new BootstrapHelper(helperOnThisThread([]), () => 2);
    const options = { bootstrapRounds: 60, seed: 9 };
    const timed = await board(helper, options, { prepare: true, chunkMs: 0.000001 });
    expect(timed).toEqual(computeLeaderboard(counts, options));
    helper.close();
  });

  it('runs one round first when chunks are timed, and the chunk size the rounds took after (a click waits for no untimed chunk)', async () => {
    const helper = new BootstrapHelper(helperOnThisThread([]), () => 1);
    const options = { bootstrapRounds: 500, seed: 4 };
    const b = new IncrementalLeaderboard(counts, options);
    const done: number[] = [];
    // A chunk of 20 rounds may last 1 s: once one round is timed, chunks are the full 20.
    await runBootstrap(b, helper, counts, options, {
      chunk: 20,
      chunkMs: 1000,
      breathe: () => new Promise((resolve) => setImmediate(resolve)),
      live: () => true,
      onChunk: () => done.push(b.roundsDone),
    });
    expect(done.slice(0, 3)).toEqual([1, 21, 41]);
    expect(b.current()).toEqual(computeLeaderboard(counts, options));
  });

  it('starts the helper again when a board begins with other options than it was prepared with', async () => {
    const sent: HelperRequest[] = [];
    const helper = new BootstrapHelper(helperOnThisThread(sent), () => 2);
    const options = { bootstrapRounds: 60, seed: 5 };
    helper.prepare(counts, { ...options, seed: 6 });
    const shared = await board(helper, options, { prepare: false });
    const starts = sent.filter((m) => m.type === 'start');
    expect(starts.map((m) => m.sendTables)).toEqual([true, false]);
    // Only the job that began gets a fit and rounds.
    const begun = starts[1].job;
    expect(sent.filter((m) => m.type !== 'start').every((m) => m.job === begun)).toBe(true);
    expect(shared).toEqual(computeLeaderboard(counts, options));
    helper.close();
  });

  it('hands out smaller chunks near the end, down to single rounds, and counts the rounds left unclaimed', async () => {
    const sent: HelperRequest[] = [];
    const helper = new BootstrapHelper(helperOnThisThread(sent), () => 2);
    const options = { bootstrapRounds: 120, seed: 2 };
    const probe = new IncrementalLeaderboard(counts, options);
    expect(probe.roundsUnclaimed).toBe(120);
    const range = probe.claimRounds(30)!;
    probe.runRounds(10);
    expect(probe.roundsUnclaimed).toBe(80);
    probe.releaseRounds(range);
    expect(probe.roundsUnclaimed).toBe(110);
    const shared = await board(helper, options, { prepare: true });
    const sizes = sent.flatMap((m) => (m.type === 'rounds' ? [m.count] : []));
    expect(Math.max(...sizes)).toBe(5);
    expect(sizes.at(-1)).toBe(1);
    expect(shared).toEqual(computeLeaderboard(counts, options));
    helper.close();
  });

  it('starts no second helper when posting to the first fails, and runs every round itself', async () => {
    let spawned = 0;
    const helper = new BootstrapHelper(
      () => {
        spawned++;
        return {
          post: () => {
            throw new Error('the worker is gone');
          },
          terminate: () => {},
        };
      },
      () => 2,
    );
    const options = { bootstrapRounds: 30, seed: 2 };
    expect(await board(helper, options, { prepare: false })).toEqual(computeLeaderboard(counts, options));
    expect(spawned).toBe(1);
    expect(helper.roundsFromHelper).toBe(0);
  });

  it('prepares nothing on one core', async () => {
    const sent: HelperRequest[] = [];
    const helper = new BootstrapHelper(helperOnThisThread(sent), () => 1);
    const options = { bootstrapRounds: 20, seed: 1 };
    expect(await board(helper, options, { prepare: true })).toEqual(computeLeaderboard(counts, options));
    expect(sent).toEqual([]);
  });
});
