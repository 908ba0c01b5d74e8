/**
 * Puts one or many files (parquet, CSV, JSON array, JSONL; local paths, globs, or http(s) addresses
 * when DuckDB's httpfs is installed) into a DuckDB table with native DuckDB readers. The Node twin
 * of src/io/load-source.ts (and its readers, src/io/load-*.ts): same formats, same CSV reject handling, same error shape.
 * Paths are bound as parameters ($1 …): DuckDB accepts them in table functions, so no path is ever
 * spliced into SQL text.
 */
import { open, stat } from 'node:fs/promises';
import type { ColumnInfo } from '../core/schema/column.ts';
import type { Connector } from '../core/sql/connector.ts';
import { quoteIdent } from '../core/sql/quote.ts';
import { describeSql, readColumns } from '../core/sql/summary.ts';
import { FileError, firstLine } from './lib/errors.ts';
import { withoutMalformedLines } from './lib/jsonl-lines.ts';
import { startsAsParquet } from '../core/parquet/footer.ts';

export type FileFormat = 'parquet' | 'csv' | 'json' | 'jsonl';

export interface Malformed {
  file: string;
  line: number;
  reason: string;
  text: string;
}

export interface LoadedFile {
  /** The input as given (several inputs joined with ', '), for messages. */
  name: string;
  format: FileFormat;
  rows: number;
  /** Every column of the source, including those left out by pickColumns. */
  columns: ColumnInfo[];
  loadedColumns: string[];
  /** Lines the reader set aside (first 1000), and how many there were in all. */
  malformed: Malformed[];
  malformedCount: number;
  /** `table` is a view over the file (ReadOptions.view): it has no rowid. */
  view?: boolean;
}

export interface ReadOptions {
  table?: string;
  /** Given the source's columns, the ones to load (default: all). */
  pickColumns?: (columns: ColumnInfo[]) => string[];
  /**
   * Parquet only: `table` is a view over the file(s), not a copy. Each query then reads the file again,
   * but only the columns it asks for, straight into its own plan: faster when a few queries read a few
   * columns once (a whole-file board: 0.04 s against 0.17 s of loading and 0.08 s of grouping for 1.67M
   * battles). Other formats are always loaded (their parsing is the cost), and so is a file that goes away.
   */
  view?: boolean;
}

