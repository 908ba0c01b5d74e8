/**
 * Filters before DuckDB (issue 28): while the counting worker tallies the mapped columns, it also
 * splits each tuple by the values of a few low-cardinality columns the preset offers as filters
 * (language, turn, anonymous). The result is a cube — (pair, outcome, filter values) → votes — that
 * answers those filters and the outcome toggles (CubeCounts) with the same cells DuckDB would count.
 * A column with more than VALUE_CAP values in the first row group read is left out; past VALUE_CAP
 * values later, or TUPLE_CAP tuples, the split is given up: the filters then wait for DuckDB as
 * before, and nothing else is lost.
 */
import type { ColumnMapping } from '../schema/mapping.ts';
import { mappingColumns } from '../schema/mapping.ts';
import type { Cell, CellKind } from '../schema/row-vote.ts';
import type { DimensionHint } from '../schema/preset.ts';
import type { ColumnInfo } from '../schema/column.ts';
import { ID_NAME } from '../view/dimensions.ts';
import { keptColumns } from '../sql/battles.ts';
import type { CubeValue } from './cube-counts.ts';
import { PairIndex } from './pair-index.ts';

/** Distinct values a filter column may have (CubeCounts codes a value in a byte). */
export const VALUE_CAP = 255;
/** Distinct (tuple, filter values) combinations kept: 20M battles of 150 models × 4 outcomes × 4 languages × 3 turns × 2 make 2.1M. */
export const TUPLE_CAP = 3_000_000;

/** At most this many columns are split on (each multiplies the combinations kept). */
export const MAX_SPLIT_COLUMNS = 4;

/**
 * The columns the tally can split on: text, boolean and integer columns that battles keeps under
 * their own name (not mapped, not renamed, not ignored by the preset, no id), the preset's hinted
 * ones first, then in the file's order. Which of them the panel offers, and as what, decideDimensions
 * says on the page from their values, as it will once DuckDB describes battles. `narrow`, when
 * given, names the columns cheap enough to read for it (long text is not).
 */
export function filterColumnsFor(
  columns: readonly ColumnInfo[],
  kinds: Readonly<Record<string, CellKind | null | undefined>>,
  mapping: ColumnMapping,
  hints: readonly DimensionHint[],
  ignored: readonly string[],
  narrow: ReadonlySet<string> | null = null,
): ColumnInfo[] {
  const kept = new Set(
    keptColumns({ raw: 'raw', columns, mapping })
      .filter((k) => k.source === k.name)
      .map((k) => k.name),
  );
  const skip = new Set([...mappingColumns(mapping), ...ignored]);
  const usable = columns.filter(
    (c) =>
      kept.has(c.name) &&
      !skip.has(c.name) &&
      (!narrow || narrow.has(c.name)) &&
      !ID_NAME.test(c.name) &&
      ['text', 'boolean', 'integer'].includes(kinds[c.name] ?? ''),
  );
  const hinted = new Set(hints.filter((h) => h.path.length === 1).map((h) => h.path[0]));
  return [...usable.filter((c) => hinted.has(c.name)), ...usable.filter((c) => !hinted.has(c.name))].slice(0, MAX_SPLIT_COLUMNS);
}

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
 * invalid weight, as VoteTally keeps them.
 */
export class FilterTally {
  readonly values: CubeValue[][];
  base: number[] = [];
  codes: number[][];
  rows: number[] = [];
  weight: number[] = [];
  invalid: number[] = [];
  /** Why the split was given up (then it holds nothing); null while it holds. */
  overflow: string | null = null;
  /** Columns left out: codes of theirs are 0 and split nothing. */
  readonly dropped: boolean[];
  private readonly lookups: Map<CubeValue, number>[];
  private readonly folds: PairIndex[];

