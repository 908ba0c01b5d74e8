import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { recognise } from '../../src/core/sql/recognise.ts';
import { possibleOutcomes } from '../../src/core/schema/mapping.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

/** Each shipped sample through the page's load path (recognise, battles), as a user's file of that shape. */
const samples = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8')).samples as Record<
  string,
  {
    preset: string;
    votes: number;
    models: number;
    rejected: Record<string, number>;
    model_names: string[];
    planted: Record<string, never>;
  }
>;
const db = await openDb();
afterAll(() => db.close());

async function open(file: string) {
  await db.exec('DROP TABLE IF EXISTS raw');
  const path = resolve('static-data', file).replaceAll("'", "''");
  await db.exec(`CREATE TABLE raw AS SELECT * FROM ${file.endsWith('.csv') ? 'read_csv' : 'read_parquet'}('${path}')`);
  return buildFromRaw(db, 'raw');
}

const one = async (sql: string) => Object.values((await db.query(sql))[0]!)[0];

describe('every sample opens on its preset with its figures', () => {
  it.each(Object.keys(samples))('%s', async (file) => {
    const e = samples[file]!;
    const d = await open(file);
    expect(d.preset.id).toBe(e.preset);
    // only the planted unknown label, and (where the winner names the model) model names, are left unmapped
    expect(d.unmappedWinnerValues.filter((v) => v !== e.planted.unknown_winner_label && !e.model_names.includes(v))).toEqual([]);
    expect(await one('SELECT sum(weight) FROM battles')).toBe(e.votes);
    expect(await one('SELECT count(*) FROM (SELECT model_a FROM battles UNION SELECT model_b FROM battles)')).toBe(e.models);
    const reasons = Object.fromEntries(
      (await db.query('SELECT reason, count(*) AS n FROM rejected_rows GROUP BY 1')).map((r) => [r.reason, r.n]),
    );
    expect(reasons).toEqual(e.rejected);
  });
});

describe('the outcomes a sample can give, as the summary shows them', () => {
  const expected: Record<string, string[]> = {
    'arena-conversations.parquet': ['a', 'b', 'both_bad', 'tie'],
    'chatbot-arena-20240814-counts.parquet': ['a', 'b', 'both_bad', 'tie'],
    'lmarena-140k.parquet': ['a', 'b', 'both_bad', 'tie'],
    'lmarena-55k.csv': ['a', 'b', 'tie'],
    'comparia-votes.parquet': ['a', 'b', 'tie'],
    'genrm-judges.parquet': ['a', 'b', 'tie'],
    'french-maxx.parquet': ['a'],
  };
  it.each(Object.keys(samples))('%s: every outcome its battles hold, and no "both bad" where the shape has none', async (file) => {
    const possible = possibleOutcomes((await open(file)).mapping);
    const held = (await db.query('SELECT DISTINCT CAST(outcome AS VARCHAR) AS o FROM battles')).map((r) => String(r.o));
    for (const o of held) expect(possible, o).toContain(o);
    if (expected[file]) expect([...possible].sort()).toEqual(expected[file]);
  });
});

