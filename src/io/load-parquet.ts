/**
 * Reads a parquet source (a file, an address, or a Hub dataset's shards) into a DuckDB table through
 * parquet-wasm in a worker, one row group at a time, only the picked columns, decoding the next row
 * group while DuckDB inserts the current one.
 */
import { tableFromIPC } from 'apache-arrow';
import type { Session } from './duckdb.ts';
import { schemaColumns, type SourceColumn } from '../core/schema/arrow-schema.ts';
import type { ParquetRequest, ParquetResponse } from '../workers/parquet-protocol.ts';
import { hubFailure, type HubReading, type ShardPlan } from '../core/hub/hub-api.ts';
import { listHubShards } from './hub.ts';
import { estimateLoadBytes, LOAD_BUDGET_BYTES, storedBytes } from '../core/schema/memory-estimate.ts';
import { firstLine, LoadError, type LoadOptions, type Prepare, type Reader, type Source } from './source.ts';

const newReader = () => new Worker(new URL('../workers/parquet.worker.ts', import.meta.url), { type: 'module' });
/** A reader started ahead, for the next load. */
let spare: Worker | null = null;

/** Starts the next load's reader now: its script and parquet-wasm load while DuckDB starts. */
export function warmParquetReader(): void {
  spare ??= newReader();
}

/**
 * Stops the reader started ahead, if any: for a file dropped meanwhile its start (compiling
 * parquet-wasm, ~0.2 s of a core) would slow the board; that file's load starts another after it.
 */
export function dropWarmParquetReader(): void {
  spare?.terminate();
  spare = null;
}

export async function loadParquet(
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
  const worker = spare ?? newReader();
  spare = null;
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
        // Neither the next row group's decoding nor this one's insert starts while the user waits on a board.
        await duck.between?.();
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
