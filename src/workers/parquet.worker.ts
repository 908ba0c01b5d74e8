/// <reference lib="webworker" />
/**
 * Decodes parquet with parquet-wasm off the main thread: DuckDB-WASM 1.32 ships without its parquet
 * extension and would fetch it from DuckDB's extension host, which a page that sends nothing out may
 * not reach (see io/duckdb.ts). `ParquetFile` reads a File or a URL (HTTP range requests) and honours the
 * column list, so long text columns are never decoded unless asked for.
 */
import init, { ParquetFile } from 'parquet-wasm/esm';
import wasmUrl from 'parquet-wasm/esm/parquet_wasm_bg.wasm?url';
import type { ParquetRequest, ParquetResponse } from './parquet-protocol.ts';
import { startsAsParquet } from '../core/parquet/footer.ts';

let file: ParquetFile | null = null;
const ready = init({ module_or_path: wasmUrl });

// Counts what the reader receives (Content-Length is readable on cross-origin answers too), so
// the page can say how much of a remote file it read.
let bytes = 0;
const networkFetch = self.fetch.bind(self);
self.fetch = async (input, init) => {
  const response = await networkFetch(input, init);
  bytes += Number(response.headers.get('content-length') ?? 0);
  return response;
};

function reply(message: ParquetResponse, transfer: Transferable[] = []): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(message, transfer);
}

self.onmessage = async (event: MessageEvent<ParquetRequest>) => {
  const request = event.data;
  try {
    await ready;
    if (request.type === 'open') {
      file?.free();
      file =
        typeof request.source === 'string'
          ? await ParquetFile.fromUrl(await probe(request.source))
          : await ParquetFile.fromFile(request.source);
      const meta = file.metadata();
      const groupRows = meta.rowGroups().map((g) => g.numRows());
      const schema = file.schema().intoIPCStream();
      reply({ type: 'opened', schema, numRows: meta.fileMetadata().numRows(), groupRows, bytes }, [schema.buffer]);
    } else {
      if (!file) throw new Error('no parquet file is open');
      const table = await file.read({ rowGroups: [request.group], columns: request.columns });
      const rows = table.recordBatches().reduce((sum, batch) => sum + batch.numRows, 0);
      const ipc = table.intoIPCStream();
      reply({ type: 'batch', group: request.group, rows, ipc, bytes }, [ipc.buffer]);
    }
  } catch (error) {
    reply({ type: 'error', message: describe(error) });
  }
};

/**
 * One small range request first, so a host that is down, refuses this page (CORS), lacks range
 * requests or serves something else gets a message that says so — not a panic from the reader.
 * Returns the address it was redirected to (the Hub's file addresses redirect to a file host), so
 * the reader's range requests go there directly instead of through the redirects each time.
 */
async function probe(url: string): Promise<string> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Range: 'bytes=0-3' } });
  } catch {
    throw new Error(`could not reach ${url}: the host is down, or it does not allow other sites to read the file (CORS)`);
  }
  if (!response.ok) throw new Error(`the host answered HTTP ${response.status} for ${url}`);
  if (response.status !== 206) {
    await response.body?.cancel();
    throw new Error(
      `the host of ${url} does not support HTTP range requests, so the file cannot be read in parts; download it and open the local file`,
    );
  }
  const head = new Uint8Array(await response.arrayBuffer());
  if (!startsAsParquet(head)) throw new Error(`${url} is not a parquet file (it does not start with PAR1)`);
  return response.url || url;
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