describe('the shapes that needed the new core', () => {
  it('lmarena-100k: the JSON strings come out as structs and the LMArena categories are derived as planted', async () => {
    await open('lmarena-100k.parquet');
    const { decode } = await recognise(db, 'raw');
    expect(Object.keys(decode).sort()).toEqual(['category_tag', 'conv_metadata', 'dedup_tag']);
    for (const type of Object.values(decode)) expect(type).toMatch(/^STRUCT\(/);
    const battles = Object.fromEntries((await describeTable(db, 'battles')).map((c) => [c.name, c.type]));
    for (const c of ['conv_metadata', 'dedup_tag', 'category_tag']) expect(battles[c], c).toMatch(/^STRUCT\(/);
    expect(battles.conv_metadata).toContain('header_count_a STRUCT(h1 BIGINT');
    for (const c of ['hard_prompts', 'math', 'instruction_following', 'creative_writing']) expect(battles[c], c).toBe('BOOLEAN');
    const counts = (
      await db.query(`SELECT count(*) FILTER (WHERE hard_prompts) AS hard_prompts, count(*) FILTER (WHERE math) AS math,
      count(*) FILTER (WHERE instruction_following) AS instruction_following, count(*) FILTER (WHERE creative_writing) AS creative_writing,
      count(*) FILTER (WHERE is_code) AS coding FROM battles`)
    )[0];
    expect(counts).toEqual(samples['lmarena-100k.parquet']!.planted.categories);
    expect(await one('SELECT count(*) FROM battles WHERE dedup_tag.sampled')).toBe(
      (samples['lmarena-100k.parquet']!.planted.dedup as { sampled_votes: number }).sampled_votes,
    );
    expect(await one(`SELECT count(*) FROM battles WHERE model_a = '<b>bold-model</b>' OR model_b = '<b>bold-model</b>'`)).toBeGreaterThan(
      0,
    );
  });

  it('lmarena-140k: the structs are kept and the categories derived', async () => {
    await open('lmarena-140k.parquet');
    const battles = Object.fromEntries((await describeTable(db, 'battles')).map((c) => [c.name, c.type]));
    for (const c of ['hard_prompts', 'math', 'instruction_following', 'creative_writing']) expect(battles[c], c).toBe('BOOLEAN');
    const [hard] = await db.query('SELECT count(*) FILTER (WHERE hard_prompts) AS n FROM battles');
    expect(hard!.n).toBe((samples['lmarena-140k.parquet']!.planted.categories as { hard_prompts: number }).hard_prompts);
    expect(await one(`SELECT count(*) FROM battles WHERE outcome = 'both_bad'`)).toBe(
      (samples['lmarena-140k.parquet'] as unknown as { outcomes: { both_bad: number } }).outcomes.both_bad,
    );
  });

  it('lmarena-55k: the one-hot winner is read, rows with no flag or two flags are set aside', async () => {
    const d = await open('lmarena-55k.csv');
    expect(d.mapping.winner).toEqual({ kind: 'one-hot', columns: { a: 'winner_model_a', b: 'winner_model_b', tie: 'winner_tie' } });
    const ids = (await db.query('SELECT r.id FROM rejected_rows j JOIN raw r ON r.rowid = j.row_id ORDER BY r.id')).map((r) =>
      Number(r.id),
    );
    expect(ids).toEqual(samples['lmarena-55k.csv']!.planted.not_one_hot_ids);
  });

  it('genrm: opens with the two positions as sides and the majority as the outcome', async () => {
    const d = await open('genrm-judges.parquet');
    expect(d.preset.landing).toBe('judges');
    expect(samples['genrm-judges.parquet']!.model_names).toEqual(['response 1', 'response 2']);
    expect(await one(`SELECT count(*) FROM battles WHERE model_a <> 'response 1' OR model_b <> 'response 2'`)).toBe(0);
  });

  it('french-maxx: rows without a rejected answer are set aside; the second pairs are offered, not counted', async () => {
    const d = await open('french-maxx.parquet');
    expect(d.preset.landing).toBe('defects');
    expect(d.optionalPairs.map((p) => p.label)).toEqual(['second rejected answers (optimal vs rejected_2)']);
    const planted = samples['french-maxx.parquet']!.planted as unknown as { votes_with_rejected_2: number };
    const { columns, decode } = await recognise(db, 'raw');
    const { battlesSql } = await import('../../src/core/sql/battles.ts');
    const { runStatements } = await import('../../src/core/sql/statement.ts');
    const mapping = { ...d.mapping, extraPairs: d.optionalPairs.map((p) => ({ modelA: p.modelA, modelB: p.modelB })) };
    await runStatements(db, battlesSql({ raw: 'raw', columns, mapping, textColumns: d.textColumns, decode }));
    expect(await one('SELECT sum(weight) FROM battles')).toBe(planted.votes_with_rejected_2);
  });
});