const isUrl = (s: string) => /^https?:\/\//i.test(s);
const isGlob = (s: string) => /[*?[]/.test(s);

export async function readFile(db: Connector, input: string | readonly string[], options: ReadOptions = {}): Promise<LoadedFile> {
  const inputs = typeof input === 'string' ? [input] : [...input];
  if (inputs.length === 0) throw new FileError('(no input)', 'no file given');
  const name = inputs.join(', ');
  const table = options.table ?? 'raw';
  // An extension is never downloaded behind the user's back (DESIGN: nothing fetched unasked).
  await db.exec('SET autoinstall_known_extensions = false');
  const formats = await Promise.all(inputs.map((i) => checkInput(db, i)));
  const format = formats[0];
  if (formats.some((f) => f !== format)) {
    throw new FileError(name, `all inputs must have one format, found ${[...new Set(formats)].join(' and ')}`);
  }
  const plan = { name, format, table, options };
  try {
    return await finish(db, { ...plan, paths: inputs, malformed: [], cleanup: async () => {} });
  } catch (error) {
    // DuckDB stops at the first malformed or non-object line (or, told to ignore errors, keeps it as
    // a row of NULLs): set such lines aside as the page does, counted with their line numbers.
    const local = inputs.length === 1 && !isUrl(inputs[0]) && !isGlob(inputs[0]);
    if (!(format === 'jsonl' && local && /malformed json|non-record json/i.test((error as Error).message))) throw error;
    const kept = await withoutMalformedLines(inputs[0]);
    return finish(db, { ...plan, paths: [kept.path], malformed: kept.malformed, cleanup: kept.remove });
  }
}

interface Plan {
  name: string;
  format: FileFormat;
  table: string;
  options: ReadOptions;
  paths: readonly string[];
  malformed: Malformed[];
  cleanup: () => Promise<void>;
}

async function finish(db: Connector, plan: Plan): Promise<LoadedFile> {
  const { name, format, table, paths } = plan;
  const bound = paths.length === 1 ? '$1' : `[${paths.map((_, i) => `$${i + 1}`).join(', ')}]`;
  const from = reader(format, bound);
  try {
    const columns = readColumns(await db.query(`DESCRIBE SELECT * FROM ${from}`, [...paths]).catch(readFailure(name, format)));
    if (columns.length === 0) throw new FileError(name, 'no columns found');
    const wanted = plan.options.pickColumns?.(columns) ?? columns.map((c) => c.name);
    const select = wanted.length ? wanted.map(quoteIdent).join(', ') : '*';
    await dropRelation(db, table);
    const view = !!plan.options.view && format === 'parquet';
    if (view) {
      // A view's text cannot hold parameters: the paths go in a session variable, bound like any value.
      await db.query(`SET VARIABLE ${quoteIdent(VIEW_PATHS)} = ${bound}`, [...paths]);
      await db.exec(`CREATE VIEW ${quoteIdent(table)} AS SELECT ${select} FROM ${reader(format, `getvariable('${VIEW_PATHS}')`)}`);
    } else {
      await db.query(`CREATE TABLE ${quoteIdent(table)} AS SELECT ${select} FROM ${from}`, [...paths]).catch(readFailure(name, format));
    }
    const [{ rows }] = await db.query(`SELECT count(*) AS rows FROM ${quoteIdent(table)}`);
    if (Number(rows) === 0) throw new FileError(name, `no rows found in the ${format} data`);
    const rejected = format === 'csv' ? await csvRejects(db) : { malformed: plan.malformed, count: plan.malformed.length };
    const loadedColumns = readColumns(await db.query(describeSql(table).sql)).map((c) => c.name);
    return {
      name,
      format,
      rows: Number(rows),
      columns,
      loadedColumns,
      malformed: rejected.malformed.slice(0, 1000),
      malformedCount: rejected.count,
      view,
    };
  } finally {
    await plan.cleanup();
  }
}

/** Drops the table or view of that name, if there is one (DROP TABLE refuses a view, and the reverse). */
async function dropRelation(db: Connector, name: string): Promise<void> {
  const found = await db.query(`SELECT table_type FROM information_schema.tables WHERE table_schema = 'main' AND table_name = $1`, [name]);
  if (found.length) await db.exec(`DROP ${found[0].table_type === 'VIEW' ? 'VIEW' : 'TABLE'} ${quoteIdent(name)}`);
}

/** The session variable holding a view's paths (the command line reads one source, so one view at a time). */
const VIEW_PATHS = 'arena_lens_view_paths';

/** The table function that reads the inputs `src` names (parameters, or the view's variable). */
function reader(format: FileFormat, src: string): string {
  switch (format) {
    case 'parquet':
      return `read_parquet(${src}, union_by_name = true)`;
    // store_rejects cannot be combined with union_by_name: several CSVs must share their columns.
    case 'csv':
      return `read_csv(${src}, store_rejects = true, sample_size = 20480)`;
    case 'jsonl':
      return `read_json(${src}, format = 'newline_delimited', records = 'true', union_by_name = true)`;
    case 'json':
      return `read_json(${src}, format = 'array', records = 'true', union_by_name = true)`;
  }
}

/** Checks one input exists and is not empty, and finds its format (magic bytes first, then the name). */
async function checkInput(db: Connector, input: string): Promise<FileFormat> {
  const lower = input.toLowerCase().replace(/[?#].*$/, '');
  const byName = (): FileFormat | undefined =>
    /\.(parquet|pq)$/.test(lower)
      ? 'parquet'
      : /\.(jsonl|ndjson)$/.test(lower)
        ? 'jsonl'
        : /\.json$/.test(lower)
          ? 'json'
          : /\.(csv|tsv|txt)$/.test(lower)
            ? 'csv'
            : undefined;
  if (isUrl(input)) {
    try {
      await db.exec('LOAD httpfs');
    } catch {
      throw new FileError(
        input,
        "reading an http(s) address needs DuckDB's httpfs extension, which is not installed here and is never downloaded automatically; download the file and pass its path",
      );
    }
    return byName() ?? 'parquet';
  }
  if (isGlob(input)) {
    const format = byName();
    if (!format) throw new FileError(input, 'a pattern must end in .parquet, .csv, .json or .jsonl so the format is known');
    return format;
  }
  const info = await stat(input).catch(() => undefined);
  if (!info) throw new FileError(input, 'no such file');
  if (!info.isFile()) throw new FileError(input, 'not a file (a directory?)');
  if (info.size === 0) throw new FileError(input, 'the file is empty (0 bytes)');
  const head = await readHead(input, 256);
  if (startsAsParquet(head)) return 'parquet';
  const format = byName() ?? 'csv';
  if (format === 'parquet') throw new FileError(input, 'not a parquet file (no PAR1 magic bytes at the start)');
  if (format === 'json' && head.toString('utf8').trimStart()[0] !== '[') return 'jsonl';
  return format;
}

async function readHead(path: string, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(bytes), 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Lines the last CSV scan set aside, with the file each came from. */
async function csvRejects(db: Connector): Promise<{ malformed: Malformed[]; count: number }> {
  const last = 'scan_id = (SELECT max(scan_id) FROM reject_scans)';
  const rows = await db.query(
    // One entry per line, however many problems DuckDB found on it.
    `SELECT s.file_path AS file, e.line, string_agg(DISTINCT e.error_message, '; ') AS error_message, any_value(e.csv_line) AS csv_line ` +
      `FROM reject_errors e JOIN reject_scans s USING (scan_id, file_id) WHERE e.${last} GROUP BY 1, 2 ORDER BY 1, 2 LIMIT 1000`,
  );
  const [{ total }] = await db.query(`SELECT count(DISTINCT (file_id, line)) AS total FROM reject_errors WHERE ${last}`);
  return {
    malformed: rows.map((r) => ({
      file: String(r.file),
      line: Number(r.line),
      reason: String(r.error_message),
      text: String(r.csv_line ?? ''),
    })),
    count: Number(total),
  };
}

/**
 * Turns a DuckDB reader error into a FileError that names the input and what was expected: for a
 * view (ReadOptions.view), the queries that read it first.
 */
export function readFailure(name: string, format: FileFormat) {
  return (error: unknown): never => {
    if (error instanceof FileError) throw error;
    const message = firstLine(error).replace(/^(query|statement) failed: /, '');
    if (/No files found that match/i.test(message)) throw new FileError(name, 'no file matches');
    if (/No magic bytes|not a parquet|invalid parquet/i.test(message)) {
      throw new FileError(name, `not a readable parquet file (${message}); it may be truncated or not parquet at all`);
    }
    const what = format === 'jsonl' ? 'JSON lines' : format === 'json' ? 'a JSON array of objects' : format.toUpperCase();
    throw new FileError(name, `could not read it as ${what}: ${message}`);
  };
}
