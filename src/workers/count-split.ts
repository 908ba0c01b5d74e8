/**
 * The counting worker's second pass (issue 28): once the first board is on screen, the
 * low-cardinality filter columns (language, turn, anonymous) of the row groups read in the first
 * pass are split by, against the tuple numbers that pass kept for each row (KeptRows). The first
 * pass reads only what the board needs, and no vote column is read twice: the second reads the
 * filter columns alone, each chunk once.
 */
import type { FilterTally } from '../core/tally/filter-tally.ts';
import { Utf8Codes } from '../core/tally/utf8-codes.ts';
import type { Share } from './count-protocol.ts';
import { groupCodes, readShare, type OpenedPart, type TalliedRows } from './count-reading.ts';

/**
 * Each row group's tuple numbers (and weights, when summed) in the order the first pass read them,
 * taken back in that order by the second. A group whose tuples all fit in 16 bits keeps them so
 * (20M battles of 150 models: 40 MB, not 80).
 */
export class KeptRows {
  private readonly groups: { keys: Uint16Array | Int32Array; weights: Float64Array | null }[] = [];

  /** Keeps a group's rows; `tuples`: how many tuples the tally held after it (every key is below). */
  keep({ keys, weights }: TalliedRows, tuples: number): void {
    this.groups.push({ keys: tuples <= 0x10000 ? new Uint16Array(keys) : keys, weights });
  }

  /** The next group's rows, given up here (its memory goes with the pass); null when none is left. */
  take(): TalliedRows | null {
    const group = this.groups.shift();
    if (!group) return null;
    return { keys: group.keys instanceof Int32Array ? group.keys : new Int32Array(group.keys), weights: group.weights };
  }

  get length(): number {
    return this.groups.length;
  }
}

/**
 * Reads the share's row groups of `columns` (the filter columns, as `split` names them) and splits
 * the rows `kept` for them by their values. Stops when `live()` turns false or the split is given
 * up; false then (split.overflow says which).
 */
export async function splitShare(
  first: OpenedPart,
  parts: readonly (Blob | string)[],
  share: Share,
  live: () => boolean,
  kept: KeptRows,
  split: FilterTally,
): Promise<boolean> {
  const columns = split.columns;
  const coders = columns.map((_, c) => new Utf8Codes((text) => split.code(c, text)));
  return readShare(
    first,
    parts,
    columns,
    share,
    () => live() && !split.overflow,
    (group) => {
      const rows = kept.take();
      if (!rows || rows.keys.length !== group.rows) {
        split.giveUp('the filter columns were read with other rows than the votes');
        return;
      }
      // Dictionary chunks as they are (their rows combined by index), other columns coded row by row.
      const chunks = columns.map((name, c) => group.dictionaries[c] ?? groupCodes(group, c, name, split, coders[c], c, group.rows, true));
      split.add(rows.keys, chunks, rows.weights, group.rows);
    },
    // Turns and flags too are read from their pages (dictionary or bits), not through parquet-wasm.
    'text, integers and booleans',
  );
}
