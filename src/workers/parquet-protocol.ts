/** Messages between the page and the parquet decoding worker. The page pulls one row group at a time. */
export type ParquetRequest = { type: 'open'; source: Blob | string } | { type: 'read'; group: number; columns: string[] };

/** `bytes`: bytes received over the network by this worker so far (0 for a local file). */
export type ParquetResponse =
  | { type: 'opened'; schema: Uint8Array; numRows: number; groupRows: number[]; bytes: number }
  | { type: 'batch'; group: number; rows: number; ipc: Uint8Array; bytes: number }
  | { type: 'error'; message: string };
