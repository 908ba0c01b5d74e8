/// <reference lib="webworker" />
/**
 * Decodes parquet with parquet-wasm off the main thread (DuckDB-WASM 1.32 cannot read parquet
 * offline, see STACK.md). `ParquetFile` reads a File or a URL (HTTP range requests) and honours the
 * column list, so long text columns are never decoded unless asked for.
 */
import init, { ParquetFile } from 'parquet-wasm/esm';
import wasmUrl from 'parquet-wasm/esm/parquet_wasm_bg.wasm?url';
import type { ParquetRequest, ParquetResponse } from './parquet-protocol';

let file: ParquetFile | null = null;
const ready = init({ module_or_path: wasmUrl });

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
          ? await ParquetFile.fromUrl(request.source)
          : await ParquetFile.fromFile(request.source);
      const meta = file.metadata();
      const groupRows = meta.rowGroups().map((g) => g.numRows());
      const schema = file.schema().intoIPCStream();
      reply({ type: 'opened', schema, numRows: meta.fileMetadata().numRows(), groupRows }, [schema.buffer]);
    } else {
      if (!file) throw new Error('no parquet file is open');
      const table = await file.read({ rowGroups: [request.group], columns: request.columns });
      const rows = table.recordBatches().reduce((sum, batch) => sum + batch.numRows, 0);
      const ipc = table.intoIPCStream();
      reply({ type: 'batch', group: request.group, rows, ipc }, [ipc.buffer]);
    }
  } catch (error) {
    reply({ type: 'error', message: describe(error) });
  }
};

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