  constructor(
    readonly columns: readonly string[],
    readonly weighted: boolean,
    private readonly tupleCap = TUPLE_CAP,
  ) {
    this.values = columns.map(() => []);
    this.codes = columns.map(() => []);
    this.lookups = columns.map(() => new Map());
    this.folds = columns.map(() => new PairIndex());
    this.dropped = columns.map(() => false);
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
    split.base = tally.rows.map((_, t) => t);
    split.rows = [...tally.rows];
    split.weight = [...tally.weight];
    split.invalid = [...tally.invalid];
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

  /** Adds `count` rows: each one's base tuple (`keys`), each filter column's codes and, when weighted, its weight. */
  add(keys: Int32Array, codes: readonly ArrayLike<number>[], weights: ArrayLike<number> | null, count: number): void {
    if (this.overflow) return;
    const split = keys.slice(0, count);
    for (let c = 0; c < this.columns.length; c++) if (!this.dropped[c]) this.folds[c].fold(split, codes[c], count);
    for (let r = 0; r < count; r++) {
      const t = split[r];
      if (t >= this.rows.length) this.grow(t);
      if (this.base[t] === -1) {
        this.base[t] = keys[r];
        for (let c = 0; c < this.columns.length; c++) this.codes[c][t] = codes[c][r];
      }
      this.rows[t]++;
      if (!this.weighted) this.weight[t]++;
      else {
        const w = weights![r];
        if (Number.isFinite(w) && w > 0) this.weight[t] += w;
        else this.invalid[t]++;
      }
    }
    if (this.rows.length > this.tupleCap) this.giveUp(`more than ${this.tupleCap.toLocaleString('en-US')} combinations of values`);
  }

  /** Adds a tuple already split (a helper's): its base tuple here, its filter values, rows, valid weight and invalid rows. */
  addGroup(base: number, values: readonly CubeValue[], rows: number, weight: number, invalid: number): void {
    if (this.overflow) return;
    let t = base;
    for (let c = 0; c < this.columns.length; c++) if (!this.dropped[c]) t = this.folds[c].get(t, this.code(c, values[c]));
    if (this.overflow) return;
    if (t >= this.rows.length) this.grow(t);
    if (this.base[t] === -1) {
      this.base[t] = base;
      for (let c = 0; c < this.columns.length; c++) this.codes[c][t] = this.dropped[c] ? 0 : this.lookups[c].get(values[c])!;
    }
    this.rows[t] += rows;
    this.weight[t] += weight;
    this.invalid[t] += invalid;
    if (this.rows.length > this.tupleCap) this.giveUp(`more than ${this.tupleCap.toLocaleString('en-US')} combinations of values`);
  }

  get tuples(): number {
    return this.rows.length;
  }

  data(): FilterTallyData {
    return {
      values: this.values,
      dropped: this.columns.filter((_, c) => this.dropped[c]),
      base: Int32Array.from(this.base),
      codes: this.codes.map((list) => Int32Array.from(list)),
      rows: Float64Array.from(this.rows),
      weight: Float64Array.from(this.weight),
      invalid: Float64Array.from(this.invalid),
    };
  }

  /** Adds a helper's split tuples (same columns); `baseOf` turns its base tuple numbers into this tally's. */
  merge(data: FilterTallyData, baseOf: (t: number) => number): void {
    const lost = data.dropped.find((name) => !this.dropped[this.columns.indexOf(name)]);
    if (lost) this.giveUp(`"${lost}" has more than ${VALUE_CAP} values`);
    for (let t = 0; t < data.rows.length && !this.overflow; t++) {
      const values = data.codes.map((codes, c) => data.values[c][codes[t]]);
      this.addGroup(baseOf(data.base[t]), values, data.rows[t], data.weight[t], data.invalid[t]);
    }
  }

  private tooMany(c: number, reason: string): number {
    if (this.rows.length > 0) return this.giveUp(reason);
    this.dropped[c] = true;
    return 0;
  }

  giveUp(reason: string): number {
    this.overflow ??= reason;
    this.base = [];
    this.codes = this.columns.map(() => []);
    this.rows = [];
    this.weight = [];
    this.invalid = [];
    return 0;
  }

  private grow(t: number): void {
    for (let k = this.rows.length; k <= t; k++) {
      this.base.push(-1);
      this.rows.push(0);
      this.weight.push(0);
      this.invalid.push(0);
      this.codes.forEach((list) => list.push(0));
    }
  }
}

/** The filter cube: one row per (split tuple, usable vote), sorted by cell (a, b, outcome) as the counts are. */
export interface FilterCube {
  models: string[];
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  /** Summed weight (votes) and battle rows of each row. */
  weight: Float64Array;
  rows: Float64Array;
  dims: { path: string[]; dictionary: CubeValue[]; codes: Uint8Array }[];
}

/** Where each of a base tuple's usable votes lands among the counts' cells (TallyReader.cellsInLayout). */
export interface CellLayoutOf {
  models: readonly string[];
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  /** The place of each of the tuple's votes among the cells; -1 for a vote set aside. */
  votesOf(tuple: number): Int32Array;
}

/** The cube of `split` over the counts' cells; null when the split was given up. */
export function filterCube(split: FilterTally, layout: CellLayoutOf): FilterCube | null {
  if (split.overflow) return null;
  // Rows whose every weight was invalid are set aside by battles: no row here either.
  const places: number[] = [];
  const tuples: number[] = [];
  for (let t = 0; t < split.tuples; t++) {
    if (split.rows[t] - split.invalid[t] <= 0) continue;
    for (const place of layout.votesOf(split.base[t])) {
      if (place < 0) continue;
      places.push(place);
      tuples.push(t);
    }
  }
  // A counting sort by cell: the cells' order is the counts' (a, b, outcome).
  const cells = layout.a.length;
  const starts = new Int32Array(cells + 1);
  for (const p of places) starts[p + 1]++;
  for (let c = 0; c < cells; c++) starts[c + 1] += starts[c];
  const n = places.length;
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[starts[places[i]]++] = i;
  const kept = split.kept;
  const cube: FilterCube = {
    models: [...layout.models],
    a: new Int32Array(n),
    b: new Int32Array(n),
    outcome: new Uint8Array(n),
    weight: new Float64Array(n),
    rows: new Float64Array(n),
    dims: kept.map((c) => ({ path: [split.columns[c]], dictionary: [...split.values[c]], codes: new Uint8Array(n) })),
  };
  for (let r = 0; r < n; r++) {
    const i = order[r],
      p = places[i],
      t = tuples[i];
    cube.a[r] = layout.a[p];
    cube.b[r] = layout.b[p];
    cube.outcome[r] = layout.outcome[p];
    cube.weight[r] = split.weight[t];
    cube.rows[r] = split.rows[t] - split.invalid[t];
    for (let d = 0; d < kept.length; d++) cube.dims[d].codes[r] = split.codes[kept[d]][t];
  }
  return cube;
}
