/**
 * rank's own parquet reader on two threads (cli/lib/parquet-groups.ts): the row groups split with
 * the real helper thread (cli/parallel-board.ts) give the one-thread count exactly, a group the helper
 * takes that cannot be read as DuckDB would sends the whole file to DuckDB, and with one core or a
 * helper gone the reader reads every group itself. Which groups the helper takes is its own pace; a
 * test that needs the helper to hold some holds this thread until the shared counter shows it has.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { open } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import { createNodeConnector, type NodeConnector } from '../../../src/cli/node-connector.ts';
import { countParquetFile, type CountedFile } from '../../../src/cli/lib/parquet-count.ts';
import {
  fileBytes,
  groupPlan,
  planTally,
  tallyClaimed,
  type GroupHelper,
  type GroupPlan,
  type GroupsRequest,
  type GroupsResponse,
} from '../../../src/cli/lib/parquet-groups.ts';
import { BoardThreads, HELPED_BYTES } from '../../../src/cli/parallel-board.ts';
import { DUCKDB_ONLY, main } from '../../../src/cli/rank.ts';
import { footerLength, readFooter, TAIL_BYTES, type ParquetFooter } from '../../../src/core/parquet/footer.ts';
import { mergeTally, tallyData } from '../../../src/core/tally/tally-parts.ts';
import { tallyKinds, talliedVotes } from '../../../src/core/tally/vote-tally.ts';
import { ARENA_COUNTS, ROOT, run, tempDir } from './helpers.ts';

const dir = tempDir();
let db: NodeConnector;

async function writeParquet(name: string, select: string, options: string): Promise<string> {
  const path = join(dir, name);
  await db.query(`COPY (${select}) TO '${path}' (FORMAT parquet, ${options})`);
  return path;
}

function footerOf(file: string): ParquetFooter {
  const bytes = new Uint8Array(readFileSync(file));
  const length = footerLength(bytes.subarray(bytes.length - TAIL_BYTES));
  return readFooter(bytes.subarray(bytes.length - TAIL_BYTES - length, bytes.length - TAIL_BYTES));
}

/**
 * Votes over twelve models with bad rows (a null model, a model against itself, an unknown verdict);
 * `json`: the first rows' model_a is a JSON object, which DuckDB's path reads otherwise, so the first
 * row group is one the reader here must not count.
 */
const votes = (json: boolean) => `
  SELECT CASE WHEN ${json} AND i < 5 THEN '{"name": "m"}' WHEN i % 97 = 0 THEN NULL ELSE 'model-' || (i % 12) END AS model_a,
         CASE WHEN i % 89 = 0 THEN 'model-' || (i % 12) ELSE 'model-' || ((i * 5 + 1) % 12) END AS model_b,
         CASE WHEN i % 83 = 0 THEN 'left_win' ELSE ['model_a', 'model_b', 'tie', 'tie (bothbad)'][1 + (i * 7) % 4] END AS winner
  FROM range(30000) t(i)`;

/**
 * The real helper thread of `threads`, with this thread held until the helper has claimed at least
 * `groups` row groups: the groups it holds are then known to be its own.
 */
function helperHolding(threads: BoardThreads, groups: number, then: () => void = () => {}): GroupHelper {
  return {
    tallyGroups(plan: GroupPlan, claims: SharedArrayBuffer) {
      const share = threads.tallyGroups(plan, claims);
      const counter = new Int32Array(claims);
      const until = Date.now() + 30_000;
      while (Atomics.load(counter, 0) < groups) if (Date.now() > until) throw new Error('the helper thread claimed no row group');
      then();
      return share;
    },
  };
}

let many: string;
let badFirst: string;
let one: CountedFile;

beforeAll(async () => {
  db = await createNodeConnector();
  many = await writeParquet('many.parquet', votes(false), 'ROW_GROUP_SIZE 1024');
  badFirst = await writeParquet('bad-first.parquet', votes(true), 'ROW_GROUP_SIZE 1024');
  one = (await countParquetFile(many))!;
}, 60_000);
afterAll(() => db.close());

