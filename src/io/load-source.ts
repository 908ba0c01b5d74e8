/**
 * Puts a user's file (or a remote parquet address, or a Hub dataset) into the DuckDB table `raw`,
 * reporting rows loaded as it goes: parquet through parquet-wasm in a worker (load-parquet.ts), CSV
 * through DuckDB's own reader (load-csv.ts), JSON and JSONL parsed into Arrow (load-json.ts).
 */
import type { Session } from './duckdb.ts';
import { quoteIdent } from '../core/sql/quote.ts';
import type { Storage } from '../core/schema/memory-estimate.ts';
import { startsAsParquet } from '../core/parquet/footer.ts';
import { loadParquet } from './load-parquet.ts';
import { loadCsv } from './load-csv.ts';
import { loadJson } from './load-json.ts';
import { LoadError, sourceName, type LoadedSource, type LoadOptions, type Prepare, type Source, type SourceFormat } from './source.ts';

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
