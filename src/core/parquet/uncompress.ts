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
  else if (codec === Codec.ZSTD) out = decompress(bytes, new Uint8Array(length));
  else return null;
  if (out.length !== length) throw new RangeError(`parquet: a page uncompressed to ${out.length} bytes, its header says ${length}`);
  return out;
};
