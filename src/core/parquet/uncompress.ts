/**
 * Page uncompression for the codecs writers use by default: none, Snappy (pyarrow, pandas, Hugging
 * Face) and Zstandard (DuckDB). Any other codec answers null: its chunks are read the general way.
 */
import { decompress } from 'fzstd';
import { Codec } from './footer.ts';
import { snappyUncompress } from './snappy.ts';
import type { Uncompress } from './dictionary-chunk.ts';

export const uncompressPage: Uncompress = (codec, bytes, length) => {
  let out: Uint8Array;
  if (codec === Codec.UNCOMPRESSED) out = bytes;
  else if (codec === Codec.SNAPPY) out = snappyUncompress(bytes, length);
  // No output buffer given: fzstd 0.1.1 compares one with a number (`w == 1`), which turns the
  // whole buffer into a string on every page (three quarters of its time on DuckDB's files).
  else if (codec === Codec.ZSTD) out = decompress(bytes);
  else return null;
  if (out.length !== length) throw new RangeError(`parquet: a page uncompressed to ${out.length} bytes, its header says ${length}`);
  return out;
};
