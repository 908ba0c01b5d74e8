/**
 * A Hugging Face Hub dataset on the command line, read the way the page reads it: the same listing
 * and shard plan (core/hub), every shard of the split, only the needed columns, fetched by HTTP range
 * requests with parquet-wasm. Each row group read is kept as a small local parquet file that native
 * DuckDB then loads (DuckDB's own http reader, httpfs, is an extension that is never downloaded).
 * HF_ENDPOINT, as huggingface_hub reads it, points the listing at a mirror.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { ParquetFile, writeParquet } from 'parquet-wasm/node';
import { HUB_ORIGIN, hubFailure, hubUnreachable, listShards, type ShardPlan } from '../core/hub/hub-api.ts';
import { hubLabel, type HubRef } from '../core/hub/hub-ref.ts';
import type { ColumnInfo } from '../core/schema/column.ts';
import type { Connector } from '../core/sql/connector.ts';
import { schemaColumns } from '../core/schema/arrow-schema.ts';
import { FileError, firstLine } from './lib/errors.ts';
import { readFile, type LoadedFile, type ReadOptions } from './read-file.ts';
import { startsAsParquet } from '../core/parquet/footer.ts';

export interface HubFile extends LoadedFile {
  plan: ShardPlan;
  /** Bytes received over the network for the shards (Content-Length of each answer). */
  bytes: number;
}

export function hubOrigin(env: NodeJS.ProcessEnv = process.env): string {
  return (env.HF_ENDPOINT ?? HUB_ORIGIN).replace(/\/+$/, '');
}

export async function readHub(db: Connector, ref: HubRef, options: ReadOptions & { origin?: string } = {}): Promise<HubFile> {
  const name = hubLabel(ref);
  const plan = await listShards(ref, fetchJson, options.origin ?? hubOrigin()).catch((error: Error) => {
    throw new FileError(name, error.message);
  });
  const dir = mkdtempSync(join(tmpdir(), 'arena-lens-hub-'));
  let bytes = 0;
  // parquet-wasm fetches through the global fetch: counted while the shards are read.
  const networkFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await networkFetch(input, init);
    bytes += Number(response.headers.get('content-length') ?? 0);
    return response;
  };
  try {
    let columns: ColumnInfo[] = [];
    let wanted: string[] = [];
    const parts: string[] = [];
    for (let k = 0; k < plan.shards.length; k++) {
      const where = `shard ${k + 1} of ${plan.shards.length}`;
      let file: ParquetFile;
      try {
        file = await ParquetFile.fromUrl(await resolveShard(plan.shards[k], ref.dataset));
      } catch (error) {
        throw new FileError(name, `${where}: ${firstLine(error)}`);
      }
      if (k === 0) {
        columns = schemaColumns(tableFromIPC(file.schema().intoIPCStream()).schema);
        wanted = options.pickColumns?.(columns) ?? columns.map((c) => c.name);
      }
      const groups = file.metadata().numRowGroups();
      for (let g = 0; g < groups; g++) {
        const table = await file.read({ rowGroups: [g], columns: wanted });
        const path = join(dir, `${String(k).padStart(5, '0')}-${String(g).padStart(5, '0')}.parquet`);
        writeFileSync(path, writeParquet(table));
        parts.push(path);
      }
      file.free();
    }
    if (parts.length === 0) throw new FileError(name, 'the split has no rows');
    const loaded = await readFile(db, parts, { table: options.table });
    // The shape is recognised on every column of the dataset, as in the page, not only those read.
    return { ...loaded, name, columns, plan, bytes };
  } finally {
    globalThis.fetch = networkFetch;
    rmSync(dir, { recursive: true, force: true });
  }
}

async function fetchJson(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  const body = response.ok ? await response.json().catch(() => null) : (await response.body?.cancel(), null);
  return { status: response.status, body };
}

/** Follows the shard address's redirects once (to the file host) and checks the host serves ranges. */
async function resolveShard(url: string, dataset: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { range: 'bytes=0-3' } });
  } catch {
    throw hubUnreachable(dataset, new URL(url).host);
  }
  const head = response.ok ? new Uint8Array(await response.arrayBuffer()) : (await response.body?.cancel(), null);
  if (!response.ok) throw hubFailure(response.status, dataset, 'a parquet file');
  if (response.status !== 206) throw new Error(`the file host of ${dataset} does not answer range requests`);
  if (!startsAsParquet(head!)) throw new Error(`a shard of ${dataset} is not a parquet file`);
  return response.url || url;
}
