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

/**
 * The code of each index + 1 of a chunk's dictionary, by `coder`'s column `c`: a null (index -1)
 * first, then each value. A row's code is then one read, `codes[index + 1]`.
 */
export function indexCodes({ dictionary }: DictionaryChunk, coder: Coder, c: number): Int32Array {
  return Int32Array.from([null, ...dictionary], (value) => coder.code(c, value));
}

/**
 * The digits of a mixed-radix key (the last column's digit lowest) into `digits`: how a row key made
 * of columns' indices or codes, as DictionaryTally and FilterTally make them, is read back.
 */
export function keyDigits(key: number, radix: readonly number[], digits: Int32Array): void {
  let rest = key;
  for (let c = radix.length - 1; c >= 0; c--) {
    // Integer arithmetic: keys are below 2^31.
    const next = (rest / radix[c]) | 0;
    digits[c] = rest - next * radix[c];
    rest = next;
  }
}

/** The codes of a chunk's `n` rows, by `coder`'s column `c`. */
export function dictionaryCodes({ dictionary, indices }: DictionaryChunk, coder: Coder, c: number, n: number): Int32Array {
  const keys = Int32Array.from(dictionary, (value) => coder.code(c, value));
  const nullCode = coder.code(c, null);
  const out = new Int32Array(n);
  for (let r = 0; r < n; r++) out[r] = indices[r] < 0 ? nullCode : keys[indices[r]];
  return out;
}
