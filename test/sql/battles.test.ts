import { afterAll, describe, expect, it } from 'vitest';
import { OUTCOMES } from '../../src/core/outcome.ts';
import { battlesSql } from '../../src/core/sql/battles.ts';
import type { ColumnMapping } from '../../src/core/schema/mapping.ts';
import { runStatements } from '../../src/core/sql/statement.ts';
import { recognise } from '../../src/core/sql/recognise.ts';
import { FIXTURES } from './fixtures.ts';
import { battleTuples, buildFromRaw, createShape, describeTable, openDb, rejectedReasons } from './helpers.ts';

const db = await openDb();
afterAll(() => db.close());

const LMSYS: ColumnMapping = {
  modelA: { kind: 'column', column: 'model_a' },
  modelB: { kind: 'column', column: 'model_b' },
  winner: { kind: 'column', column: 'winner', labels: { model_a: 'a', model_b: 'b', tie: 'tie' }, namesModel: false },
};

describe('battlesSql as text', () => {
  it('builds battles and rejected_rows from one parameterised row normalisation', () => {
    const columns = [
      { name: 'model_a', type: 'VARCHAR' },
      { name: 'model_b', type: 'VARCHAR' },
      { name: 'winner', type: 'VARCHAR' },
      { name: 'lang"x', type: 'VARCHAR' },
      { name: 'conv', type: 'VARCHAR' },
    ];
    const statements = battlesSql({ raw: 'my raw', columns, mapping: LMSYS, textColumns: ['conv'] });
    expect(statements.map((s) => s.sql).join(';\n')).toMatchInlineSnapshot(`
      "DROP TABLE IF EXISTS "battles";
      DROP TABLE IF EXISTS "rejected_rows";
      DROP TYPE IF EXISTS "model_name";
      DROP TYPE IF EXISTS "outcome_label";
      CREATE TYPE "outcome_label" AS ENUM ('a', 'b', 'tie', 'both_bad');
      CREATE OR REPLACE TEMP TABLE "battles_pair_counts" AS SELECT model_a, model_b, outcome_code AS outcome, sum(weight) AS n FROM (SELECT *, CASE WHEN model_a IS NULL OR model_b IS NULL THEN 'null model' WHEN model_a = model_b THEN 'model against itself' WHEN outcome_code IS NULL AND winner IS NULL THEN 'null winner' WHEN outcome_code IS NULL THEN 'unknown winner label "' || winner || '"' WHEN weight IS NULL OR NOT isfinite(weight) OR weight <= 0 THEN 'invalid weight' END AS reason FROM (SELECT *, CAST(CASE WHEN winner IN ($1) THEN 0 WHEN winner IN ($2) THEN 1 WHEN winner IN ($3) THEN 2 END AS UTINYINT) AS outcome_code FROM (SELECT rowid AS row_id, NULLIF(CAST("model_a" AS VARCHAR), '') AS model_a, NULLIF(CAST("model_b" AS VARCHAR), '') AS model_b, CAST("winner" AS VARCHAR) AS winner, CAST(1 AS DOUBLE) AS weight, false AS tie_flag, "lang""x" AS "lang""x" FROM "my raw"))) WHERE reason IS NULL GROUP BY ALL;
      CREATE TYPE "model_name" AS ENUM (SELECT model_a AS m FROM "battles_pair_counts" UNION SELECT model_b FROM "battles_pair_counts" ORDER BY m);
      CREATE TABLE "battles" AS SELECT row_id, CAST(model_a AS "model_name") AS model_a, CAST(model_b AS "model_name") AS model_b, CAST(CASE outcome_code WHEN 0 THEN 'a' WHEN 1 THEN 'b' WHEN 2 THEN 'tie' WHEN 3 THEN 'both_bad' END AS "outcome_label") AS outcome, weight, "lang""x" FROM (SELECT *, CASE WHEN model_a IS NULL OR model_b IS NULL THEN 'null model' WHEN model_a = model_b THEN 'model against itself' WHEN outcome_code IS NULL AND winner IS NULL THEN 'null winner' WHEN outcome_code IS NULL THEN 'unknown winner label "' || winner || '"' WHEN weight IS NULL OR NOT isfinite(weight) OR weight <= 0 THEN 'invalid weight' END AS reason FROM (SELECT *, CAST(CASE WHEN winner IN ($1) THEN 0 WHEN winner IN ($2) THEN 1 WHEN winner IN ($3) THEN 2 END AS UTINYINT) AS outcome_code FROM (SELECT rowid AS row_id, NULLIF(CAST("model_a" AS VARCHAR), '') AS model_a, NULLIF(CAST("model_b" AS VARCHAR), '') AS model_b, CAST("winner" AS VARCHAR) AS winner, CAST(1 AS DOUBLE) AS weight, false AS tie_flag, "lang""x" AS "lang""x" FROM "my raw"))) WHERE reason IS NULL;
      CREATE TABLE "rejected_rows" AS SELECT row_id, reason, model_a, model_b, winner, weight, "lang""x" FROM (SELECT *, CASE WHEN model_a IS NULL OR model_b IS NULL THEN 'null model' WHEN model_a = model_b THEN 'model against itself' WHEN outcome_code IS NULL AND winner IS NULL THEN 'null winner' WHEN outcome_code IS NULL THEN 'unknown winner label "' || winner || '"' WHEN weight IS NULL OR NOT isfinite(weight) OR weight <= 0 THEN 'invalid weight' END AS reason FROM (SELECT *, CAST(CASE WHEN winner IN ($1) THEN 0 WHEN winner IN ($2) THEN 1 WHEN winner IN ($3) THEN 2 END AS UTINYINT) AS outcome_code FROM (SELECT rowid AS row_id, NULLIF(CAST("model_a" AS VARCHAR), '') AS model_a, NULLIF(CAST("model_b" AS VARCHAR), '') AS model_b, CAST("winner" AS VARCHAR) AS winner, CAST(1 AS DOUBLE) AS weight, false AS tie_flag, "lang""x" AS "lang""x" FROM "my raw"))) WHERE reason IS NOT NULL;
      DROP TABLE "battles_pair_counts""
    `);
    expect(statements[8].params).toEqual(['model_a', 'model_b', 'tie']);
  });

  it('refuses a mapping that names a column the file does not have', () => {
    expect(() => battlesSql({ raw: 'raw', columns: [{ name: 'model_a', type: 'VARCHAR' }], mapping: LMSYS })).toThrow(
      'battles: mapped column "model_b" is not in the file; mapped column "winner" is not in the file',
    );
  });
});

