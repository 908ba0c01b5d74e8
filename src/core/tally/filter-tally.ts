/**
 * Filters before DuckDB (issue 28): while the counting worker tallies the mapped columns, it also
 * splits each tuple by the values of a few low-cardinality columns the preset offers as filters
 * (language, turn, anonymous). The result is a cube — (pair, outcome, filter values) → votes — that
 * answers those filters and the outcome toggles (CubeCounts) with the same cells DuckDB would count.
 * A column with more than VALUE_CAP values in the first row group read is left out; past VALUE_CAP
 * values later, or TUPLE_CAP tuples, the split is given up: the filters then wait for DuckDB as
 * before, and nothing else is lost. Which columns are split on: filter-columns.ts.
 */
import type { Cell } from '../schema/row-vote.ts';
import type { CubeValue } from './cube-counts.ts';
import { PairIndex } from './pair-index.ts';
import { CELL_BYTES, SplitCells } from './split-cells.ts';
import type { DictionaryChunk } from '../parquet/dictionary-chunk.ts';
import { indexCodes, keyDigits } from './dictionary-codes.ts';

/** Distinct values a filter column may have (CubeCounts codes a value in a byte). */
export const VALUE_CAP = 255;
/** Distinct (tuple, filter values) combinations kept: 20M battles of 150 models × 4 outcomes × 4 languages × 3 turns × 2 make 2.1M. */
export const TUPLE_CAP = 3_000_000;

/** A row group's combinations of filter columns' dictionary indices are looked up in a table of at most this many. */
const INDEX_KEYS = 2 ** 16;

/** A FilterTally as plain data (a helper's share, sent whole). */
export interface FilterTallyData {
  values: CubeValue[][];
  /** Columns left out (too many values in the first group read). */
  dropped: string[];
  base: Int32Array;
  codes: Int32Array[];
  rows: Float64Array;
  weight: Float64Array;
  invalid: Float64Array;
}

/**
 * Rows of a VoteTally's tuples split by the filter columns' values: each split tuple is its base
 * tuple (the VoteTally's number), its filter codes, rows, summed valid weight and rows with an
 * invalid weight, as VoteTally keeps them. A row's filter codes are folded into one combination
 * first (a few dozen of them, in tiny tables); the rows are then counted straight into a table of
 * (base tuple, combination) cells (SplitCells) while it fits, else with the base tuple folded into
 * a split tuple's number through a bigger table. The split tuples are listed from the cells once
 * asked for (settle): typed arrays, grown by doubling, hold them.
 */
export class FilterTally {
  readonly values: CubeValue[][];
  /** The split tuples, once settled: each one's base tuple, codes, rows, valid weight and invalid rows. */
  base = new Int32Array(0);
  /** Each tuple's code per column (a code is below VALUE_CAP: a byte). */
  codes: Uint8Array[];
  rows = new Float64Array(0);
  weight = new Float64Array(0);
  invalid = new Float64Array(0);
  /** Why the split was given up (then it holds nothing); null while it holds. */
  overflow: string | null = null;
  /** Columns left out: codes of theirs are 0 and split nothing. */
  readonly dropped: boolean[];
  private size = 0;
  private readonly lookups: Map<CubeValue, number>[];
  /** Filter codes folded into a combination, column after column (the first column's code starts it). */
  private readonly combos: PairIndex[];
  /** (base tuple, combination) → split tuple. */
  private tupleIndex = new PairIndex();
  /** The rows counted by cell while the table fits; null once listed as split tuples. */
  private cells: SplitCells | null;
  /** Each combination's code per column, and whether it is known yet. */
  private comboCodes: Uint8Array[];
  private comboKnown = new Uint8Array(0);
  /** Split tuples listed by settle, not yet in tupleIndex. */
  private unindexed = false;

