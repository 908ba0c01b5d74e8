/**
 * rank's own parquet reader (cli/lib/parquet-count.ts) against DuckDB's path, the reference: on the
 * same files the whole output (stdout and stderr: the board, the rows/votes/models line, rejected
 * rows, the provenance and its fingerprint) must be the same bytes, whichever path read the file.
 * Files the reader cannot read exactly (a codec it lacks, plain-stored model names) go to DuckDB.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createNodeConnector, type NodeConnector } from '../../../src/cli/node-connector.ts';
import { DUCKDB_ONLY, main } from '../../../src/cli/rank.ts';
import { countParquetFile } from '../../../src/cli/lib/parquet-count.ts';
import { footerLength, readFooter, TAIL_BYTES } from '../../../src/core/parquet/footer.ts';
import { readFileSync, writeFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { parseDuckType } from '../../../src/core/schema/duckdb-type.ts';
import { ARENA_COUNTS, ROOT, STATIC, run, tempDir } from './helpers.ts';

const dir = tempDir();
let db: NodeConnector;

/** Rank twice, by the reader here and by DuckDB alone; both runs' exit code, stdout and stderr. */
async function bothPaths(...argv: string[]) {
  delete process.env[DUCKDB_ONLY];
  const own = await run(main, ...argv);
  process.env[DUCKDB_ONLY] = '1';
  try {
    return { own, duckdb: await run(main, ...argv) };
  } finally {
    delete process.env[DUCKDB_ONLY];
  }
}

/** `code`: the exit code both paths give; null: whichever DuckDB's path gives (then the command's own path was not taken). */
async function expectSameOutput(file: string, code: number | null = 0, argv: string[] = []) {
  for (const options of [
    ['--bootstrap', '0', '--json'],
    ['--bootstrap', '0'],
    ['--bootstrap', '30', '--csv', '--seed', '3'],
  ]) {
    const { own, duckdb } = await bothPaths(file, ...options, ...argv);
    expect([own.code, duckdb.code], own.stderr).toEqual([code ?? duckdb.code, code ?? duckdb.code]);
    expect(own.stdout).toBe(duckdb.stdout);
    expect(own.stderr).toBe(duckdb.stderr);
  }
}

/** Writes `select` to a parquet file with DuckDB's writer and these COPY options. */
async function writeParquet(name: string, select: string, options = ''): Promise<string> {
  const path = join(dir, name);
  await db.query(`COPY (${select}) TO '${path}' (FORMAT parquet${options ? `, ${options}` : ''})`);
  return path;
}

/** Votes over eight models with every kind of bad row: null models, a model against itself, unknown and null verdicts. */
const BAD_ROWS = `
  SELECT CASE WHEN i % 97 = 0 THEN NULL ELSE 'model-' || (i % 8) END AS model_a,
         CASE WHEN i % 89 = 0 THEN 'model-' || (i % 8) ELSE 'model-' || ((i * 3 + 1) % 8) END AS model_b,
         CASE WHEN i % 83 = 0 THEN 'left_win' WHEN i % 79 = 0 THEN NULL
              ELSE ['model_a', 'model_b', 'tie', 'tie (bothbad)'][1 + (i * 7) % 4] END AS winner,
         i % 5 AS turn, i % 3 = 0 AS anony
  FROM range(20000) t(i)`;

beforeAll(async () => {
  db = await createNodeConnector();
});
afterAll(() => db.close());

describe("rank's own parquet reader gives DuckDB's output byte for byte", () => {
  it.each([
    'arena-conversations.parquet',
    'comparag-votes.parquet',
    'genrm-judges.parquet',
    'lmarena-100k.parquet',
    'lmarena-140k.parquet',
    'verdicts.parquet',
  ])('the shipped sample %s (read here)', async (name) => {
    const file = join(STATIC, name);
    expect(await countParquetFile(file)).not.toBeNull();
    await expectSameOutput(file);
  });

  it('a file with bad rows: the same rows rejected, by reason, and the same summary line', async () => {
    const file = await writeParquet('bad-rows.parquet', BAD_ROWS, 'ROW_GROUP_SIZE 4096');
    const counted = await countParquetFile(file);
    expect(counted?.tallied.rejectedRows).toBeGreaterThan(0);
    await expectSameOutput(file);
    const { own } = await bothPaths(file, '--bootstrap', '0');
    expect(own.stderr).toMatch(/warning: \d+ rows rejected: .*unknown winner label "left_win"/);
  });

  it.each(['snappy', 'zstd', 'uncompressed'])('a %s file of many row groups', async (codec) => {
    const file = await writeParquet(`votes-${codec}.parquet`, BAD_ROWS, `COMPRESSION ${codec}, ROW_GROUP_SIZE 2048`);
    expect(await countParquetFile(file)).not.toBeNull();
    await expectSameOutput(file);
  });

  it('the published counts: a weight column summed', async () => {
    expect(await countParquetFile(ARENA_COUNTS)).not.toBeNull();
    await expectSameOutput(ARENA_COUNTS);
  });

  it('counts with weights DuckDB sets aside (zero, negative, missing) and a tie flag', async () => {
    const file = await writeParquet(
      'weights.parquet',
      `SELECT 'model-' || (i % 6) AS model_a, 'model-' || ((i + 1 + i // 6) % 6) AS model_b,
              ['model_a', 'model_b', 'tie'][1 + i % 3] AS winner,
              CASE WHEN i % 11 = 0 THEN NULL WHEN i % 13 = 0 THEN 0 WHEN i % 17 = 0 THEN -2 ELSE (i * 7) % 50 + 1 END::BIGINT AS count
       FROM range(3000) t(i)`,
      'ROW_GROUP_SIZE 1024',
    );
    const counted = await countParquetFile(file);
    expect(counted?.tallied.rejected.map((r) => r.reason)).toContain('invalid weight');
    await expectSameOutput(file);
  });

  it('--anchor, --ties davidson, --intervals sandwich and --min-votes alike', async () => {
    const file = join(STATIC, 'lmarena-100k.parquet');
    const model = (await countParquetFile(file))!.tallied.counts.models[0];
    await expectSameOutput(file, 0, ['--anchor', `${model}=1200`, '--ties', 'davidson', '--intervals', 'sandwich', '--min-votes', '50']);
  });
});

