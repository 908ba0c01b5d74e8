/**
 * Byte ranges of one parquet part, for the counting worker's own reader: slices of a local file, or
 * range requests to the address the user gave (the same requests parquet-wasm makes there). A server
 * that answers a range with the whole file is not read this way: the request is stopped, and
 * parquet-wasm reads the part.
 */
import { footerLength, readFooter, TAIL_BYTES, type ParquetFooter } from '../core/parquet/footer.ts';

export interface PartBytes {
  /** Bytes [start, end) of the part. */
  range(start: number, end: number): Promise<Uint8Array>;
  /** The last `length` bytes (fewer when the part is shorter). */
  tail(length: number): Promise<Uint8Array>;
}

export function partBytes(part: Blob | string): PartBytes {
  if (typeof part !== 'string') {
    return {
      range: async (start, end) => new Uint8Array(await part.slice(start, end).arrayBuffer()),
      tail: async (length) => new Uint8Array(await part.slice(Math.max(0, part.size - length)).arrayBuffer()),
    };
  }
  return {
    range: (start, end) => rangeRequest(part, `bytes=${start}-${end - 1}`),
    tail: (length) => rangeRequest(part, `bytes=-${length}`),
  };
}

async function rangeRequest(url: string, range: string): Promise<Uint8Array> {
  const stop = new AbortController();
  const response = await fetch(url, { headers: { Range: range }, signal: stop.signal });
  if (response.status !== 206) {
    stop.abort();
    throw new Error(`${url}: a range request answered ${response.status}, not 206`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

/** A footer read in one request when it fits in the first tail read (it usually does), else in two. */
const FIRST_TAIL = 64 * 1024;

/** The part's footer, read by core/parquet; null when it cannot be (parquet-wasm reads the part then). */
export async function partFooter(bytes: PartBytes): Promise<ParquetFooter | null> {
  try {
    let tail = await bytes.tail(FIRST_TAIL);
    const length = footerLength(tail.subarray(tail.length - TAIL_BYTES));
    if (length + TAIL_BYTES > tail.length) tail = await bytes.tail(length + TAIL_BYTES);
    return readFooter(tail.subarray(tail.length - TAIL_BYTES - length, tail.length - TAIL_BYTES));
  } catch {
    return null;
  }
}
