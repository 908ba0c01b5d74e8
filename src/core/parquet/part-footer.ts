/**
 * A parquet part's footer from its last bytes, whoever fetches them: the counting worker (a local
 * file's slices, or range requests) and the command line (a local file's reads).
 */
import { footerLength, readFooter, TAIL_BYTES, type ParquetFooter } from './footer.ts';

/** Byte ranges of one parquet part. */
export interface PartBytes {
  /** Bytes [start, end) of the part. */
  range(start: number, end: number): Promise<Uint8Array>;
  /** The last `length` bytes (fewer when the part is shorter). */
  tail(length: number): Promise<Uint8Array>;
}

/** A footer read in one request when it fits in the first tail read (it usually does), else in two. */
const FIRST_TAIL = 64 * 1024;

/** The part's footer, read by core/parquet; null when it cannot be (another reader reads the part then). */
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
