import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { statSync } from 'node:fs';
import { main } from '../../../src/cli/rank.ts';
import { createNodeConnector } from '../../../src/cli/node-connector.ts';
import { startPlainFakeHub } from '../../e2e/fake-hub.ts';
import { STATIC, byModel, run, tempDir, type BoardRecord } from './helpers.ts';
import { MT_BENCH_GPT4, MT_BENCH_HUMAN, mtBenchReference } from '../sources/mt-bench-reference.ts';

const dir = tempDir();
const CONVERSATIONS = join(STATIC, 'arena-conversations.parquet');

describe('rank --hf: a Hub dataset read as the page reads it, from a local server that answers like the Hub', () => {
  let hub: Awaited<ReturnType<typeof startPlainFakeHub>>;
  const shards = [0, 1].map((k) => join(dir, `conversations-${k}.parquet`));
  const before = process.env.HF_ENDPOINT;

  beforeAll(async () => {
    const db = await createNodeConnector();
    try {
      for (const [k, path] of shards.entries()) {
        await db.query(
          `COPY (SELECT * EXCLUDE (i) FROM (SELECT *, row_number() OVER () - 1 AS i FROM read_parquet($1)) WHERE i % 2 = $2) TO '${path}' (FORMAT parquet, ROW_GROUP_SIZE 5000)`,
          [CONVERSATIONS, k],
        );
      }
    } finally {
      db.close();
    }
    hub = await startPlainFakeHub({
      'lmsys/chatbot_arena_conversations': { config: 'default', split: 'train', shards },
      'someone/mt-bench-judge': { config: 'default', split: 'gpt4_pair', shards: [MT_BENCH_GPT4] },
      'someone/gated': { status: 401 },
      'someone/busy': { status: 429 },
    });
    process.env.HF_ENDPOINT = hub.origin;
  });
  afterAll(async () => {
    if (before === undefined) delete process.env.HF_ENDPOINT;
    else process.env.HF_ENDPOINT = before;
    await hub?.close();
  });

  it('lists every shard, reads only the needed columns by range requests, and rates as the local file', async () => {
    const remote = await run(main, '--hf', 'lmsys/chatbot_arena_conversations', '--where', 'language=French', '--json', '--bootstrap', '0');
    expect(remote.code).toBe(0);
    const local = await run(main, CONVERSATIONS, '--where', 'language=French', '--json', '--bootstrap', '0');
    const board = byModel(JSON.parse(remote.stdout).models as BoardRecord[]);
    for (const r of JSON.parse(local.stdout).models as BoardRecord[]) {
      expect(board.get(r.model)!.votes, r.model).toBe(r.votes);
      if (r.rating !== null) expect(board.get(r.model)!.rating!, r.model).toBeCloseTo(r.rating, 6);
    }
    const read = hub.bytes.get('lmsys/chatbot_arena_conversations')!;
    const size = shards.reduce((s, p) => s + statSync(p).size, 0);
    expect(remote.stderr).toContain(
      `read 2 parquet shard(s) of lmsys/chatbot_arena_conversations (config default, split train): ${read} bytes by range requests`,
    );
    expect(hub.ranges.get('lmsys/chatbot_arena_conversations')!.every((r) => r.startsWith('bytes='))).toBe(true);
    expect(read).toBeLessThan(size);
    console.log(
      `rank --hf: ${read} of ${size} bytes read in ${hub.ranges.get('lmsys/chatbot_arena_conversations')!.length} range requests`,
    );
  });

  it('takes a pasted dataset page address, and --config/--split', async () => {
    const r = await run(
      main,
      '--hf',
      'https://huggingface.co/datasets/lmsys/chatbot_arena_conversations/tree/main',
      '--config',
      'default',
      '--split',
      'train',
      '--bootstrap',
      '0',
    );
    expect(r.code).toBe(0);
    const missing = await run(main, '--hf', 'lmsys/chatbot_arena_conversations', '--split', 'test');
    expect([missing.code, missing.stderr]).toEqual([1, expect.stringMatching(/has no split "test"; it has "train"/)]);
  });

  it('compares a file with a split of a Hub dataset (--compare-with hf:OWNER/NAME/CONFIG/SPLIT)', async () => {
    const mt = await mtBenchReference();
    const r = await run(
      main,
      MT_BENCH_HUMAN,
      '--compare-with',
      'hf:someone/mt-bench-judge/default/gpt4_pair',
      '--json',
      '--bootstrap',
      '0',
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.second).toMatchObject({ file: 'someone/mt-bench-judge · default/gpt4_pair', unmatched_items: 2400 - mt.n });
    expect(out.matched_items).toBe(mt.n);
    expect(out.agreement).toBeCloseTo(mt.agreement, 6);
    const bad = await run(main, MT_BENCH_HUMAN, '--compare-with', 'hf:not a name');
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/hf:OWNER\/NAME\[\/CONFIG\[\/SPLIT\]\], got "hf:not a name"/)]);
  });

  it('says what a refusal means, and refuses bad usage', async () => {
    const gated = await run(main, '--hf', 'someone/gated');
    expect([gated.code, gated.stderr]).toEqual([1, expect.stringMatching(/someone\/gated is gated or private \(HTTP 401\)/)]);
    const busy = await run(main, '--hf', 'someone/busy');
    expect(busy.stderr).toMatch(/HTTP 429, too many requests/);
    const missing = await run(main, '--hf', 'nobody/nothing');
    expect(missing.stderr).toMatch(/no public dataset called nobody\/nothing on the Hub \(HTTP 404\)/);
    expect((await run(main, '--hf', 'not a name')).code).toBe(2);
    expect((await run(main, CONVERSATIONS, '--hf', 'a/b')).stderr).toMatch(/give FILE or --hf, not both/);
    expect((await run(main, CONVERSATIONS, '--split', 'train')).stderr).toMatch(/--split goes with --hf/);
  });
});