  constructor(
    readonly columns: readonly string[],
    readonly weighted: boolean,
    private readonly tupleCap = TUPLE_CAP,
    cellBytes = CELL_BYTES,
  ) {
    this.values = columns.map(() => []);
    this.codes = columns.map(() => new Uint8Array(0));
    this.lookups = columns.map(() => new Map());
    this.combos = columns.map(() => new PairIndex());
    this.dropped = columns.map(() => false);
    this.cells = new SplitCells(weighted, cellBytes);
    this.comboCodes = columns.map(() => new Uint8Array(0));
  }

  /**
   * A VoteTally's own tuples, split by no column: for a file with no column to filter on (pair
   * counts, a bare three-column export), its cube still answers the outcome toggles before DuckDB.
   */
  static unsplit(tally: {
    weighted: boolean;
    rows: readonly number[];
    weight: readonly number[];
    invalid: readonly number[];
  }): FilterTally {
    const split = new FilterTally([], tally.weighted);
    split.cells = null;
    split.grow(tally.rows.length);
    tally.rows.forEach((rows, t) => {
      split.base[t] = t;
      split.rows[t] = rows;
      split.weight[t] = tally.weight[t];
      split.invalid[t] = tally.invalid[t];
    });
    return split;
  }

  /** The columns split on (those not left out), by number. */
  get kept(): number[] {
    return this.columns.flatMap((_, c) => (this.dropped[c] ? [] : [c]));
  }

  /**
   * The code of a value in column `c`. Past VALUE_CAP values, or for an integer no double holds,
   * the column is left out while nothing is tallied yet (its code is then 0), else the split given up.
   */
  code(c: number, value: Cell): number {
    if (this.dropped[c]) return 0;
    let v: CubeValue;
    if (typeof value === 'bigint') {
      if (!Number.isSafeInteger(Number(value))) return this.tooMany(c, `"${this.columns[c]}" holds integers past 2^53`);
      v = Number(value);
    } else v = value === undefined ? null : value;
    let code = this.lookups[c].get(v);
    if (code === undefined) {
      code = this.values[c].length;
      if (code >= VALUE_CAP) return this.tooMany(c, `"${this.columns[c]}" has more than ${VALUE_CAP} values`);
      this.values[c].push(v);
      this.lookups[c].set(v, code);
    }
    return code;
  }

  /**
   * Adds `count` rows: each one's base tuple (`keys`), each filter column's rows either as a
   * dictionary chunk or as their codes and, when weighted, each row's weight. A row's combination is
   * looked up by its dictionary indices: a dictionary's values are coded once per chunk, not per row.
   */
  add(keys: Int32Array, columns: readonly (DictionaryChunk | Int32Array)[], weights: ArrayLike<number> | null, count: number): void {
    if (this.overflow) return;
    // Each column as indices and each index + 1's code (a null first); codes are their own indices.
    const indexed = columns.map((column, c) =>
      column instanceof Int32Array
        ? { indices: column, codeOf: Int32Array.from({ length: Math.max(1, this.values[c].length) + 1 }, (_, i) => Math.max(0, i - 1)) }
        : { indices: column.indices, codeOf: indexCodes(column, this, c) },
    );
    if (this.overflow) return;
    const combo = this.chunkCombos(indexed, count);
    if (combo) this.addCombined(keys, combo, weights, count);
    else {
      const codes = indexed.map(({ indices, codeOf }) => Int32Array.from(indices.subarray(0, count), (i) => codeOf[i + 1]));
      this.addCombined(keys, this.combine(codes, count), weights, count);
    }
  }