describe('files the reader leaves to DuckDB, with the same output', () => {
  it.each([
    ['gzip pages (a codec it does not read)', BAD_ROWS, 'COMPRESSION gzip'],
    // A dictionary limit of one byte: DuckDB's writer stores the text columns plainly.
    ['model names stored plainly', BAD_ROWS, 'STRING_DICTIONARY_PAGE_SIZE_LIMIT 1'],
    [
      'model names as JSON objects',
      `SELECT '{"name": "m' || (i % 4) || '"}' AS model_a, 'm-x' AS model_b, 'model_a' AS winner FROM range(100) t(i)`,
      '',
    ],
  ])('%s', async (what, select, options) => {
    const file = await writeParquet(`fallback-${what.replace(/\W+/g, '-')}.parquet`, select, options);
    expect(await countParquetFile(file)).toBeNull();
    // Read by DuckDB through a view of the file (no rowid): JSON-decoded names included.
    await expectSameOutput(file);
  });

  it('a file that is not parquet, and a file that is not there', async () => {
    const csv = join(STATIC, 'lmarena-55k.csv');
    expect(await countParquetFile(csv)).toBeNull();
    const missing = join(dir, 'missing.parquet');
    expect(await countParquetFile(missing)).toBeNull();
    const { own, duckdb } = await bothPaths(missing);
    expect([own.code, own.stderr]).toEqual([duckdb.code, duckdb.stderr]);
    expect(own.code).toBe(1);
  });
});

describe("a parquet footer's columns typed as DuckDB types them", () => {
  it.each([
    'arena-conversations.parquet',
    'comparia-votes.parquet',
    'french-maxx.parquet',
    'lmarena-100k.parquet',
    'lmarena-140k.parquet',
    'genrm-judges.parquet',
    'verdicts.parquet',
  ])('%s', async (name) => {
    const file = join(STATIC, name);
    const bytes = new Uint8Array(readFileSync(file));
    const length = footerLength(bytes.subarray(bytes.length - TAIL_BYTES));
    const footer = readFooter(bytes.subarray(bytes.length - TAIL_BYTES - length, bytes.length - TAIL_BYTES));
    const described = await db.query('DESCRIBE SELECT * FROM read_parquet($1)', [file]);
    // The same types, whether a field name is quoted or not (DuckDB quotes keywords and odd names only).
    const parsed = (columns: { name: unknown; type: unknown }[]) =>
      columns.map((c) => ({ name: c.name, type: parseDuckType(String(c.type)) }));
    expect(parsed(footer.schema)).toEqual(parsed(described.map((r) => ({ name: r.column_name, type: r.column_type }))));
  });
});

describe('DuckDB left unloaded', () => {
  const exec = promisify(execFile);
  // The compiled command users run, with DuckDB's package made to fail if anything requires it.
  const launcher = join(ROOT, 'src/cli/bin/launch.mjs');
  const block = join(dir, 'no-duckdb.cjs');
  writeFileSync(
    block,
    `const Module = require('node:module');
     const load = Module._load;
     Module._load = function (request, ...rest) {
       if (request === '@duckdb/node-api') throw new Error('DuckDB was loaded');
       return load.call(this, request, ...rest);
     };`,
  );
  const rank = (env: NodeJS.ProcessEnv) =>
    exec(process.execPath, ['--require', block, launcher, 'rank', join(STATIC, 'verdicts.parquet'), '--json', '--bootstrap', '0'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });

  it("on its own path the command never loads DuckDB; on DuckDB's path the same block stops it", async () => {
    const own = await rank({ [DUCKDB_ONLY]: '' });
    expect(JSON.parse(own.stdout).models.length).toBeGreaterThan(0);
    const duckdb = await rank({ [DUCKDB_ONLY]: '1' }).catch((e: { code: number; stderr: string }) => e);
    expect(duckdb).toMatchObject({ code: 1, stderr: expect.stringMatching(/DuckDB was loaded/) });
  });
});
