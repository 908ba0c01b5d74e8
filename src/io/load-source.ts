/**
 * Puts a user's file (or a remote parquet address) into the DuckDB table `raw`, reporting rows
 * loaded as it goes. Parquet goes through parquet-wasm in a worker, one row group at a time;
 * CSV through DuckDB's own reader; JSON and JSONL are parsed here into Arrow.
 */
import { tableFromIPC, tableFromJSON } from 'apache-arrow';
import type { Session } from './duckdb.ts';
import { schemaColumns, type SourceColumn } from '../core/schema/arrow-schema.ts';
import type { ParquetRequest, ParquetResponse } from '../workers/parquet-protocol.ts';
import { quoteIdent } from '../core/sql/quote.ts';
import { hubFailure, type HubReading, type ShardPlan } from '../core/hub/hub-api.ts';
import type { HubRef } from '../core/hub/hub-ref.ts';
import { listHubShards } from './hub.ts';
import { COPIES, estimateLoadBytes, LOAD_BUDGET_BYTES, storedBytes, type Storage } from '../core/schema/memory-estimate.ts';
import { startsAsParquet } from '../core/parquet/footer.ts';

/**
 * What can be loaded: a local file, one remote parquet address, or a Hub dataset (its split's
 * shards are listed at load time; `shards` holds them once listed, so a re-read skips the listing).
 */
export type Source =
  { kind: 'file'; file: File } | { kind: 'url'; url: string; name: string } | { kind: 'hub'; ref: HubRef; name: string; shards?: string[] };
export type SourceFormat = 'parquet' | 'csv' | 'json' | 'jsonl';

export interface LoadProgress {
  rows: number;
  totalRows: number | null;
  /** Reading a dataset in several files: which one (1-based) of how many. */
  shard?: { index: number; count: number };
  /** Bytes received over the network so far (remote sources only). */
  bytes?: number;
}

export interface LoadedSource {
  name: string;
  /** Where it came from, to read columns left out of the first load. */
  origin: Source;
  format: SourceFormat;
  rows: number;
  /** Every column of the source, including those not loaded yet (long text). */
  columns: SourceColumn[];
  loadedColumns: string[];
  /** Lines the reader could not parse, set aside with their line number and reason. */
  malformed: { line: number; reason: string; text: string }[];
  malformedCount: number;
  /** The database the table went to, when the caller let the file's size choose it. */
  storage: Storage | null;
  /** A Hub dataset: which part of it was read, and the bytes that took. */
  hub?: HubReading;
}

export interface LoadOptions {
  /** Given the schema and the row count, the columns to load now (parquet only; others load every column). */
  pickColumns?: (columns: SourceColumn[], rows: number) => string[];
  onProgress?: (progress: LoadProgress) => void;
  table?: string;
  /** Given the estimated size in DuckDB, the database to load into (else the session's current one). */
  storage?: (estimatedBytes: number) => Storage;
}

/** Called by each reader once it knows the file's size, before it creates the table. */
type Prepare = (estimatedBytes: number) => Promise<void>;

/** What a reader returns; loadSource adds where the table went. */
type Reader = Omit<LoadedSource, 'storage'>;

export class LoadError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'LoadError';
  }
}

export function sourceName(source: Source): string {
  return source.kind === 'file' ? source.file.name : source.name;
}

