import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { main } from '../../../src/cli/rank.ts';
import { createNodeConnector } from '../../../src/cli/node-connector.ts';
import { STATIC, byModel, run, tempDir, type BoardRecord } from './helpers.ts';

const dir = tempDir();
const CONVERSATIONS = join(STATIC, 'arena-conversations.parquet');

async function rank(...argv: string[]): Promise<{ records: BoardRecord[]; stderr: string }> {
  const r = await run(main, ...argv, '--json');
  expect(r.stderr).not.toMatch(/^rank:/m);
  expect(r.code).toBe(0);
  return { records: JSON.parse(r.stdout).models, stderr: r.stderr };
}

/** The same slice cut by native DuckDB SQL written here, independently of the page's builders. */
async function cut(name: string, where: string): Promise<string> {
  const db = await createNodeConnector();
  const path = join(dir, name);
  try {
    await db.query(`COPY (SELECT * FROM read_parquet($1) WHERE ${where}) TO '${path}' (FORMAT parquet)`, [CONVERSATIONS]);
  } finally {
    db.close();
  }
  return path;
}

const rated = (records: BoardRecord[]) => records.filter((r) => r.votes > 0);

describe("rank --where: the page's slices on native DuckDB", () => {
  it('rates French votes exactly as a file holding only the French votes', async () => {
    const sliced = await rank(CONVERSATIONS, '--where', 'language=French', '--min-votes', '0', '--bootstrap', '0');
    const alone = await rank(await cut('french.parquet', "language = 'French'"), '--bootstrap', '0');
    expect(sliced.stderr).toMatch(/slice: \d+ of 30000 votes/);
    const board = byModel(rated(sliced.records));
    expect(board.size).toBe(alone.records.length);
    for (const r of alone.records) {
      expect(board.get(r.model)!.votes, r.model).toBe(r.votes);
      expect(board.get(r.model)!.rating!, r.model).toBeCloseTo(r.rating!, 6);
    }
  });

  it('ANDs repeated --where, lists, ranges, struct fields and the quick toggles', async () => {
    const sliced = await rank(
      CONVERSATIONS,
      '--where',
      'language=["English","German"]',
      '--where',
      'turn>=2',
      '--where',
      'openai_moderation.flagged=false',
      '--exclude-ties',
      '--anonymous-only',
      '--bootstrap',
      '0',
    );
    const alone = await rank(
      await cut(
        'multi.parquet',
        "language IN ('English', 'German') AND turn >= 2 AND openai_moderation.flagged = false AND winner <> 'tie' AND anony",
      ),
      '--bootstrap',
      '0',
    );
    const board = byModel(rated(sliced.records));
    for (const r of alone.records) expect(board.get(r.model)!.rating!, r.model).toBeCloseTo(r.rating!, 6);
    expect([...board.values()].reduce((s, r) => s + r.votes, 0)).toBe(alone.records.reduce((s, r) => s + r.votes, 0));
  });

  it('takes a value that looks like SQL as a value', async () => {
    const r = await rank(CONVERSATIONS, '--where', "language=French' OR '1'='1", '--bootstrap', '0');
    expect(r.stderr).toMatch(/slice: 0 of 30000 votes/);
    expect(rated(r.records)).toEqual([]);
  });

  it('refuses a malformed or unknown slice with a usage error (exit 2)', async () => {
    const malformed = await run(main, CONVERSATIONS, '--where', 'language');
    expect([malformed.code, malformed.stderr]).toEqual([2, expect.stringMatching(/--where must be COLUMN=VALUE/)]);
    const unknown = await run(main, CONVERSATIONS, '--where', 'lang=French', '--bootstrap', '0');
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringMatching(/unknown column "lang"; slices can use .*language/)]);
  });

  it("leaves out models under --min-votes, as the page's toggle does", async () => {
    const all = await rank(CONVERSATIONS, '--where', 'language=French', '--min-votes', '0', '--bootstrap', '0');
    const r = await rank(CONVERSATIONS, '--where', 'language=French', '--min-votes', '300', '--bootstrap', '0');
    const few = all.records.filter((m) => m.votes < 300).map((m) => m.model);
    expect(few.length).toBeGreaterThan(0);
    expect(r.stderr).toContain(`${few.length} models under --min-votes left out`);
    expect(r.records.map((m) => m.model).sort()).toEqual(
      all.records
        .filter((m) => m.votes >= 300)
        .map((m) => m.model)
        .sort(),
    );
  });

  it('leaves out models under 50 votes of a filtered slice by default, lists them apart with their records, and says so in --json', async () => {
    const slice = ['--where', 'language=French', '--where', 'turn>=2', '--bootstrap', '40'];
    const all = JSON.parse((await run(main, CONVERSATIONS, ...slice, '--min-votes', '0', '--json')).stdout);
    const out = JSON.parse((await run(main, CONVERSATIONS, ...slice, '--json')).stdout);
    const thin = all.models.filter((m: BoardRecord) => m.votes > 0 && m.votes < 50);
    expect(thin.length).toBeGreaterThan(0);
    expect(out.min_votes).toBe(50);
    expect(out.provenance.quick_filters).toContain('models with ≥ 50 votes');
    expect(out.below_min_votes.map((d: { model: string }) => d.model).sort()).toEqual(thin.map((m: BoardRecord) => m.model).sort());
    for (const d of out.below_min_votes) {
      const before = all.models.find((m: BoardRecord) => m.model === d.model);
      expect([d.votes, d.wins, d.losses, d.ties]).toEqual([before.votes, before.wins, before.losses, before.ties]);
    }
    expect(out.models.every((m: BoardRecord) => m.votes === 0 || !thin.some((t: BoardRecord) => t.model === m.model))).toBe(true);
    expect(out).toMatchObject({ rounds_done: 40, provisional: false, bootstrap_prior_votes: 1 });
    expect(out.provenance).toMatchObject({ bootstrap_rounds: 40, rounds_done: 40, provisional: false });
    // The CSV loses no model: those under the minimum follow the board, flagged, with their records and no rating.
    const csvLines = (await run(main, CONVERSATIONS, ...slice, '--csv')).stdout.trim().split(/\r?\n/);
    const header = csvLines[0].split(',');
    const col = (name: string) => header.indexOf(name);
    const flagged = csvLines
      .slice(1)
      .map((l) => l.split(','))
      .filter((f) => f[col('flag')] === 'below minimum votes (50)');
    expect(flagged.map((f) => f[col('model')]).sort()).toEqual(thin.map((m: BoardRecord) => m.model).sort());
    for (const f of flagged) {
      const before = all.models.find((m: BoardRecord) => m.model === f[col('model')]);
      expect([f[col('rating')], f[col('rank')], Number(f[col('votes')]), Number(f[col('wins')])]).toEqual([
        '',
        '',
        before.votes,
        before.wins,
      ]);
    }
    // The whole file's board has no minimum unless asked for.
    const whole = JSON.parse((await run(main, CONVERSATIONS, '--bootstrap', '0', '--json')).stdout);
    expect(whole.min_votes).toBe(0);
    expect(whole.below_min_votes).toEqual([]);
  });
});