describe('battles on DuckDB', () => {
  it('normalises lmsys conversations and rejects every unusable row with its reason', async () => {
    await FIXTURES['lmsys-conversations'](db);
    await buildFromRaw(db, 'raw');
    expect(await battleTuples(db)).toEqual([
      ['gpt-4', 'claude-v1', 'a', 1],
      ['claude-v1', 'gpt-4', 'b', 1],
      ['gpt-4', 'vicuna', 'tie', 1],
      ['vicuna', 'claude-v1', 'both_bad', 1],
      ['vicuna', 'gpt-4', 'a', 1],
    ]);
    expect(await rejectedReasons(db)).toEqual([
      [4, 'null model'],
      [5, 'model against itself'],
      [6, 'unknown winner label "left_win"'],
      [7, 'null winner'],
    ]);
  });

  it('stores models and outcomes as ENUMs and keeps slice columns but not long text (only its derived prompt length)', async () => {
    await FIXTURES['lmsys-conversations'](db);
    await buildFromRaw(db, 'raw');
    const types = Object.fromEntries((await describeTable(db, 'battles')).map((c) => [c.name, c.type]));
    expect(types.model_a).toBe("ENUM('claude-v1', 'gpt-4', 'vicuna')");
    expect(types.outcome).toBe("ENUM('a', 'b', 'tie', 'both_bad')");
    expect(types.weight).toBe('DOUBLE');
    expect(Object.keys(types)).toEqual([
      'row_id',
      'model_a',
      'model_b',
      'outcome',
      'weight',
      'question_id',
      'judge',
      'turn',
      'anony',
      'language',
      'tstamp',
      'openai_moderation',
      'toxic_chat_tag',
      'prompt_length',
    ]);
    const [r] = await db.query(
      `SELECT count(*) FILTER (WHERE ("toxic_chat_tag")."roberta-large"."flagged") AS toxic,
              count(*) FILTER (WHERE ("openai_moderation")."flagged") AS flagged FROM battles`,
    );
    expect(r).toEqual({ toxic: 1, flagged: 2 });
  });

  it('orders the outcome ENUM codes as OUTCOME_CODE', async () => {
    const [r] = await db.query('SELECT enum_range(NULL::outcome_label) AS o');
    expect(r.o).toEqual([...OUTCOMES]);
  });

  it('puts every raw row in exactly one of battles and rejected_rows', async () => {
    for (const [name, make] of Object.entries(FIXTURES)) {
      await make(db);
      await buildFromRaw(db, 'raw');
      const [r] = await db.query(
        `SELECT (SELECT count(*) FROM raw) AS raw, (SELECT count(*) FROM battles) + (SELECT count(*) FROM rejected_rows) AS split,
                (SELECT count(*) FROM (SELECT row_id FROM battles UNION SELECT row_id FROM rejected_rows)) AS ids`,
      );
      expect([name, r.split, r.ids]).toEqual([name, r.raw, r.raw]);
    }
  });

  it('reads comparIA winners by model name, with both_equal as a tie that wins over the name', async () => {
    await FIXTURES['comparia-votes'](db);
    await buildFromRaw(db, 'raw');
    expect(await battleTuples(db)).toEqual([
      ['mistral', 'llama', 'a', 1],
      ['mistral', 'llama', 'b', 1],
      ['llama', 'gemma', 'tie', 1],
      ['gemma', 'llama', 'b', 1],
      ['gemma', 'llama', 'tie', 1],
    ]);
    expect(await rejectedReasons(db)).toEqual([
      [3, 'unknown winner label "gpt-4"'],
      [4, 'null winner'],
    ]);
  });

  it('gives French-Maxx the constant sides optimal and rejected, and sets a row with no rejected answer aside', async () => {
    await FIXTURES['french-maxx'](db);
    await buildFromRaw(db, 'raw');
    expect(await battleTuples(db)).toEqual([
      ['optimal', 'rejected', 'a', 1],
      ['optimal', 'rejected', 'a', 1],
    ]);
    expect(await rejectedReasons(db)).toEqual([[2, 'no rejected answer']]);
    const cols = (await describeTable(db, 'battles')).map((c) => c.name);
    expect(cols).not.toContain('messages');
    expect(cols).toContain('pref_strength');
  });

  it('reads French-Maxx rejected_2 as a second pair when the user includes it, marked pair 2', async () => {
    await FIXTURES['french-maxx'](db);
    const d = await buildFromRaw(db, 'raw');
    const mapping = { ...d.mapping, extraPairs: d.optionalPairs.map((p) => ({ modelA: p.modelA, modelB: p.modelB })) };
    await buildFromRaw(db, 'raw', mapping);
    const rows = await db.query('SELECT row_id, model_a, model_b, outcome, pair FROM battles ORDER BY pair, row_id');
    expect(rows.map((r) => [r.row_id, r.model_a, r.model_b, r.outcome, r.pair])).toEqual([
      [0, 'optimal', 'rejected', 'a', 1],
      [1, 'optimal', 'rejected', 'a', 1],
      [1, 'optimal', 'rejected_2', 'a', 2],
    ]);
    expect(await rejectedReasons(db)).toEqual([[2, 'no rejected answer']]);
  });

  it('opens GenRM without model names: response 1 against response 2 by the majority vote, anything else set aside', async () => {
    await FIXTURES.genrm(db);
    await buildFromRaw(db, 'raw');
    expect(await battleTuples(db)).toEqual([
      ['response 1', 'response 2', 'a', 1],
      ['response 1', 'response 2', 'b', 1],
      ['response 1', 'response 2', 'tie', 1],
    ]);
    expect(await rejectedReasons(db)).toEqual([[3, 'unknown winner label "invalid"']]);
  });

  it('reads the 55k one-hot winner and sets aside rows with no flag or two flags', async () => {
    await FIXTURES['lmarena-55k'](db);
    await buildFromRaw(db, 'raw');
    expect(await battleTuples(db)).toEqual([
      ['gpt-4', 'claude-2', 'a', 1],
      ['gpt-4', 'claude-2', 'b', 1],
      ['claude-2', 'llama-2', 'tie', 1],
    ]);
    expect(await rejectedReasons(db)).toEqual([
      [3, 'not exactly one winner column set'],
      [4, 'not exactly one winner column set'],
    ]);
    const [r] = await db.query('SELECT winner FROM rejected_rows WHERE row_id = 4');
    expect(r.winner).toBe('winner_model_a=1 / winner_model_b=1 / winner_tie=0');
  });

  it('decodes LMArena 100k JSON strings into structs, derives its categories and leaves undecodable text empty', async () => {
    await FIXTURES['lmarena-100k'](db);
    await buildFromRaw(db, 'raw');
    const types = Object.fromEntries((await describeTable(db, 'battles')).map((c) => [c.name, c.type]));
    expect(types.dedup_tag).toBe('STRUCT(high_freq BOOLEAN, sampled BOOLEAN)');
    expect(types.conv_metadata).toMatch(
      /^STRUCT\(sum_assistant_a_tokens BIGINT, sum_assistant_b_tokens BIGINT, header_count_a STRUCT\(h1 BIGINT, h2 BIGINT\)/,
    );
    const rows = await db.query(
      `SELECT row_id, (dedup_tag).sampled AS sampled, (conv_metadata).bold_count_a."**" AS bold, hard_prompts, math, instruction_following, creative_writing
       FROM battles ORDER BY row_id`,
    );
    expect(rows).toEqual([
      { row_id: 0, sampled: true, bold: 2, hard_prompts: true, math: true, instruction_following: false, creative_writing: false },
      { row_id: 1, sampled: false, bold: 0, hard_prompts: false, math: false, instruction_following: true, creative_writing: true },
      { row_id: 2, sampled: null, bold: null, hard_prompts: null, math: null, instruction_following: null, creative_writing: null },
      { row_id: 3, sampled: null, bold: null, hard_prompts: null, math: null, instruction_following: null, creative_writing: null },
      { row_id: 4, sampled: null, bold: null, hard_prompts: null, math: null, instruction_following: null, creative_writing: null },
    ]);
    const { undecoded } = await recognise(db, 'raw');
    expect(undecoded).toEqual({ conv_metadata: 1 });
  });

  it('splits a combined pair key and takes the majority of several verdict columns (PandaLM)', async () => {
    await db.exec('DROP TABLE IF EXISTS raw');
    await db.exec(`CREATE TABLE raw AS SELECT * FROM (VALUES
      ('llama-7b_bloom-7b', '1', '1', '2'), ('llama-7b_opt_7b', '2', '0', '2'), ('cerebras-gpt-6.7b_pythia-6.9b', '0', '0', '1'),
      ('llama-7b_bloom-7b', 'x', NULL, 'y'), ('nosep', '1', '1', '1')) t(cmp_key, annotator1, annotator2, annotator3)`);
    const columns = await describeTable(db, 'raw');
    const mapping: ColumnMapping = {
      modelA: { kind: 'split', column: 'cmp_key', separator: '_', part: 0, at: 'first' },
      modelB: { kind: 'split', column: 'cmp_key', separator: '_', part: 1, at: 'first' },
      winner: { kind: 'votes', columns: ['annotator1', 'annotator2', 'annotator3'], labels: { '1': 'a', '2': 'b', '0': 'tie' } },
    };
    await runStatements(db, battlesSql({ raw: 'raw', columns, mapping }));
    expect(await battleTuples(db)).toEqual([
      ['llama-7b', 'bloom-7b', 'a', 1],
      ['llama-7b', 'opt_7b', 'b', 1],
      ['cerebras-gpt-6.7b', 'pythia-6.9b', 'tie', 1],
    ]);
    expect(await rejectedReasons(db)).toEqual([
      [3, 'no valid verdict'],
      [4, 'null model'],
    ]);
    const last = { ...mapping, modelA: { ...mapping.modelA, at: 'last' }, modelB: { ...mapping.modelB, at: 'last' } } as ColumnMapping;
    await runStatements(db, battlesSql({ raw: 'raw', columns, mapping: last }));
    expect((await battleTuples(db))[1]).toEqual(['llama-7b_opt', '7b', 'b', 1]);
  });

  it('compares VERDICTS winners with the row own model names', async () => {
    await FIXTURES.verdicts(db);
    await buildFromRaw(db, 'raw');
    expect(await battleTuples(db)).toEqual([
      ['m1', 'm2', 'a', 1],
      ['m1', 'm2', 'b', 1],
      ['m2', 'm1', 'tie', 1],
    ]);
    expect(await rejectedReasons(db)).toEqual([[3, 'unknown winner label "m1"']]);
  });

  it('weights pre-aggregated rows by their count and rejects zero, missing and negative counts', async () => {
    await FIXTURES['pair-counts'](db);
    await buildFromRaw(db, 'raw');
    expect(await battleTuples(db)).toEqual([
      ['a', 'b', 'a', 10],
      ['b', 'a', 'b', 5],
      ['a', 'c', 'tie', 2],
      ['a', 'c', 'both_bad', 1],
    ]);
    expect(await rejectedReasons(db)).toEqual([
      [4, 'invalid weight'],
      [5, 'invalid weight'],
      [6, 'invalid weight'],
    ]);
  });

  it('builds again over an earlier build, replacing the table and the model type', async () => {
    await FIXTURES.verdicts(db);
    await buildFromRaw(db, 'raw');
    await FIXTURES.comparag(db);
    await buildFromRaw(db, 'raw');
    expect(await battleTuples(db)).toEqual([
      ['t1', 't2', 'a', 1],
      ['t2', 't3', 'b', 1],
      ['t1', 't3', 'tie', 1],
    ]);
    const [r] = await db.query('SELECT enum_range(NULL::model_name) AS m');
    expect(r.m).toEqual(['t1', 't2', 't3']);
  });

  it('keeps a file column that clashes with a canonical name under raw_<name>', async () => {
    const columns = await createShape(
      db,
      'raw',
      [
        { name: 'left', type: 'VARCHAR' },
        { name: 'right', type: 'VARCHAR' },
        { name: 'preference', type: 'VARCHAR' },
        { name: 'outcome', type: 'VARCHAR' },
      ],
      ['left', 'right', 'preference', 'outcome'],
      [`('x', 'y', 'left', 'kept')`],
    );
    const mapping: ColumnMapping = {
      modelA: { kind: 'column', column: 'left' },
      modelB: { kind: 'column', column: 'right' },
      winner: { kind: 'column', column: 'preference', labels: { left: 'a' }, namesModel: false },
    };
    await runStatements(db, battlesSql({ raw: 'raw', columns, mapping }));
    expect(await db.query('SELECT outcome, raw_outcome FROM battles')).toEqual([{ outcome: 'a', raw_outcome: 'kept' }]);
  });

  it('treats a hostile label or constant name as data', async () => {
    const columns = await createShape(db, 'raw', [{ name: 'w', type: 'VARCHAR' }], ['w'], [`('x''); DROP TABLE raw; --')`, `('ok')`]);
    const mapping: ColumnMapping = {
      modelA: { kind: 'constant', name: "a'); DROP TABLE raw; --" },
      modelB: { kind: 'constant', name: 'b"' },
      winner: { kind: 'column', column: 'w', labels: { "x'); DROP TABLE raw; --": 'b' }, namesModel: false },
    };
    await runStatements(db, battlesSql({ raw: 'raw', columns, mapping }));
    expect(await battleTuples(db)).toEqual([["a'); DROP TABLE raw; --", 'b"', 'b', 1]]);
    expect(await rejectedReasons(db)).toEqual([[1, 'unknown winner label "ok"']]);
  });
});