  /** Rows of known combinations to their split tuples (in cells while they fit, else listed). */
  private addCombined(keys: Int32Array, combo: Int32Array, weights: ArrayLike<number> | null, count: number): void {
    // Columns are left out only before anything is added (tooMany): which ones is settled by now.
    const kept = this.kept;
    if (this.cells) {
      let bases = 0;
      for (let r = 0; r < count; r++) if (keys[r] >= bases) bases = keys[r] + 1;
      if (this.cells.fit(bases, this.comboCount)) {
        this.cells.add(keys, combo, weights, count);
        if (this.cells.filled > this.tupleCap) this.giveUp(`more than ${this.tupleCap.toLocaleString('en-US')} combinations of values`);
        return;
      }
      this.settle();
    }
    this.index();
    const split = keys.slice(0, count);
    this.tupleIndex.fold(split, combo, count);
    const before = this.size;
    this.grow(this.tupleIndex.size);
    const { base, rows, weight, invalid } = this;
    for (let r = 0; r < count; r++) {
      const t = split[r];
      if (t >= before && base[t] === -1) {
        base[t] = keys[r];
        for (const c of kept) this.codes[c][t] = this.comboCodes[c][combo[r]];
      }
      rows[t]++;
      if (!this.weighted) weight[t]++;
      else {
        const w = weights![r];
        if (Number.isFinite(w) && w > 0) weight[t] += w;
        else invalid[t]++;
      }
    }
    if (this.size > this.tupleCap) this.giveUp(`more than ${this.tupleCap.toLocaleString('en-US')} combinations of values`);
  }

  /**
   * Each row's combination from its columns' indices (`codeOf`: the code of each index + 1, a null
   * first): the group's few index combinations are each combined once. Null when they are too many
   * for a table.
   */
  private chunkCombos(columns: readonly { indices: Int32Array; codeOf: Int32Array }[], count: number): Int32Array | null {
    const radix = columns.map(({ codeOf }) => codeOf.length);
    const size = radix.reduce((p, r) => p * r, 1);
    if (size > INDEX_KEYS) return null;
    const keys = indexKeys(
      columns.map((column) => column.indices),
      radix,
      count,
    );
    const comboOf = new Int32Array(size).fill(-1);
    for (let r = 0; r < count; r++) {
      const key = keys[r];
      const k = comboOf[key];
      keys[r] = k >= 0 ? k : (comboOf[key] = this.comboOfKey(key, columns, radix));
    }
    return keys;
  }

  /** The combination of a row key first met in a chunk: its columns' codes, folded as combine folds them. */
  private comboOfKey(key: number, columns: readonly { codeOf: Int32Array }[], radix: readonly number[]): number {
    const digits = new Int32Array(columns.length);
    keyDigits(key, radix, digits);
    const codes = columns.map(({ codeOf }, c) => Int32Array.of(codeOf[digits[c]]));
    const kept = this.kept;
    let k = kept.length ? codes[kept[0]][0] : 0;
    for (let j = 1; j < kept.length; j++) k = this.combos[kept[j]].get(k, codes[kept[j]][0]);
    this.knowCombos([k], codes, 1);
    return k;
  }

  /** Adds to the split tuple (base, combination) of the list. */
  private listAdd(base: number, combo: number, rows: number, weight: number, invalid: number, kept: readonly number[]): void {
    this.index();
    const t = this.tupleIndex.get(base, combo);
    if (t >= this.size) this.grow(t + 1);
    if (this.base[t] === -1) {
      this.base[t] = base;
      for (const c of kept) this.codes[c][t] = this.comboCodes[c][combo];
    }
    this.rows[t] += rows;
    this.weight[t] += weight;
    this.invalid[t] += invalid;
    if (this.size > this.tupleCap) this.giveUp(`more than ${this.tupleCap.toLocaleString('en-US')} combinations of values`);
  }

  /** Combinations folded so far: each is below this. */
  private get comboCount(): number {
    const kept = this.kept;
    if (kept.length === 0) return 1;
    if (kept.length === 1) return this.values[kept[0]].length;
    return this.combos[kept[kept.length - 1]].size;
  }

