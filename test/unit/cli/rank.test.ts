import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createNodeConnector } from '../../../src/cli/node-connector.ts';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { main } from '../../../src/cli/rank.ts';
import { readArenaExpected } from '../../fixtures/paths.ts';
import { ARENA_COUNTS, ROOT, STATIC, byModel, run, tempDir, write, type BoardRecord } from './helpers.ts';

const expected = readArenaExpected();
const samples = JSON.parse(readFileSync(join(STATIC, 'expected.json'), 'utf8')).samples as {
  [file: string]: { votes: number; models: number; model_names: string[] };
};
const dir = tempDir();

async function rank(...argv: string[]): Promise<BoardRecord[]> {
  const r = await run(main, ...argv);
  expect(r.stderr).not.toMatch(/^rank:/m);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout).models;
}

function expectRatings(records: BoardRecord[], reference: { [model: string]: number }) {
  expect(records).toHaveLength(Object.keys(reference).length);
  for (const r of records) expect(Math.abs(r.rating! - reference[r.model]), r.model).toBeLessThan(0.05);
}

describe('rank on the published Chatbot Arena counts', () => {
  it('matches the reference ratings with mean 1000 to within 0.05 points', async () => {
    expectRatings(await rank(ARENA_COUNTS, '--json', '--bootstrap', '0'), expected.mean_1000);
  });

  it('matches the reference ratings with mixtral pinned at 1114', async () => {
    const records = await rank(ARENA_COUNTS, '--json', '--bootstrap', '0', '--anchor', 'mixtral-8x7b-instruct-v0.1=1114');
    expectRatings(records, expected.anchored_mixtral_8x7b_instruct_v0_1_at_1114);
  });
});

describe('rank on the shipped samples', () => {
  it.each([
    'arena-conversations.parquet',
    'lmarena-100k.parquet',
    'lmarena-140k.parquet',
    'lmarena-55k.csv',
    'comparia-votes.parquet',
    'verdicts.parquet',
    'pair-counts.csv',
  ])('%s: every model with its votes, rated, with intervals around the rating', async (name) => {
    const records = await rank(join(STATIC, name), '--json', '--bootstrap', '50');
    const votes = records.reduce((s, r) => s + r.votes, 0) / 2; // each vote counts for both models
    expect([records.length, votes]).toEqual([samples[name].models, samples[name].votes]);
    expect(records.map((r) => r.model).sort()).toEqual([...samples[name].model_names].sort());
    for (const r of records) expect(r.lower! <= r.rating! && r.rating! <= r.upper!, r.model).toBe(true);
  });

  it('warns about rejected rows by reason and disconnected groups on stderr', async () => {
    const battles = await run(main, join(STATIC, 'lmarena-100k.parquet'), '--bootstrap', '0');
    expect(battles.stderr).toMatch(/warning: 9 rows rejected: 4 unknown winner label "left_win", 3 null model, 2 model against itself/);
    const oneHot = await run(main, join(STATIC, 'lmarena-55k.csv'), '--bootstrap', '0');
    expect(oneHot.stderr).toMatch(/warning: 3 rows rejected: 3 not exactly one winner column set/);
    const counts = await run(main, join(STATIC, 'pair-counts.csv'), '--bootstrap', '0');
    expect(counts.stderr).toMatch(/warning: the comparison graph falls into 2 groups \(8, 4 models\)/);
  });

  it('says when no model can be rated instead of printing infinities', async () => {
    const r = await run(main, join(STATIC, 'french-maxx.parquet'), '--bootstrap', '0');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: 2 models have no finite rating/);
    expect(r.stdout).toMatch(/optimal .*unrated: never-lost/);
    expect(r.stdout).not.toMatch(/Infinity|NaN/);
  });

  it('prints an aligned text table by default and the export columns with --csv', async () => {
    const text = (await run(main, join(STATIC, 'comparag-votes.parquet'), '--bootstrap', '20')).stdout.split('\n');
    expect(text[0]).toMatch(/^rank +model +rating +95% CI +rank range +tier +votes +group/);
    expect(
      new Set(
        text
          .filter(Boolean)
          .map((l) => l.indexOf(' ['))
          .slice(1),
      ).size,
    ).toBe(1);
    const csv = (await run(main, join(STATIC, 'comparag-votes.parquet'), '--bootstrap', '0', '--csv')).stdout;
    expect(csv.split('\r\n')[0]).toBe(
      'rank,model,rating,lower,upper,votes,wins,losses,ties,group,win_rate,rank_lower,rank_upper,flag,tier,' +
        'bootstrap_lower,bootstrap_upper,sandwich_lower,sandwich_upper,sandwich_se,rank_overall,rank_change,rank_change_lower,rank_change_upper,' +
        'source_file,source_fingerprint,slice,quick_filters,anchor,ties_model,interval_method,bootstrap_rounds,rounds_done,provisional,seed,vote_weighting',
    );
  });

  it('is reproducible for a seed and honours --ties davidson', async () => {
    const file = join(STATIC, 'comparag-votes.parquet');
    const a = await rank(file, '--json', '--bootstrap', '100', '--seed', '7');
    expect(await rank(file, '--json', '--bootstrap', '100', '--seed', '7')).toEqual(a);
    const davidson = await rank(file, '--json', '--bootstrap', '0', '--ties', 'davidson');
    expect(davidson.map((r) => r.rating)).not.toEqual(a.map((r) => r.rating));
  });
});

