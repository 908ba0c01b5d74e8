/**
 * Row groups of dictionary-encoded columns tallied without folding a tuple per row: each dictionary
 * index is turned into the tally's code once per chunk, each row's codes make one key (a
 * mixed-radix number), rows counted per key in a dense table, and only the keys a group
 * met go to the tally. A key the tally already holds (most of them after the first groups: 150
 * models make 89,400 tuples, each row group of 20M battles meets half of them) is looked up in a
 * table kept across groups, not folded again. For the few hundred models and handful of verdicts of
 * a vote file this is a few passes of array reads over the rows.
 */
import type { DictionaryChunk } from '../parquet/dictionary-chunk.ts';
import type { VoteTally } from './vote-tally.ts';
import { indexCodes, keyDigits } from './dictionary-codes.ts';

/** The dense tables hold at most this many keys (2 × 16 MiB). */
const KEY_LIMIT = 2 ** 22;
/** Rows counted before they are settled into the tally, at most (the counts are 32-bit). */
const PENDING_LIMIT = 2 ** 31 - 1;

export class DictionaryTally {
  /** Each column's radix in a key (above every code the tally has given): a key is a mixed-radix number. */
  private radix: number[];
  /** Key → its tuple + 1 (0: never met; -1: met in the group being read, its tuple not asked yet). */
  private tupleOf = new Int32Array(0);
  /** Rows per key not yet settled into the tally, and the keys met (each once). */
  private counts = new Int32Array(0);
  private met: number[] = [];
  private pending = 0;

  constructor(private readonly tally: VoteTally) {
    this.radix = tally.columns.map(() => 0);
  }

  /**
   * Counts `rows` rows whose tallied columns (in the tally's order, unweighted) are `chunks`; false,
   * with nothing counted, when the codes are too many together for the dense tables. The tally holds
   * their tuples at once, their rows after settle().
   */
  add(chunks: readonly DictionaryChunk[], rows: number): boolean {
    return this.count(chunks, rows, false) !== null;
  }

  /** As add, and returns each row's tuple number in the tally (as VoteTally.addCoded does); null when add is false. */
  addRows(chunks: readonly DictionaryChunk[], rows: number): Int32Array | null {
    return this.count(chunks, rows, true);
  }

  /** Adds the rows counted so far to their tuples in the tally: before anything reads it. */
  settle(): void {
    const { tally, counts, tupleOf } = this;
    for (const key of this.met) {
      const n = counts[key];
      if (n === 0) continue;
      const t = tupleOf[key] - 1;
      tally.rows[t] += n;
      tally.weight[t] += n;
      counts[key] = 0;
    }
    tally.totalRows += this.pending;
    this.pending = 0;
  }

  /**
   * Counts the rows; returns each row's key, or its tuple when `tuples` (a key met for the first
   * time in this group has no tuple until the group's end: its rows are mended then, a rare pass).
   * Null when the keys do not fit.
   */
  private count(chunks: readonly DictionaryChunk[], rows: number, tuples: boolean): Int32Array | null {
    if (chunks.length !== this.tally.columns.length || chunks.some((c) => c.indices.length < rows)) return null;
    const codeOf = chunks.map((chunk, c) => indexCodes(chunk, this.tally, c));
    if (!this.fit()) return null;
    if (this.pending + rows > PENDING_LIMIT) this.settle();
    // Each code times its column's place value: a row's key is the sum of its columns' terms.
    let place = 1;
    const terms: Int32Array[] = [];
    for (let c = chunks.length - 1; c >= 0; c--) {
      terms[c] = codeOf[c].map((code) => code * place);
      place *= this.radix[c];
    }
    const { counts, tupleOf } = this;
    const keys = new Int32Array(rows);
    // Keys first met in this group (few after the first groups: a branch the processor predicts).
    const fresh: number[] = [];
    // A row with a key not yet given a tuple keeps -1 − key until the group's fresh keys have theirs.
    if (chunks.length === 3) {
      // A pair and its verdict (the usual shape): one fused pass.
      const [a, b, w] = chunks.map((c) => c.indices);
      const [ta, tb, tw] = terms;
      for (let r = 0; r < rows; r++) keys[r] = countKey(ta[a[r] + 1] + tb[b[r] + 1] + tw[w[r] + 1], counts, tupleOf, fresh, tuples);
    } else {
      for (let c = 0; c < chunks.length; c++) {
        const indices = chunks[c].indices,
          term = terms[c];
        for (let r = 0; r < rows; r++) keys[r] += term[indices[r] + 1];
      }
      for (let r = 0; r < rows; r++) keys[r] = countKey(keys[r], counts, tupleOf, fresh, tuples);
    }
    this.pending += rows;
    if (fresh.length) {
      this.addFresh(fresh);
      if (tuples) for (let r = 0; r < rows; r++) if (keys[r] < 0) keys[r] = tupleOf[-1 - keys[r]] - 1;
    }
    return keys;
  }

  /** New keys' tuples, asked of the tally (with no rows yet: settle() adds them). */
  private addFresh(fresh: number[]): void {
    const radix = this.radix;
    const codes = radix.map(() => new Int32Array(fresh.length));
    const digits = new Int32Array(radix.length);
    for (let t = 0; t < fresh.length; t++) {
      keyDigits(fresh[t], radix, digits);
      digits.forEach((code, c) => (codes[c][t] = code));
    }
    const none = new Float64Array(fresh.length);
    const tuples = this.tally.addTuples(codes, none, none, none, fresh.length);
    for (let t = 0; t < fresh.length; t++) {
      this.tupleOf[fresh[t]] = tuples[t] + 1;
      this.met.push(fresh[t]);
    }
  }

  /** Widens the keys when the tally's codes outgrew their radix (rows settled, the tables made anew); false when they cannot fit. */
  private fit(): boolean {
    const values = this.tally.values.map((v) => v.length);
    if (values.every((n, c) => n <= this.radix[c])) return true;
    // Room for a quarter more values than now, so that a few new ones do not make the tables again.
    const radix = values.map((n, c) => (n <= this.radix[c] ? this.radix[c] : Math.ceil(n * 1.25)));
    const size = radix.reduce((p, r) => p * r, 1);
    if (size > KEY_LIMIT) return false;
    this.settle();
    this.radix = radix;
    this.counts = new Int32Array(size);
    this.tupleOf = new Int32Array(size);
    this.met = [];
    return true;
  }
}

/**
 * Counts a row of `key` and returns what its place in the group's keys holds: its tuple (or the key
 * itself, unless `tuples`), or −1 − key while the key has no tuple yet (noted in `fresh` when first met).
 */
function countKey(key: number, counts: Int32Array, tupleOf: Int32Array, fresh: number[], tuples: boolean): number {
  counts[key]++;
  const t = tupleOf[key];
  if (t > 0) return tuples ? t - 1 : key;
  if (t === 0) {
    tupleOf[key] = -1;
    fresh.push(key);
  }
  return tuples ? -1 - key : key;
}
