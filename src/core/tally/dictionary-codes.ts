/**
 * A dictionary-encoded column chunk (core/parquet/dictionary-chunk.ts) turned into a tally's codes:
 * each distinct value coded once, each row taking its value's code. Shared by the page's counting
 * worker and the command line's own parquet count.
 */
import type { DictionaryChunk } from '../parquet/dictionary-chunk.ts';
import type { Cell } from '../schema/row-vote.ts';

/** Something that codes a column's values: a VoteTally, or a FilterTally for the filter columns. */
export interface Coder {
  code(c: number, value: Cell): number;
}

/** The codes of a chunk's `n` rows, by `coder`'s column `c`. */
export function dictionaryCodes({ dictionary, indices }: DictionaryChunk, coder: Coder, c: number, n: number): Int32Array {
  const keys = Int32Array.from(dictionary, (value) => coder.code(c, value));
  const nullCode = coder.code(c, null);
  const out = new Int32Array(n);
  for (let r = 0; r < n; r++) out[r] = indices[r] < 0 ? nullCode : keys[indices[r]];
  return out;
}
