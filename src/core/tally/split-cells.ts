/**
 * The filter tally's table while it fits (filter-tally.ts): one cell per (base tuple, combination of
 * filter codes), at base × stride + combination, counting rows (and, when weighted, summing valid
 * weight and invalid rows). The vote tally numbered its tuples densely and the filter columns make a
 * few dozen combinations, so a row costs one increment in a table sized from those two numbers, and
 * no lookup: 20M battles of 150 models × 24 combinations make 2.1M cells (8.6 MB of counts).
 */

/** Bytes a table may take by default (the split tuples' list it stands for takes about as much). */
export const CELL_BYTES = 64 * 2 ** 20;

export class SplitCells {
  /** Rows of each cell; a cell with none holds no split tuple. */
  rows = new Int32Array(0);
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
    if (cells * (this.weighted ? 16 : 4) > this.maxBytes) return false;
    const old = this.shift;
    const move = <T extends Int32Array | Float64Array>(from: T, to: T): T => {
      // Base tuple b's cells start at b << shift: where they were, when the stride grew.
      if (old === shift) to.set(from);
      else for (let b = 0; b < this.bases; b++) to.set(from.subarray(b << old, (b + 1) << old), b << shift);
      return to;
    };
    this.rows = move(this.rows, new Int32Array(cells));
    if (this.weight) this.weight = move(this.weight, new Float64Array(cells));
    if (this.invalid) this.invalid = move(this.invalid, new Int32Array(cells));
    this.shift = shift;
    this.bases = capacity;
    return true;
  }

  /** Counts rows [0, count): each one's base tuple and combination (within fit), and its weight when weighted. */
  add(keys: ArrayLike<number>, combos: ArrayLike<number>, weights: ArrayLike<number> | null, count: number): void {
    const { rows, shift } = this;
    let filled = 0;
    if (!this.weighted) {
      for (let r = 0; r < count; r++) if (rows[(keys[r] << shift) | combos[r]]++ === 0) filled++;
    } else {
      const weight = this.weight!,
        invalid = this.invalid!;
      for (let r = 0; r < count; r++) {
        const i = (keys[r] << shift) | combos[r];
        if (rows[i]++ === 0) filled++;
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
    if (this.rows[i] === 0 && rows > 0) this.filled++;
    this.rows[i] += rows;
    if (this.weight) this.weight[i] += weight;
    if (this.invalid) this.invalid[i] += invalid;
  }
}