describe('rank’s statistics for a reader', () => {
  it('prints rank ranges, tiers, sandwich intervals, pairwise confidence, the signal count and provenance in --json', async () => {
    const r = await run(main, ARENA_COUNTS, '--json', '--bootstrap', '100', '--seed', '3');
    const out = JSON.parse(r.stdout);
    expect(out.format).toBe('arena-lens-leaderboard/2');
    expect(out.provenance).toMatchObject({
      source_file: 'chatbot-arena-20240814-counts.parquet',
      slice: 'all votes',
      quick_filters: [],
      anchor: null,
      ties_model: 'half',
      interval_method: 'bootstrap',
      bootstrap_rounds: 100,
      seed: 3,
    });
    expect(out.provenance.source_fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(out.signal.adjacent_pairs).toBe(128);
    const top = out.models[0];
    expect(top).toMatchObject({ model: 'chatgpt-4o-latest', rank_lower: 1, tier: 1 });
    expect(top.sandwich_lower).toBeLessThan(top.rating);
    expect(top.lower).toBe(top.bootstrap_lower);
    const { models, above } = out.pairwise;
    const i = models.indexOf('chatgpt-4o-latest'),
      j = models.indexOf('gpt-4o-2024-05-13');
    expect(above[i][j]).toBe(1);
    expect(above[j][i]).toBe(0);
    expect(r.stderr).toMatch(/signal: \d+ of 128 adjacent pairs have non-overlapping 95% intervals/);
  });

  it('shows and ranks by sandwich intervals with --intervals sandwich, and the text table has rank range and tier', async () => {
    const out = JSON.parse((await run(main, ARENA_COUNTS, '--json', '--bootstrap', '0', '--intervals', 'sandwich')).stdout);
    expect(out.interval_method).toBe('sandwich');
    expect(out.models.every((m: BoardRecord & { sandwich_lower: number }) => m.lower === m.sandwich_lower)).toBe(true);
    expect(out.models[0].tier).toBe(1);
    const text = (await run(main, join(STATIC, 'comparag-votes.parquet'), '--bootstrap', '50')).stdout.split('\n');
    expect(text[0]).toMatch(/^rank +model +rating +95% CI +rank range +tier +votes/);
    expect(text[1]).toMatch(/ \d+–\d+ +\d+ /);
  });
});

describe('rank --style-control', () => {
  it('fits LMArena’s style control on conv_metadata and prints coefficients with intervals', async () => {
    const db = await (await import('../../../src/cli/node-connector.ts')).createNodeConnector();
    const path = join(dir, 'meta.parquet');
    const meta = (ta: string, tb: string, ha: string, hb: string) =>
      `{'sum_assistant_a_tokens': ${ta}, 'sum_assistant_b_tokens': ${tb}, 'header_count_a': {'h1': ${ha}, 'h2': 0}, 'header_count_b': {'h1': ${hb}, 'h2': 0}, ` +
      `'list_count_a': {'ordered': 1, 'unordered': ${ha}}, 'list_count_b': {'ordered': 0, 'unordered': ${hb}}, 'bold_count_a': {'**': ${hb}, '__': 0}, 'bold_count_b': {'**': 1, '__': 0}}`;
    // 3000 votes among four models; answers longer on side a win more often.
    await db.exec(`COPY (SELECT 'id' || i AS id, ['m1','m2','m3','m4'][1 + i % 4] AS model_a, ['m2','m3','m4','m1'][1 + (i // 4) % 4] AS model_b,
      CASE WHEN hash(i) % 10 < 6 THEN 'model_a' WHEN hash(i) % 10 < 9 THEN 'model_b' ELSE 'tie' END AS winner,
      ${meta('100 + hash(i) % 400', '100 + hash(i + 7) % 300', 'i % 3', '(i // 3) % 2')} AS conv_metadata
      FROM range(3000) t(i) WHERE ['m1','m2','m3','m4'][1 + i % 4] <> ['m2','m3','m4','m1'][1 + (i // 4) % 4]) TO '${path}' (FORMAT parquet)`);
    db.close();
    const r = await run(main, path, '--style-control', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ format: 'arena-lens-style-control/1', features: 'conv_metadata', penalty: 0.5, anchor: null });
    expect(out.coefficients.map((c: { feature: string }) => c.feature)).toEqual(['tokens', 'headers', 'lists', 'bold']);
    for (const c of out.coefficients) expect(c.elo_lower).toBeLessThan(c.elo_upper);
    expect(out.models).toHaveLength(4);
    expect(out.models.reduce((s: number, m: { rating: number }) => s + m.rating, 0) / 4).toBeCloseTo(1000, 2);
    const text = await run(main, path, '--style-control');
    expect(text.stdout).toMatch(/style coefficients \(LMArena's conv_metadata\):\n {2}tokens: /);
  });

  it('falls back to features measured from the answer texts, and says so', async () => {
    const out = JSON.parse((await run(main, join(STATIC, 'arena-conversations.parquet'), '--style-control', '--json')).stdout);
    expect(out.features).toBe('text');
    expect(out.coefficients.map((c: { feature: string }) => c.feature)).toEqual(['length', 'headers', 'lists', 'bold']);
    expect(out.models.length).toBe(samples['arena-conversations.parquet'].models);
  });
});

describe('rank on bad input', () => {
  it('counts malformed CSV lines and ranks the rest', async () => {
    const path = write(dir, 'bad.csv', 'model_a,model_b,winner\nx,y,model_a\nx,y,model_b,oops\ny,x,model_b\ny,x,tie\nx,y,model_a\n');
    const r = await run(main, path, '--bootstrap', '0', '--json');
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: 1 malformed line skipped in .*bad\.csv: line 3 \(Expected Number of Columns: 3 Found: 4\)/);
    expect(byModel(JSON.parse(r.stdout).models).get('x')!.votes).toBe(4);
  });

  it('exits 1 naming the file when it is missing or of no known shape', async () => {
    const missing = await run(main, join(dir, 'missing.parquet'));
    expect([missing.code, missing.stderr]).toEqual([1, `rank: ${join(dir, 'missing.parquet')}: no such file\n`]);
    const shapeless = await run(main, write(dir, 'shapeless.csv', 'a,b\n1,2\n'));
    expect(shapeless.code).toBe(1);
    expect(shapeless.stderr).toMatch(/shapeless\.csv: no known shape fits: expected two model columns/);
  });

  it.each([
    [[], /FILE is missing/],
    [['a', 'b'], /expected one FILE, got 2/],
    [['f', '--bootstrap', 'lots'], /--bootstrap must be an integer from 0 to 1000000, got "lots"/],
    [['f', '--bootstrap=-1'], /--bootstrap must be an integer/],
    [['f', '--seed', '1.5'], /--seed must be an integer/],
    [['f', '--ties', 'third'], /--ties must be one of half, davidson, got "third"/],
    [['f', '--anchor', 'gpt'], /--anchor must be MODEL=RATING/],
    [['f', '--anchor', 'gpt=high'], /--anchor must be MODEL=RATING/],
    [['f', '--json', '--csv'], /--json and --csv cannot be used together/],
    [['f', '--frobnicate'], /unknown option --frobnicate/],
    [['f', '--seed'], /--seed needs a value/],
  ])('exits 2 on %j with a message naming the option', async (argv, message) => {
    const r = await run(main, ...argv);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
    expect(r.stdout).toBe('');
  });

  it('exits 1 naming the file when a parquet page is damaged (read only while counting)', async () => {
    const path = join(dir, 'damaged.parquet');
    const db = await createNodeConnector();
    try {
      await db.query(
        `COPY (SELECT 'm' || (i % 7) AS model_a, 'm' || (i % 5) AS model_b, ['model_a', 'model_b', 'tie'][1 + i % 3] AS winner
          FROM range(200000) r(i)) TO $1 (FORMAT parquet, COMPRESSION zstd)`,
        [path],
      );
    } finally {
      db.close();
    }
    const bytes = readFileSync(path);
    // Only the column data: the footer stays readable, so the file opens and fails while read.
    bytes.fill(0x5a, 4, bytes.length - bytes.readUInt32LE(bytes.length - 8) - 8);
    writeFileSync(path, bytes);
    const r = await run(main, path, '--bootstrap', '0');
    expect([r.code, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toMatch(/^rank: \/.*\/damaged\.parquet: could not read it as PARQUET: /);
  });

  it('exits 2 when the anchor model is not in the file', async () => {
    const r = await run(main, join(STATIC, 'comparag-votes.parquet'), '--anchor', 'nobody=1000');
    expect([r.code, r.stderr.split('\n')[0]]).toEqual([
      2,
      `rank: --anchor: model "nobody" is not among the 8 models of ${join(STATIC, 'comparag-votes.parquet')}`,
    ]);
  });
});

describe('rank as a real process', () => {
  const exec = promisify(execFile);
  // The entry users run (npm run rank): the compiled command, rebuilt first if a source changed.
  const launcher = join(ROOT, 'src/cli/bin/launch.mjs');

  it('prints JSON records and exits 0, or exits 2 on a bad option', async () => {
    const { stdout } = await exec(process.execPath, [launcher, 'rank', join(STATIC, 'verdicts.parquet'), '--json', '--bootstrap', '10'], {
      cwd: ROOT,
    });
    const records = JSON.parse(stdout).models as BoardRecord[];
    expect(records[0]).toMatchObject({ rank: 1, group: 0 });
    expect(Object.keys(records[0])).toEqual(expect.arrayContaining(['model', 'rating', 'lower', 'upper', 'rank', 'votes', 'group']));
    const bad = await exec(process.execPath, [launcher, 'rank', 'x', '--ties', 'no'], { cwd: ROOT }).catch((e) => e);
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringMatching(/--ties must be one of/)]);
  });
});
