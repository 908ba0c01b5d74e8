/**
 * A row group's dictionary-encoded columns tallied without a code per row: each row's dictionary
 * indices make one number (a mixed-radix key; a null is digit 0, index i digit i + 1), rows are
 * counted per key in a dense table, and only the keys met go into the tally, as already grouped
 * tuples. For the few hundred models and handful of verdicts of a vote file this is one pass of
 * array reads over the rows. The rows' own tuple numbers are not kept: a reader that needs them (the
 * page's counting worker, for its second pass) codes each row instead (dictionary-codes.ts,
 * VoteTally.addCoded).
 */
import type { DictionaryChunk } from '../parquet/dictionary-chunk.ts';
import type { VoteTally } from './vote-tally.ts';

/** The dense table of keys holds at most this many counts (16 MiB). */
const KEY_LIMIT = 2 ** 22;

/**
 * Adds `rows` rows whose tallied columns (in the tally's order, unweighted) are `chunks`; false,
 * with nothing added, when the dictionaries are too large together for the dense table.
 */
export function tallyDictionaryRows(tally: VoteTally, chunks: readonly DictionaryChunk[], rows: number): boolean {
  const radix = chunks.map((c) => c.dictionary.length + 1);
  const keys = radix.reduce((p, r) => p * r, 1);
  if (keys > KEY_LIMIT || chunks.some((c) => c.indices.length < rows)) return false;
  const { counts, met } = countKeys(
    chunks.map((c) => c.indices),
    radix,
    keys,
    rows,
  );
  // Each column's code of each digit (a null, then the dictionary), asked of the tally once per chunk.
  const codeOf = chunks.map((chunk, c) => Int32Array.from([null, ...chunk.dictionary], (value) => tally.code(c, value)));
  const codes = chunks.map(() => new Int32Array(met.length));
  const rowsMet = new Float64Array(met.length);
  for (let t = 0; t < met.length; t++) {
    let rest = met[t];
    for (let c = chunks.length - 1; c >= 0; c--) {
      // Integer arithmetic: keys stay below KEY_LIMIT.
      const base = radix[c],
        next = (rest / base) | 0;
      codes[c][t] = codeOf[c][rest - next * base];
      rest = next;
    }
    rowsMet[t] = counts[met[t]];
  }
  tally.addTuples(codes, rowsMet, rowsMet, new Float64Array(met.length), met.length);
  return true;
}

/**
 * Rows per key, and the keys met in the order first met (no scan of the whole table after). Two and
 * three columns (a pair and its verdict: the usual shape) in one fused pass each.
 */
function countKeys(indices: Int32Array[], radix: number[], keys: number, rows: number): { counts: Int32Array; met: Int32Array } {
  const counts = new Int32Array(keys);
  const met = new Int32Array(Math.min(keys, rows));
  let m = 0;
  if (indices.length === 3) {
    const [a, b, w] = indices;
    const rb = radix[1],
      rw = radix[2];
    for (let r = 0; r < rows; r++) {
      const key = ((a[r] + 1) * rb + b[r] + 1) * rw + w[r] + 1;
      if (counts[key]++ === 0) met[m++] = key;
    }
  } else if (indices.length === 2) {
    const [a, b] = indices;
    const rb = radix[1];
    for (let r = 0; r < rows; r++) {
      const key = (a[r] + 1) * rb + b[r] + 1;
      if (counts[key]++ === 0) met[m++] = key;
    }
  } else {
    const row = new Int32Array(rows);
    for (let c = 0; c < indices.length; c++) {
      const column = indices[c],
        base = radix[c];
      for (let r = 0; r < rows; r++) row[r] = row[r] * base + column[r] + 1;
    }
    for (let r = 0; r < rows; r++) if (counts[row[r]]++ === 0) met[m++] = row[r];
  }
  return { counts, met: met.subarray(0, m) };
}