describe('a parquet file read on two threads', () => {
  it('the test files have many row groups, and one thread reads the first', () => {
    expect(footerOf(many).rowGroups.length).toBeGreaterThan(10);
    expect(one.tallied.rejectedRows).toBeGreaterThan(0);
  });

  it('the row groups split with the helper thread: the count of one thread, exactly', async () => {
    const threads = new BoardThreads(2, 0);
    try {
      // The helper takes the first groups (at least five), this thread then claims the rest alongside.
      const split = await countParquetFile(many, helperHolding(threads, 5));
      expect(split).toEqual(one);
      // Again on the same thread, at whatever pace each side goes.
      expect(await countParquetFile(many, threads)).toEqual(one);
    } finally {
      threads.close();
    }
  }, 60_000);

  it("a row group the helper takes that is not read as DuckDB would: the whole file goes to DuckDB's path", async () => {
    expect(await countParquetFile(badFirst)).toBeNull();
    const threads = new BoardThreads(2, 0);
    try {
      expect(await countParquetFile(badFirst, helperHolding(threads, 1))).toBeNull();
    } finally {
      threads.close();
    }
    // rank's output is DuckDB's, byte for byte.
    const own = await run(main, badFirst, '--bootstrap', '20', '--json');
    process.env[DUCKDB_ONLY] = '1';
    try {
      const duckdb = await run(main, badFirst, '--bootstrap', '20', '--json');
      expect(own).toEqual(duckdb);
    } finally {
      delete process.env[DUCKDB_ONLY];
    }
  }, 60_000);

  it('a file of a few megabytes is read here alone (a cold helper would slow it)', async () => {
    const threads = new BoardThreads(2);
    const plan = groupPlan(many, footerOf(many), ['model_a'], null);
    expect(threads.tallyGroups(plan, new SharedArrayBuffer(4))).toBeNull();
    // The same groups, as many times over as make HELPED_BYTES, are split.
    const bytes = plan.groups.reduce((sum, g) => sum + g.chunks[0]!.length, 0);
    const big = { ...plan, groups: Array.from({ length: Math.ceil(HELPED_BYTES / bytes) }, () => plan.groups).flat() };
    const share = threads.tallyGroups(big, new SharedArrayBuffer(4));
    expect(share).not.toBeNull();
    // Closed before it answers: the share settles as failed rather than never.
    threads.close();
    expect(await share).toBe('failed');
  }, 60_000);

  it('one core: no helper thread, every group read here', async () => {
    const threads = new BoardThreads(1, 0);
    try {
      expect(threads.tallyGroups(groupPlan(many, footerOf(many), ['model_a'], null), new SharedArrayBuffer(4))).toBeNull();
      expect(await countParquetFile(many, threads)).toEqual(one);
    } finally {
      threads.close();
    }
  }, 60_000);

  it('a helper thread gone with groups it had claimed: they are all read again here', async () => {
    const threads = new BoardThreads(2, 0);
    // The thread ends after claiming two groups, before it answers.
    const counted = await countParquetFile(
      many,
      helperHolding(threads, 2, () => threads.close()),
    );
    expect(counted).toEqual(one);
    // A helper gone for good: nothing more is asked of it.
    expect(threads.tallyGroups(groupPlan(many, footerOf(many), ['model_a'], null), new SharedArrayBuffer(4))).toBeNull();
  }, 60_000);
});

describe('the counts do not depend on the order the row groups were tallied in', () => {
  it.each([
    ['votes over many row groups', () => many],
    ['the published counts (a weight summed)', () => ARENA_COUNTS],
  ])('%s: reversed, or merged from two tallies, the same counts', async (_, fileOf) => {
    const file = fileOf();
    const counted = (await countParquetFile(file))!;
    const detection = counted.opened.detection;
    if (!detection.ok) throw new Error('not recognised');
    const { mapping } = detection;
    const { read, kinds } = tallyKinds(mapping, new Map(counted.opened.file.columns.map((c) => [c.name, c.type])));
    const plan = groupPlan(file, footerOf(file), read, mapping.weight ?? null);
    const handle = await open(file, 'r');
    try {
      const bytes = fileBytes(handle, (await handle.stat()).size);
      const reversed = { ...plan, groups: [...plan.groups].reverse() };
      const backwards = planTally(reversed);
      expect(await tallyClaimed(reversed, bytes, backwards, new Int32Array(1))).toBe(plan.groups.length);
      expect(talliedVotes(backwards, mapping, kinds)).toEqual(counted.tallied);
      // Odd groups in one tally, even ones in another, merged.
      const odd = { ...plan, groups: plan.groups.filter((_, g) => g % 2 === 1) };
      const even = { ...plan, groups: plan.groups.filter((_, g) => g % 2 === 0) };
      const merged = planTally(plan);
      const other = planTally(plan);
      await tallyClaimed(odd, bytes, merged, new Int32Array(1));
      await tallyClaimed(even, bytes, other, new Int32Array(1));
      // As a thread would send it.
      mergeTally(merged, structuredClone(tallyData(other)));
      expect(talliedVotes(merged, mapping, kinds)).toEqual(counted.tallied);
    } finally {
      await handle.close();
    }
  });
});

describe('the compiled helper thread', () => {
  it("answers a request for its share with the tally of the groups it claimed, as this thread's", async () => {
    // The launcher rebuilds build/cli when a source changed: the thread users run is the current one.
    await promisify(execFile)(process.execPath, [join(ROOT, 'src/cli/bin/launch.mjs'), 'rank', '--help'], { cwd: ROOT });
    const detection = one.opened.detection;
    if (!detection.ok) throw new Error('not recognised');
    const { read, kinds } = tallyKinds(detection.mapping, new Map(one.opened.file.columns.map((c) => [c.name, c.type])));
    const plan = groupPlan(many, footerOf(many), read, null);
    const thread = new Worker(join(ROOT, 'build/cli/helper-thread.mjs'));
    try {
      const answer = new Promise<GroupsResponse>((done, fail) => {
        thread.on('message', done);
        thread.on('error', fail);
      });
      // The counter starts at group 3: the thread reads groups 3 to the last.
      const claims = new Int32Array(new SharedArrayBuffer(4));
      claims[0] = 3;
      thread.postMessage({ type: 'count-groups', id: 7, plan, claims: claims.buffer as SharedArrayBuffer } satisfies GroupsRequest);
      const reply = await answer;
      expect(reply.id).toBe(7);
      expect(Atomics.load(claims, 0)).toBeGreaterThan(plan.groups.length);
      // With groups 0–2 tallied here, the whole file's counts.
      const first = { ...plan, groups: plan.groups.slice(0, 3) };
      const tally = planTally(plan);
      const handle = await open(many, 'r');
      try {
        await tallyClaimed(first, fileBytes(handle, (await handle.stat()).size), tally, new Int32Array(1));
      } finally {
        await handle.close();
      }
      mergeTally(tally, reply.tally!);
      expect(tally.totalRows).toBe(30000);
      expect(talliedVotes(tally, detection.mapping, kinds)).toEqual(one.tallied);
    } finally {
      await thread.terminate();
    }
  }, 60_000);
});
