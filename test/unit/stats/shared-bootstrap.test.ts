import { describe, expect, it } from 'vitest';
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
  /** The helper fits the counts (and gets its first chunks) before the board begins. */
  prepare: boolean;
  chunkMs?: number;
  /** Rounds the board runs on its own before it begins. */
  before?: number;
  /** Milliseconds between prepare and the board's begin. */
  waitMs?: number;
}

/** A board of `counts` whose bootstrap runs with `helper`, in chunks of 5. */
async function shareRounds(helper: BootstrapHelper, options: LeaderboardOptions, { prepare, chunkMs, before = 0, waitMs = 0 }: Run) {
  if (prepare) helper.prepare(counts, options, 5);
  if (waitMs) await new Promise((resolve) => setTimeout(resolve, waitMs));
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
  it('starts the helper once when it was prepared with the same counts and options, and gives the one-thread board', async () => {
    const sent: HelperRequest[] = [];
    const helper = new BootstrapHelper(helperOnThisThread(sent), () => 2);
    const options = { bootstrapRounds: 60, seed: 5 };
    const shared = await board(helper, options, { prepare: true });
    expect(sent.filter((m) => m.type === 'start')).toHaveLength(1);
    expect(helper.roundsFromHelper).toBeGreaterThan(0);
    expect(shared).toEqual(computeLeaderboard(counts, options));
    helper.close();
  });

  it('hands a prepared helper its first chunks with its start, the top rounds the board then claims', async () => {
    const sent: HelperRequest[] = [];
    const helper = new BootstrapHelper(helperOnThisThread(sent), () => 2);
    const options = { bootstrapRounds: 60, seed: 3 };
    const shared = await board(helper, options, { prepare: true });
    const job = sent[0].job;
    expect(sent.slice(0, 3)).toEqual([
      { type: 'start', job, counts, options },
      { type: 'rounds', job, from: 55, count: 5 },
      { type: 'rounds', job, from: 50, count: 5 },
    ]);
    // Every round handed out once: the board's own claims start below the prepared ones.
    const handed = sent.flatMap((m) => (m.type === 'rounds' ? [m.from] : []));
    expect(new Set(handed).size).toBe(handed.length);
    expect(sent.filter((m) => m.type === 'start')).toHaveLength(1);
    expect(shared).toEqual(computeLeaderboard(counts, options));
    helper.close();
  });

  it('takes in the first chunks a prepared helper answered before the board began, none handed back as lost', async () => {
    const sent: HelperRequest[] = [];
    const helper = new BootstrapHelper(helperOnThisThread(sent), () => 2);
    const options = { bootstrapRounds: 60, seed: 3 };
    // The helper answers both chunks within the wait, before the board's begin.
    const b = await shareRounds(helper, options, { prepare: true, waitMs: 100 });
    expect(helper.roundsFromHelper).toBeGreaterThanOrEqual(10);
    // A chunk taken in but still counted as out would be handed back to the board at the end.
    expect(b.roundsUnclaimed).toBe(0);
    expect(b.current()).toEqual(computeLeaderboard(counts, options));
    helper.close();
  });

  it('starts the helper again when the board that begins has run rounds of its own (its top rounds may not be free)', async () => {
    const sent: HelperRequest[] = [];
    const helper = new BootstrapHelper(helperOnThisThread(sent), () => 2);
    const options = { bootstrapRounds: 60, seed: 3 };
    const shared = await board(helper, options, { prepare: true, before: 7 });
    const starts = sent.filter((m) => m.type === 'start');
    expect(starts).toHaveLength(2);
    expect(shared).toEqual(computeLeaderboard(counts, options));
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
    helper.prepare(counts, { ...options, seed: 6 }, 5);
    const shared = await board(helper, options, { prepare: false });
    const starts = sent.filter((m) => m.type === 'start');
    expect(starts).toHaveLength(2);
    // Beyond the first chunks handed out with the prepared start, rounds are asked only for the job that began.
    const begun = starts[1].job;
    const rounds = sent.filter((m) => m.type === 'rounds');
    expect(rounds.filter((m) => m.job !== begun).map((m) => m.job)).toEqual([starts[0].job, starts[0].job]);
    expect(sent.indexOf(starts[1])).toBe(3);
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

  it('prepares nothing on one core', async () => {
    const sent: HelperRequest[] = [];
    const helper = new BootstrapHelper(helperOnThisThread(sent), () => 1);
    const options = { bootstrapRounds: 20, seed: 1 };
    expect(await board(helper, options, { prepare: true })).toEqual(computeLeaderboard(counts, options));
    expect(sent).toEqual([]);
  });
});
