/**
 * How much DuckDB memory loading a file will take, roughly, from its schema and row count — so a
 * file far too big for a tab is refused before it is read rather than failing halfway.
 * Per value: DuckDB keeps 16 bytes per string (longer strings add their text), 8 per number,
 * 1 per boolean; nested values count their fields. The page holds the file (`raw`) and the coded
 * `battles` table beside it (model names as ENUM codes, the other columns copied): about 1.5 copies.
 * Checked against DuckDB-WASM: 20M battles with string columns take about 1.2 GiB as one table.
 */
const STRING_BYTES = 16; // short strings live inline in DuckDB's 16-byte string_t
export const COPIES = 1.5;

export function estimateLoadBytes(columnTypes: readonly string[], rows: number): number {
  const perRow = columnTypes.reduce((sum, type) => sum + bytesOf(type), 0);
  return perRow * rows * COPIES;
}

function bytesOf(type: string): number {
  const t = type.toUpperCase();
  if (t.endsWith('[]') || t.startsWith('LIST')) return 64; // lists of text: long, read later when they are text
  if (t.startsWith('STRUCT')) {
    const fields = t.match(/\b(VARCHAR|BIGINT|INTEGER|DOUBLE|FLOAT|BOOLEAN|TIMESTAMP|DATE)\b/g) ?? [];
    return fields.reduce((sum, f) => sum + bytesOf(f), 0);
  }
  if (t === 'VARCHAR' || t === 'BLOB' || t === 'UNKNOWN') return STRING_BYTES;
  if (t === 'BOOLEAN') return 1;
  return 8;
}

/**
 * Where a dataset's tables live. DuckDB's plain in-memory database fills fastest; its compressed
 * one (dictionary, bit-packing) holds the same tables in a small fraction of the space but takes
 * about 1.7× as long to fill. Files estimated past PACK_ABOVE_BYTES go there: measured plain use
 * runs to ~1.4× the estimate (5M battles: 572 MiB estimated, 793 MiB used), so plain datasets stay
 * under ~750 MiB, and 20M battles take ~0.1 GiB packed instead of ~3 GiB.
 */
export type Storage = 'memory' | 'packed';
export const PACK_ABOVE_BYTES = 512 * 2 ** 20;

export function storageFor(estimatedBytes: number): Storage {
  return estimatedBytes > PACK_ABOVE_BYTES ? 'packed' : 'memory';
}

/**
 * Packed tables take this share of the plain estimate, at most. Measured in DuckDB-WASM on 20M
 * battles: 0.05 with low-cardinality columns, 0.24 with 500,000 distinct judges and timestamps to
 * the millisecond; a third leaves room for text that compresses worse.
 */
export const PACKED_SHARE = 1 / 3;

/** What a file of this plain estimate will take in the database storageFor() sends it to. */
export function storedBytes(estimatedBytes: number): number {
  return storageFor(estimatedBytes) === 'packed' ? estimatedBytes * PACKED_SHARE : estimatedBytes;
}

/** Past this (storedBytes), a file is refused before loading: the wasm32 heap is 4 GiB and DuckDB's limit about 3.1. */
export const LOAD_BUDGET_BYTES = 2.5 * 2 ** 30;
