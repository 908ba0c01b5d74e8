/**
 * What can be loaded (a local file, a remote parquet address, a Hub dataset), what a load returns,
 * and what every reader shares: its error, the options it takes, the readable first line of an error.
 */
import type { Session } from './duckdb.ts';
import type { SourceColumn } from '../core/schema/arrow-schema.ts';
import { quoteIdent } from '../core/sql/quote.ts';
import type { HubReading } from '../core/hub/hub-api.ts';
import type { HubRef } from '../core/hub/hub-ref.ts';
import type { Storage } from '../core/schema/memory-estimate.ts';

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
export type Prepare = (estimatedBytes: number) => Promise<void>;

/** What a reader returns; loadSource adds where the table went. */
export type Reader = Omit<LoadedSource, 'storage'>;

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

/** The columns of a table as loaded. */
export async function describeTable(duck: Session, table: string): Promise<SourceColumn[]> {
  const rows = await duck.connector.query(`DESCRIBE ${quoteIdent(table)}`);
  return rows.map((r) => ({ name: String(r.column_name), type: String(r.column_type) }));
}

/** The first line of an error from DuckDB-WASM or a reader, readable (JSON-wrapped errors unwrapped). */
export function firstLine(error: unknown): string {
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
