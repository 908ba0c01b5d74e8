/**
 * The filter tally's table while it fits (filter-tally.ts): one cell per (base tuple, combination of
 * filter codes), at base × stride + combination, counting rows (and, when weighted, summing valid
 * weight and invalid rows). The vote tally numbered its tuples densely and the filter columns make a
 * few dozen combinations, so a row costs one increment in a table sized from those two numbers, and
 * no lookup: 20M battles of 150 models × 24 combinations make 2.1M cells.
 * A row lands on a random cell, so the table's size sets the pace: rows are counted in a byte per
 * cell (`low`), each 256 carried to a 32-bit count (`high`) that a row rarely touches. Node, 10M
 * rows over 89,400 tuples × 24 combinations: 16–20 ns a row with 32-bit counts, 4.5–4.8 with bytes.
 */

/** Bytes a table may take by default (the split tuples' list it stands for takes about as much). */
export const CELL_BYTES = 64 * 2 ** 20;

export class SplitCells {
  /** Rows of each cell, modulo 256, and how many times 256; a cell with none holds no split tuple. */
  private low = new Uint8Array(0);
  private high = new Int32Array(0);
  /** Valid weight summed and invalid rows, when weighted (unweighted: weight is rows, none invalid). */
  weight: Float64Array | null;
  invalid: Int32Array | null;
  /** Cells holding rows (the split tuples). */
  filled = 0;
  /** log2 of the combinations a base tuple has room for. */
  private shift = 0;
  /** Base tuples with room. */
  private bases = 0;

  constructor(
    readonly weighted: boolean,
    private readonly maxBytes = CELL_BYTES,
  ) {
    this.weight = weighted ? new Float64Array(0) : null;
    this.invalid = weighted ? new Int32Array(0) : null;
  }

  /** Cells in the table (base tuples with room × stride). */
  get size(): number {
    return this.low.length;
  }

  /** Rows of cell i. */
  rowsAt(i: number): number {
    return this.high[i] * 256 + this.low[i];
  }

  get stride(): number {
    return 1 << this.shift;
  }

  /**
   * Room for base tuples below `bases` and combinations below `combos`; false (nothing changed) when
   * that table would be bigger than maxBytes: the tally then keeps its split tuples in a list.
   */
  fit(bases: number, combos: number): boolean {
    const shift = Math.max(this.shift, Math.ceil(Math.log2(Math.max(1, combos))));
    if (bases <= this.bases && shift === this.shift) return true;
    const capacity = Math.max(bases, this.bases, shift === this.shift ? 2 * this.bases : 0, 1024);
    const cells = capacity * 2 ** shift;
    if (cells * (this.weighted ? 17 : 5) > this.maxBytes) return false;
    const old = this.shift;
    const move = <T extends Uint8Array | Int32Array | Float64Array>(from: T, to: T): T => {
      // Base tuple b's cells start at b << shift: where they were, when the stride grew.
      if (old === shift) to.set(from);
      else for (let b = 0; b < this.bases; b++) to.set(from.subarray(b << old, (b + 1) << old), b << shift);
      return to;
    };
    this.low = move(this.low, new Uint8Array(cells));
    this.high = move(this.high, new Int32Array(cells));
    if (this.weight) this.weight = move(this.weight, new Float64Array(cells));
    if (this.invalid) this.invalid = move(this.invalid, new Int32Array(cells));
    this.shift = shift;
    this.bases = capacity;
    return true;
  }

  /** Counts rows [0, count): each one's base tuple and combination (within fit), and its weight when weighted. */
  add(keys: ArrayLike<number>, combos: ArrayLike<number>, weights: ArrayLike<number> | null, count: number): void {
    const { low, high, shift } = this;
    let filled = 0;
    if (!this.weighted) {
      for (let r = 0; r < count; r++) filled += bump(low, high, (keys[r] << shift) | combos[r]);
    } else {
      const weight = this.weight!,
        invalid = this.invalid!;
      for (let r = 0; r < count; r++) {
        const i = (keys[r] << shift) | combos[r];
        filled += bump(low, high, i);
        const w = weights![r];
        if (Number.isFinite(w) && w > 0) weight[i] += w;
        else invalid[i]++;
      }
    }
    this.filled += filled;
  }

  /** Adds a split tuple's rows, valid weight and invalid rows to its cell (within fit). */
  addCell(base: number, combo: number, rows: number, weight: number, invalid: number): void {
    const i = (base << this.shift) | combo;
    const before = this.rowsAt(i);
    if (before === 0 && rows > 0) this.filled++;
    const after = before + rows;
    this.low[i] = after % 256;
    this.high[i] = Math.floor(after / 256);
    if (this.weight) this.weight[i] += weight;
    if (this.invalid) this.invalid[i] += invalid;
  }
}

/** One more row in cell i of a byte-and-carry count; 1 when the cell had none, else 0. */
function bump(low: Uint8Array, high: Int32Array, i: number): number {
  const n = low[i];
  if (n === 255) {
    low[i] = 0;
    high[i]++;
    return 0;
  }
  low[i] = n + 1;
  return n === 0 && high[i] === 0 ? 1 : 0;
}
