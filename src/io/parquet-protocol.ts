/** Messages between the page and the parquet decoding worker. The page pulls one row group at a time. */
export type ParquetRequest =
  | { type: 'open'; source: Blob | string }
  | { type: 'read'; group: number; columns: string[] };

export type ParquetResponse =
  | { type: 'opened'; schema: Uint8Array; numRows: number; groupRows: number[] }
  | { type: 'batch'; group: number; rows: number; ipc: Uint8Array }
  | { type: 'error'; message: string };
