/**
 * A vote tally as plain data, to cross between threads, and merged into another tally: the page's
 * counting worker and its helper (workers/count-reading.ts) and the command line's reader and its
 * helper thread (cli/lib/parquet-groups.ts) each tally a share of a file's row groups. Each value is
 * coded again by the receiving tally, then the tuples added as already grouped; the sender's own
 * tables (lookups, folds) stay behind.
 */
import type { Cell } from '../schema/row-vote.ts';
import type { VoteTally } from './vote-tally.ts';

/** Values by code, each tuple's codes, rows, summed weight, rows with an invalid weight. */
export interface TallyData {
  values: Cell[][];
  codes: Int32Array[];
  rows: Float64Array;
  weight: Float64Array;
  invalid: Float64Array;
}

/** The tally as typed arrays (a message moves them without copying); tuple t stays tuple t. */
export function tallyData(tally: VoteTally): TallyData {
  return {
    values: tally.values,
    codes: tally.codes.map((list) => Int32Array.from(list)),
    rows: Float64Array.from(tally.rows),
    weight: Float64Array.from(tally.weight),
    invalid: Float64Array.from(tally.invalid),
  };
}

/** Adds a helper's tally to `tally` (same columns); returns the number here of each of its tuples. */
export function mergeTally(tally: VoteTally, data: TallyData): Int32Array {
  if (data.codes.length !== tally.columns.length) {
    throw new RangeError(`mergeTally: a tally of ${data.codes.length} columns merged into one of ${tally.columns.length}`);
  }
  // Each value coded here once, then the tuples folded column by column (not a tuple at a time: 90,000 for 150 models).
  const codes = data.codes.map((list, c) => {
    const here = data.values[c].map((value) => tally.code(c, value));
    return Int32Array.from(list, (code) => here[code]);
  });
  return tally.addTuples(codes, data.rows, data.weight, data.invalid, data.rows.length);
}
