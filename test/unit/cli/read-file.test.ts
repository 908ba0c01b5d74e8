import { describe, expect, it } from 'vitest';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createNodeConnector } from '../../../src/cli/node-connector.ts';
import { readFile } from '../../../src/cli/read-file.ts';
import { FileError } from '../../../src/cli/lib/errors.ts';
import { STATIC, tempDir, write } from './helpers.ts';

const dir = tempDir();

async function load(input: string | string[], pick?: (c: { name: string }[]) => string[]) {
  const db = await createNodeConnector();
  try {
    const file = await readFile(db, input, { pickColumns: pick });
    const [{ n }] = await db.query('SELECT count(*) AS n FROM raw');
    return { file, n: Number(n) };
  } finally {
    db.close();
  }
}

async function failure(input: string | string[]): Promise<FileError> {
  const error = await load(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FileError);
  return error as FileError;
}

describe('readFile', () => {
  it('reads parquet, CSV and JSONL files into raw with every row', async () => {
    const jsonl = write(
      dir,
      'votes.jsonl',
      ['model_a', 'model_b', 'tie'].map((w) => JSON.stringify({ model_a: 'x', model_b: 'y', winner: w })).join('\n') + '\n',
    );
    for (const [path, rows, format] of [
      [join(STATIC, 'lmarena-100k.parquet'), 5000, 'parquet'],
      [join(STATIC, 'pair-counts.csv'), 270, 'csv'],
      [join(STATIC, 'lmarena-55k.csv'), 1000, 'csv'],
      [jsonl, 3, 'jsonl'],
    ] as const) {
      const { file, n } = await load(path);
      expect([file.format, file.rows, n, file.malformedCount]).toEqual([format, rows, rows, 0]);
    }
  });

  it('reads a JSON array of objects', async () => {
    const path = write(
      dir,
      'votes.json',
      JSON.stringify([
        { model_a: 'x', model_b: 'y', winner: 'model_a' },
        { model_a: 'y', model_b: 'x', winner: 'tie' },
      ]),
    );
    const { file, n } = await load(path);
    expect([file.format, n]).toEqual(['json', 2]);
  });

  it('loads only the picked columns but reports all of them', async () => {
    const { file } = await load(join(STATIC, 'lmarena-100k.parquet'), () => ['model_a', 'winner']);
    expect(file.loadedColumns).toEqual(['model_a', 'winner']);
    expect(file.columns.length).toBeGreaterThan(2);
  });

  it('counts malformed CSV lines with their line numbers and keeps the rest', async () => {
    const path = write(dir, 'bad.csv', 'model_a,model_b,winner\na,b,model_a\nb,c,model_b,extra\nc,a,tie\nd,a,model_a,x,y\n');
    const { file, n } = await load(path);
    expect(n).toBe(2);
    expect(file.malformedCount).toBe(2);
    expect(file.malformed.map((m) => m.line)).toEqual([3, 5]);
    expect(file.malformed[0].reason).toMatch(/columns/i);
  });

  it('sets malformed JSONL lines aside instead of turning them into rows of NULLs', async () => {
    const path = write(
      dir,
      'bad.jsonl',
      '{"model_a":"a","model_b":"b","winner":"model_a"}\n{"model_a": broken\n\n[1,2]\n{"model_a":"b","model_b":"c","winner":"tie"}\n',
    );
    const { file, n } = await load(path);
    expect(n).toBe(2);
    expect(file.malformed.map((m) => [m.line, m.file])).toEqual([
      [2, path],
      [4, path],
    ]);
    expect(file.malformed[1].reason).toBe('line is not a JSON object');
  });

  it('sets aside a JSONL line that is valid JSON but not an object', async () => {
    const path = write(
      dir,
      'array-line.jsonl',
      '{"model_a":"a","model_b":"b","winner":"model_a"}\n[1,2]\n{"model_a":"b","model_b":"a","winner":"tie"}\n',
    );
    const { file, n } = await load(path);
    expect([n, file.loadedColumns, file.malformed.map((m) => m.line)]).toEqual([2, ['model_a', 'model_b', 'winner'], [2]]);
  });

  it('reads several inputs and a glob as one table', async () => {
    const a = join(dir, "it's a.parquet");
    const b = join(dir, 'b.parquet');
    copyFileSync(join(STATIC, 'comparag-votes.parquet'), a);
    copyFileSync(join(STATIC, 'comparag-votes.parquet'), b);
    expect((await load([a, b])).n).toBe(6000);
    expect((await load(join(dir, '*.parquet'))).n).toBe(6000);
  });

  it('makes parquet a view when asked (one path, several, a glob), CSV still a table, and replaces either by the other', async () => {
    const a = join(dir, "view's a.parquet");
    copyFileSync(join(STATIC, 'comparag-votes.parquet'), a);
    const db = await createNodeConnector();
    const kind = async () => (await db.query(`SELECT table_type FROM information_schema.tables WHERE table_name = 'raw'`))[0].table_type;
    const rows = async () => Number((await db.query('SELECT count(*) AS n FROM raw'))[0].n);
    try {
      for (const input of [a, [a, join(STATIC, 'comparag-votes.parquet')], join(dir, 'view*.parquet')]) {
        const file = await readFile(db, input, { view: true, pickColumns: () => ['tool_a_id', 'tool_b_id'] });
        const n = typeof input === 'string' ? 3000 : 6000;
        expect([await kind(), file.rows, await rows(), file.loadedColumns]).toEqual(['VIEW', n, n, ['tool_a_id', 'tool_b_id']]);
      }
      await readFile(db, join(STATIC, 'pair-counts.csv'), { view: true });
      expect([await kind(), await rows()]).toEqual(['BASE TABLE', 270]);
      await readFile(db, a, { view: true });
      expect([await kind(), await rows()]).toEqual(['VIEW', 3000]);
    } finally {
      db.close();
    }
  });

  it('names the file and the problem when it is missing, empty, not parquet or matches nothing', async () => {
    expect((await failure(join(dir, 'nope.csv'))).message).toBe(`${join(dir, 'nope.csv')}: no such file`);
    expect((await failure(write(dir, 'empty.csv', ''))).message).toMatch(/empty\.csv: the file is empty \(0 bytes\)$/);
    expect((await failure(write(dir, 'fake.parquet', 'model_a,model_b\n'))).message).toMatch(/fake\.parquet: not a parquet file/);
    expect((await failure(join(dir, 'none-*.parquet'))).message).toMatch(/none-\*\.parquet: no file matches/);
    expect((await failure(write(dir, 'broken.json', '[{"a": 1}, {"a": '))).message).toMatch(
      /broken\.json: could not read it as a JSON array of objects/,
    );
  });

  it('refuses inputs of different formats', async () => {
    const message = (
      await failure([join(STATIC, 'pair-counts.csv'), write(dir, 'one.jsonl', '{"model_a": "x", "model_b": "y", "winner": "tie"}\n')])
    ).message;
    expect(message).toMatch(/all inputs must have one format, found csv and jsonl/);
  });

  it('says clearly that http(s) addresses need httpfs, which is never downloaded', async () => {
    const db = await createNodeConnector();
    const httpfs = await db.exec('LOAD httpfs').then(
      () => true,
      () => false,
    );
    db.close();
    if (httpfs) return; // installed on this machine: addresses work, nothing to check here
    expect((await failure('https://example.com/votes.parquet')).message).toMatch(
      /^https:\/\/example\.com\/votes\.parquet: reading an http\(s\) address needs DuckDB's httpfs extension/,
    );
  });

  it('never writes the path into SQL text', () => {
    const source = readFileSync(join(import.meta.dirname, '../../../src/cli/read-file.ts'), 'utf8');
    expect(source).not.toMatch(/read_\w+\('\$\{/);
  });
});