export async function detectFormat(source: Source): Promise<SourceFormat> {
  const name = sourceName(source)
    .toLowerCase()
    .replace(/[?#].*$/, '');
  if (source.kind !== 'file') return 'parquet';
  const head = new Uint8Array(await source.file.slice(0, 4).arrayBuffer());
  if (startsAsParquet(head)) return 'parquet';
  if (name.endsWith('.parquet') || name.endsWith('.pq')) return 'parquet';
  if (name.endsWith('.jsonl') || name.endsWith('.ndjson')) return 'jsonl';
  if (name.endsWith('.json')) {
    const first = (await source.file.slice(0, 256).text()).trimStart()[0];
    return first === '[' ? 'json' : 'jsonl';
  }
  return 'csv';
}

export async function loadSource(duck: Session, source: Source, options: LoadOptions = {}): Promise<LoadedSource> {
  const name = sourceName(source);
  const table = options.table ?? 'raw';
  if (source.kind === 'file' && source.file.size === 0) throw new LoadError(name, 'the file is empty (0 bytes)');
  const format = await detectFormat(source);
  if (format !== 'parquet' && source.kind !== 'file') throw new LoadError(name, 'only parquet can be read from an address');
  // Read into a side table and swap it in only once the whole file is read: a file that fails
  // half-way leaves the table of the dataset on screen as it was (not half replaced, not dropped).
  const staging = `${table}__incoming`;
  let storage: Storage | null = null;
  const prepare: Prepare = async (estimatedBytes) => {
    if (options.storage) {
      storage = options.storage(estimatedBytes);
      await duck.conn.query(`USE ${quoteIdent(storage)}`);
    }
    await duck.conn.query(`DROP TABLE IF EXISTS ${quoteIdent(staging)}`);
  };
  try {
    const loaded =
      format === 'parquet'
        ? await loadParquet(duck, source, name, staging, options, prepare)
        : format === 'csv'
          ? await loadCsv(duck, (source as { file: File }).file, staging, options, prepare)
          : await loadJson(duck, (source as { file: File }).file, format, staging, options, prepare);
    if (loaded.rows === 0) {
      throw new LoadError(
        name,
        `the file has columns (${loaded.columns
          .map((c) => c.name)
          .slice(0, 8)
          .join(', ')}) but no rows`,
      );
    }
    await duck.conn.query(`DROP TABLE IF EXISTS ${quoteIdent(table)}`);
    await duck.conn.query(`ALTER TABLE ${quoteIdent(staging)} RENAME TO ${quoteIdent(table)}`);
    return { ...loaded, storage };
  } catch (error) {
    await duck.conn.query(`DROP TABLE IF EXISTS ${quoteIdent(staging)}`).catch(() => undefined);
    throw error;
  }
}

async function loadParquet(
  duck: Session,
  source: Source,
  name: string,
  table: string,
  options: LoadOptions,
  prepare: Prepare,
): Promise<Reader> {
  let plan: ShardPlan | null = null;
  if (source.kind === 'hub' && !source.shards) {
    options.onProgress?.({ rows: 0, totalRows: null });
    try {
      plan = await listHubShards(source.ref);
    } catch (error) {
      throw new LoadError(name, (error as Error).message);
    }
  }
  const parts: (Blob | string)[] =
    source.kind === 'file' ? [source.file] : source.kind === 'url' ? [source.url] : (source.shards ?? plan!.shards);
  const worker = new Worker(new URL('../workers/parquet.worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<string, (r: ParquetResponse) => void>();
  let failure: ((e: Error) => void) | null = null;
  // Where the reader was, so a failure can say where in the file it happened.
  let where = 'the file footer (schema and row groups)';
  const shardName = (k: number) => (parts.length > 1 ? `shard ${k + 1} of ${parts.length}, ` : '');
  worker.onmessage = (e: MessageEvent<ParquetResponse>) => {
    const key = e.data.type === 'batch' ? `batch${e.data.group}` : e.data.type === 'opened' ? 'opened' : 'error';
    if (e.data.type === 'error') failure?.(new LoadError(name, readableParquetError(hubMessage(source, e.data.message), where)));
    pending.get(key)?.(e.data);
  };
  // parquet-wasm panics (a WebAssembly "unreachable" trap) on some corrupt pages instead of
  // returning an error: the worker dies with a message that means nothing to a user.
  worker.onerror = (e) => {
    e.preventDefault();
    failure?.(
      new LoadError(
        name,
        `the parquet reader crashed while decoding ${where} (${(e.message || 'unknown error').replace(/^Uncaught /, '')}); ` +
          'the file is probably corrupted or truncated: download or export it again',
      ),
    );
  };
  const ask = <T extends ParquetResponse>(request: ParquetRequest, key: string) =>
    new Promise<T>((resolve, reject) => {
      failure = reject;
      pending.set(key, (r) => resolve(r as T));
      worker.postMessage(request);
    });
  try {
    let columns: SourceColumn[] = [];
    let wanted: string[] = [];
    let rows = 0;
    let totalRows = 0;
    const shardRows: number[] = [];
    let bytes = 0;
    let created = false;
    for (let k = 0; k < parts.length; k++) {
      where = `${shardName(k)}the file footer (schema and row groups)`;
      const opened = await ask<Extract<ParquetResponse, { type: 'opened' }>>({ type: 'open', source: parts[k] }, 'opened');
      bytes = opened.bytes;
      const shardColumns = schemaColumns(tableFromIPC(opened.schema).schema);
      // Shards of one split hold about the same number of rows: the first one's count stands for those not opened yet.
      shardRows.push(opened.numRows);
      totalRows = shardRows.reduce((a, b) => a + b, 0) + (parts.length - shardRows.length) * shardRows[0];
      if (k === 0) {
        columns = shardColumns;
        wanted = options.pickColumns?.(columns, totalRows) ?? columns.map((c) => c.name);
        const types = columns.filter((c) => wanted.includes(c.name)).map((c) => c.type);
        const estimate = estimateLoadBytes(types, totalRows);
        if (storedBytes(estimate) > LOAD_BUDGET_BYTES) {
          throw new LoadError(
            name,
            `${totalRows.toLocaleString('en-US')} rows would need about ${(storedBytes(estimate) / 2 ** 30).toFixed(1)} GiB in this tab even compressed, ` +
              `more than a browser can hold. Aggregate it first — npm run aggregate -- ${name} counts.parquet --by <columns> ` +
              `(or the SQL in the SQL lens, on your own engine) — and open the counts file: the ratings are the same.`,
          );
        }
        await prepare(estimate);
      } else {
        const missing = wanted.filter((w) => !shardColumns.some((c) => c.name === w));
        if (missing.length) throw new LoadError(name, `${shardName(k)}lacks the columns ${missing.join(', ')} that the first shard has`);
      }
      const progress = () =>
        options.onProgress?.({ rows, totalRows, bytes, ...(parts.length > 1 ? { shard: { index: k + 1, count: parts.length } } : {}) });
      progress();
      const groups = opened.groupRows.length;
      const read = (group: number) => {
        where = `${shardName(k)}row group ${group + 1} of ${groups}`;
        return ask<Extract<ParquetResponse, { type: 'batch' }>>({ type: 'read', group, columns: wanted }, `batch${group}`);
      };
      // Decode the next row group while DuckDB inserts the current one.
      let next = groups > 0 ? read(0) : null;
      for (let group = 0; next; group++) {
        const batch = await next;
        next = group + 1 < groups ? read(group + 1) : null;
        try {
          await duck.conn.insertArrowFromIPCStream(batch.ipc, { name: table, create: !created });
          created = true;
        } catch (error) {
          throw new LoadError(name, `DuckDB could not take ${shardName(k)}row group ${group + 1} of ${groups}: ${firstLine(error)}`);
        }
        rows += batch.rows;
        bytes = batch.bytes;
        progress();
      }
    }
    if (!created) throw new LoadError(name, 'the parquet file has no rows');
    const origin: Source = source.kind === 'hub' ? { ...source, shards: parts as string[] } : source;
    const hub: HubReading | undefined =
      source.kind === 'hub'
        ? {
            dataset: source.ref.dataset,
            config: plan?.config ?? source.ref.config ?? '',
            split: plan?.split ?? source.ref.split ?? '',
            shards: parts.length,
            bytes,
            notes: plan?.notes ?? [],
          }
        : undefined;
    return {
      name,
      origin,
      format: 'parquet',
      rows,
      columns,
      loadedColumns: wanted,
      malformed: [],
      malformedCount: 0,
      ...(hub ? { hub } : {}),
    };
  } finally {
    worker.terminate();
  }
}

/** A Hub file the host refused: say what the status means for a dataset, not for one address. */
function hubMessage(source: Source, message: string): string {
  const status = /^the host answered HTTP (\d+)/.exec(message)?.[1];
  return source.kind === 'hub' && status ? hubFailure(Number(status), source.ref.dataset, 'a parquet file').message : message;
}

function readableParquetError(message: string, where: string): string {
  if (/^(could not reach|the host|the Hub)|is not a parquet file|is gated|no public dataset/.test(message)) return message.slice(0, 400);
  if (/magic|PAR1|footer|Invalid Parquet|out of spec|EOF|eof/i.test(message)) {
    return `not a readable parquet file (${message.slice(0, 200)}, in ${where}); it may be truncated or not parquet at all`;
  }
  return `could not decode ${where}: ${message.slice(0, 300)}`;
}

let uploads = 0;

async function loadCsv(duck: Session, file: File, table: string, options: LoadOptions, prepare: Prepare): Promise<Reader> {
  // The registered name is ours, never the user's file name, so it is safe inside the SQL text.
  const internal = `upload-${++uploads}.csv`;
  await duck.db.registerFileHandle(internal, file, 2 /* DuckDBDataProtocol.BROWSER_FILEREADER */, true);
  options.onProgress?.({ rows: 0, totalRows: null });
  await prepare(file.size * COPIES);
  const readable = (error: unknown) => firstLine(error).replaceAll(internal, file.name);
  // store_rejects keeps its tables between reads and a clean file adds nothing to them: without
  // this, a good CSV would report the malformed lines of the CSV read before it.
  const clearRejects = () => duck.conn.query('DROP TABLE IF EXISTS reject_errors; DROP TABLE IF EXISTS reject_scans;');
  await clearRejects();
  try {
    await duck.conn.query(
      `CREATE TABLE ${quoteIdent(table)} AS SELECT * FROM read_csv('${internal}', store_rejects = true, sample_size = 20480)`,
    );
  } catch (error) {
    // One broken line (a quote that never closes) makes DuckDB's dialect sniffer give up on the
    // whole file. Read it again with the plain RFC 4180 dialect, every column as text, so the
    // sound lines load and the broken ones land in reject_errors with their line numbers.
    if (!/sniffing/i.test(firstLine(error))) throw new LoadError(file.name, `could not read it as CSV: ${readable(error)}`);
    try {
      await clearRejects();
      await loadCsvPlain(duck, file, internal, table);
    } catch (again) {
      throw new LoadError(
        file.name,
        `could not read it as CSV: ${readable(error)}; read as plain comma-separated text: ${readable(again)}`,
      );
    }
  } finally {
    await duck.db.dropFile(internal).catch(() => undefined);
  }
  const [{ rows }] = await duck.connector.query(`SELECT count(*) AS rows FROM ${quoteIdent(table)}`);
  const rejects = await duck.connector.query('SELECT line, error_message, csv_line FROM reject_errors ORDER BY line LIMIT 1000');
  const [{ total }] = await duck.connector.query('SELECT count(DISTINCT line) AS total FROM reject_errors');
  const columns = await describe(duck, table);
  options.onProgress?.({ rows: Number(rows), totalRows: Number(rows) });
  return {
    name: file.name,
    origin: { kind: 'file', file },
    format: 'csv',
    rows: Number(rows),
    columns,
    loadedColumns: columns.map((c) => c.name),
    malformed: rejects.map((r) => ({ line: Number(r.line), reason: String(r.error_message), text: String(r.csv_line ?? '') })),
    malformedCount: Number(total),
  };
}

/**
 * The fallback CSV read: header names taken from the first record (quoted names allowed), the
 * delimiter the one the header uses most, every column VARCHAR. The names reach SQL only through
 * quoteIdent; the read itself uses internal names c0, c1 ….
 */
async function loadCsvPlain(duck: Session, file: File, internal: string, table: string): Promise<void> {
  const head = (await file.slice(0, 1 << 16).text()).replace(/^\uFEFF/, '');
  const counts = [',', ';', '\t', '|'].map((d) => [d, headerFields(head, d).length] as const);
  const [delim] = counts.reduce((best, c) => (c[1] > best[1] ? c : best));
  const taken = new Set<string>();
  const names = headerFields(head, delim).map((raw, i) => {
    let n = raw.trim().replaceAll('\0', '') || `column${i}`;
    while (taken.has(n.toLowerCase())) n = `${n}_${i}`;
    taken.add(n.toLowerCase());
    return n;
  });
  const columns = names.map((_, i) => `'c${i}': 'VARCHAR'`).join(', ');
  const select = names.map((n, i) => `c${i} AS ${quoteIdent(n)}`).join(', ');
  await duck.connector.query(
    `CREATE TABLE ${quoteIdent(table)} AS SELECT ${select} FROM read_csv('${internal}', store_rejects = true, ` +
      `auto_detect = false, header = false, skip = 1, delim = $1, quote = '"', escape = '"', columns = {${columns}})`,
    [delim],
  );
}

/** The fields of the first CSV record in `text` (quotes honoured, "" inside quotes is a quote). */
function headerFields(text: string, delim: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === delim) {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') break;
    else field += ch;
  }
  fields.push(field);
  return fields;
}

async function loadJson(
  duck: Session,
  file: File,
  format: 'json' | 'jsonl',
  table: string,
  options: LoadOptions,
  prepare: Prepare,
): Promise<Reader> {
  const text = await file.text();
  const malformed: LoadedSource['malformed'] = [];
  let records: Record<string, unknown>[];
  if (format === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new LoadError(file.name, `not valid JSON: ${firstLine(error)}`);
    }
    if (!Array.isArray(parsed)) throw new LoadError(file.name, 'expected a JSON array of objects, found ' + typeof parsed);
    records = parsed.filter((r, i) => {
      const ok = r !== null && typeof r === 'object' && !Array.isArray(r);
      if (!ok) malformed.push({ line: i + 1, reason: 'array item is not an object', text: JSON.stringify(r).slice(0, 500) });
      return ok;
    });
  } else {
    records = [];
    const lines = text.split(/\r?\n/);
    lines.forEach((line, i) => {
      if (line.trim() === '') return;
      try {
        const value = JSON.parse(line);
        if (value && typeof value === 'object' && !Array.isArray(value)) records.push(value);
        else malformed.push({ line: i + 1, reason: 'line is not a JSON object', text: line.slice(0, 500) });
      } catch (error) {
        malformed.push({ line: i + 1, reason: firstLine(error), text: line.slice(0, 500) });
      }
    });
  }
  if (records.length === 0) throw new LoadError(file.name, 'no JSON objects found');
  let arrowTable;
  try {
    arrowTable = tableFromJSON(records);
  } catch (error) {
    throw new LoadError(file.name, `could not turn the JSON into columns: ${firstLine(error)}`);
  }
  await prepare(file.size * COPIES);
  await duck.conn.insertArrowTable(arrowTable, { name: table, create: true });
  const columns = await describe(duck, table);
  options.onProgress?.({ rows: records.length, totalRows: records.length });
  return {
    name: file.name,
    origin: { kind: 'file', file },
    format,
    rows: records.length,
    columns,
    loadedColumns: columns.map((c) => c.name),
    malformed: malformed.slice(0, 1000),
    malformedCount: malformed.length,
  };
}

async function describe(duck: Session, table: string): Promise<SourceColumn[]> {
  const rows = await duck.connector.query(`DESCRIBE ${quoteIdent(table)}`);
  return rows.map((r) => ({ name: String(r.column_name), type: String(r.column_type) }));
}

function firstLine(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  // DuckDB-WASM reports some errors as JSON: {"exception_type": …, "exception_message": …}.
  if (message.startsWith('{')) {
    try {
      const parsed = JSON.parse(message) as { exception_type?: string; exception_message?: string };
      if (parsed.exception_message) message = `${parsed.exception_type ?? 'DuckDB'} error: ${parsed.exception_message}`;
    } catch {
      // not JSON after all: keep the text
    }
  }
  // Our side tables are an implementation detail: name the table the user knows.
  return message.split('\n')[0].replaceAll('__incoming', '').slice(0, 300);
}