  /** Notes the codes of combinations met for the first time in rows [0, count). */
  private knowCombos(combo: ArrayLike<number>, codes: readonly ArrayLike<number>[], count: number): void {
    const known = this.comboCount;
    if (known > this.comboKnown.length) {
      const room = Math.max(known, 2 * this.comboKnown.length, 64);
      this.comboKnown = widened(this.comboKnown, new Uint8Array(room));
      this.comboCodes = this.comboCodes.map((list) => widened(list, new Uint8Array(room)));
    }
    const kept = this.kept;
    for (let r = 0; r < count; r++) {
      const k = combo[r];
      if (this.comboKnown[k]) continue;
      this.comboKnown[k] = 1;
      for (const c of kept) this.comboCodes[c][k] = codes[c][r];
    }
  }

  /** Lists the cells counted as split tuples (base, codes, rows, weight, invalid then hold them); more rows go to the list. */
  settle(): void {
    const cells = this.cells;
    if (!cells) return;
    this.cells = null;
    // Nothing is listed before the cells are (they start at once, and are settled once): listed in
    // their order, numbered from 0; the index of split tuples is built only if more rows come.
    const { stride } = cells;
    const shift = Math.log2(stride),
      mask = stride - 1,
      kept = this.kept;
    this.grow(cells.filled);
    const { base, weight, invalid } = this;
    const codes = kept.map((c) => this.codes[c]),
      comboCodes = kept.map((c) => this.comboCodes[c]);
    let t = 0;
    for (let i = 0; i < cells.size; i++) {
      const n = cells.rowsAt(i);
      if (n === 0) continue;
      base[t] = i >> shift;
      for (let k = 0; k < kept.length; k++) codes[k][t] = comboCodes[k][i & mask];
      this.rows[t] = n;
      weight[t] = cells.weight ? cells.weight[i] : n;
      invalid[t] = cells.invalid ? cells.invalid[i] : 0;
      t++;
    }
    this.unindexed = true;
  }

  /** The index of the split tuples listed by settle, for rows added after. */
  private index(): void {
    if (!this.unindexed) return;
    this.unindexed = false;
    const kept = this.kept;
    for (let t = 0; t < this.size; t++) {
      let combo = kept.length ? this.codes[kept[0]][t] : 0;
      for (let k = 1; k < kept.length; k++) combo = this.combos[kept[k]].get(combo, this.codes[kept[k]][t]);
      this.tupleIndex.get(this.base[t], combo);
    }
  }

  get tuples(): number {
    this.settle();
    return this.size;
  }

  data(): FilterTallyData {
    this.settle();
    const n = this.size;
    return {
      values: this.values,
      dropped: this.columns.filter((_, c) => this.dropped[c]),
      base: this.base.slice(0, n),
      codes: this.codes.map((list) => Int32Array.from(list.subarray(0, n))),
      rows: this.rows.slice(0, n),
      weight: this.weight.slice(0, n),
      invalid: this.invalid.slice(0, n),
    };
  }

  /** Adds a helper's split tuples (same columns); `baseOf[t]`: the helper's base tuple t's number in this tally. */
  merge(data: FilterTallyData, baseOf: ArrayLike<number>): void {
    const lost = data.dropped.find((name) => !this.dropped[this.columns.indexOf(name)]);
    if (lost) this.giveUp(`"${lost}" has more than ${VALUE_CAP} values`);
    // Each of the helper's values coded here once; then each tuple's codes are looked up by number
    // (plain loops: a mapping function per element cost ~0.1 s on 2M split tuples in Chromium).
    const here = data.values.map((values, c) => Int32Array.from(values, (value) => this.code(c, value)));
    if (this.overflow) return;
    const n = data.rows.length;
    const codes = data.codes.map((list, c) => {
      const out = new Int32Array(n);
      const to = here[c];
      for (let t = 0; t < n; t++) out[t] = to[list[t]];
      return out;
    });
    const combo = this.combine(codes, n);
    const bases = new Int32Array(n);
    let count = 0;
    for (let t = 0; t < n; t++) {
      const b = (bases[t] = baseOf[data.base[t]]);
      if (b >= count) count = b + 1;
    }
    if (this.cells && !this.cells.fit(count, this.comboCount)) this.settle();
    const cells = this.cells;
    const kept = this.kept;
    for (let t = 0; t < n; t++) {
      if (cells) cells.addCell(bases[t], combo[t], data.rows[t], data.weight[t], data.invalid[t]);
      else this.listAdd(bases[t], combo[t], data.rows[t], data.weight[t], data.invalid[t], kept);
    }
    if (this.tuplesHeld > this.tupleCap) this.giveUp(`more than ${this.tupleCap.toLocaleString('en-US')} combinations of values`);
  }

  /** Split tuples held, in cells or listed. */
  private get tuplesHeld(): number {
    return this.cells ? this.cells.filled : this.size;
  }

  /** Each row's combination of the kept columns' codes (new ones noted). */
  private combine(codes: readonly ArrayLike<number>[], count: number): Int32Array {
    const kept = this.kept;
    const combo = new Int32Array(count);
    if (kept.length) {
      const start = codes[kept[0]];
      for (let r = 0; r < count; r++) combo[r] = start[r];
      for (let k = 1; k < kept.length; k++) this.combos[kept[k]].fold(combo, codes[kept[k]], count);
    }
    this.knowCombos(combo, codes, count);
    return combo;
  }

  private tooMany(c: number, reason: string): number {
    if (this.tuplesHeld > 0) return this.giveUp(reason);
    this.dropped[c] = true;
    return 0;
  }

  giveUp(reason: string): number {
    this.overflow ??= reason;
    this.size = 0;
    this.cells = null;
    this.unindexed = false;
    this.tupleIndex = new PairIndex();
    this.base = new Int32Array(0);
    this.codes = this.columns.map(() => new Uint8Array(0));
    this.rows = new Float64Array(0);
    this.weight = new Float64Array(0);
    this.invalid = new Float64Array(0);
    return 0;
  }

  /** Room for `size` tuples (new ones: no base yet, nothing counted), the arrays doubled when full. */
  private grow(size: number): void {
    if (size > this.base.length) {
      const capacity = Math.max(size, 2 * this.base.length, 1024);
      const base = new Int32Array(capacity).fill(-1);
      base.set(this.base);
      this.base = base;
      this.codes = this.codes.map((list) => widened(list, new Uint8Array(capacity)));
      this.rows = widened(this.rows, new Float64Array(capacity));
      this.weight = widened(this.weight, new Float64Array(capacity));
      this.invalid = widened(this.invalid, new Float64Array(capacity));
    }
    this.size = Math.max(this.size, size);
  }
}

function widened<T extends Uint8Array | Float64Array>(list: T, into: T): T {
  into.set(list);
  return into;
}

/**
 * Each row's key: its columns' index + 1 digits as one mixed-radix number (the last column's digit
 * lowest), in one pass for up to three columns (the split's usual language, turn and flag), else
 * column by column.
 */
function indexKeys(indices: readonly Int32Array[], radix: readonly number[], count: number): Int32Array {
  const keys = new Int32Array(count);
  const n = indices.length;
  if (n === 1) {
    const x = indices[0];
    for (let r = 0; r < count; r++) keys[r] = x[r] + 1;
  } else if (n === 2) {
    const [x, y] = indices,
      px = radix[1];
    for (let r = 0; r < count; r++) keys[r] = (x[r] + 1) * px + y[r] + 1;
  } else if (n === 3) {
    const [x, y, z] = indices,
      py = radix[2],
      px = radix[1] * py;
    for (let r = 0; r < count; r++) keys[r] = (x[r] + 1) * px + (y[r] + 1) * py + z[r] + 1;
  } else {
    let place = 1;
    for (let c = n - 1; c >= 0; c--) {
      const x = indices[c],
        step = place;
      for (let r = 0; r < count; r++) keys[r] += (x[r] + 1) * step;
      place *= radix[c];
    }
  }
  return keys;
}
