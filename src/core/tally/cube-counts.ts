/**
 * The slice cube held in the page as coded columns, so a filter it serves is counted by a pass over
 * typed arrays (a few milliseconds) instead of a query to DuckDB's worker (tens of milliseconds,
 * waiting on the page thread twice): the cells and sums pairCountsSql gives on the cube. Values are
 * matched as SQL matches them for the filters it takes (in, boolean, range on a dimension, excluded
 * outcomes; NULL passes only an `in` that lists it); anything else (a date, a value whose type is
 * not the column's) returns null and the caller asks SQL.
 * Only the rows of the filter that passes fewest are visited (each dimension's rows are kept grouped
 * by value): a click on one language reads that language's rows, not the whole cube. A click runs
 * this code once, mostly before the JIT has compiled it, so what it reads is what it costs.
 */
import { OUTCOME_CODE, OUTCOMES } from '../outcome.ts';
import { cellsOfSortedRows, hitCellCounts, type Cells } from './cells.ts';
import type { Filter } from '../sql/filters.ts';
import type { PairCounts } from '../stats/pair-counts.ts';
import type { ValueCount, ValueCounts } from '../sql/dimension-stats.ts';

export type CubeValue = string | number | boolean | null;

/** The cube's rows, sorted by a, b, outcome (cubeRowsSql). */
export interface CubeColumns {
  models: readonly string[];
  a: ArrayLike<number>;
  b: ArrayLike<number>;
  outcome: ArrayLike<number>;
  weight: ArrayLike<number>;
  /** Battle rows of each cube row: needed only for value counts (valueCounts). */
  rows?: ArrayLike<number>;
  /** Each dimension's value per row, or already coded (a dictionary of at most 255 values and each row's index). */
  dims: (
    { path: readonly string[]; values: ArrayLike<CubeValue> } | { path: readonly string[]; dictionary: CubeValue[]; codes: Uint8Array }
  )[];
}

interface CodedDimension {
  /** Each distinct value once; a row holds its index. */
  dictionary: CubeValue[];
  codes: Uint8Array;
  /** typeof its non-null values; null when they mix types (then no filter on it is counted here). */
  kind: 'string' | 'number' | 'boolean' | null;
  /** The rows of value c are rows[starts[c]] … rows[starts[c + 1] - 1], in row order (needed only when the rows are not grouped). */
  byValue: { starts: Int32Array; rows: Int32Array } | null;
  /** Its place in a row's combination of values (combo = Σ code × stride), when the rows are grouped. */
  stride: number;
}

/** Keys (combination of every dimension's value, outcome) up to this many group the rows; more and the rows are visited. */
const MAX_KEYS = 2 ** 16;

/**
 * The rows grouped by key (a few dozen combinations of low-cardinality values × outcomes): a filter
 * decides once per key, then sums its rows' cells and weights laid out contiguously, and value
 * counts read each key's totals without visiting a row.
 */
interface Grouped {
  /** The rows of key k are positions starts[k] … starts[k + 1] - 1 of cell and weight, in row order. */
  starts: Int32Array;
  cell: Int32Array;
  weight: Float64Array;
  /** Each key's summed weight and battle rows (battles: when held). */
  votes: Float64Array;
  battles: Float64Array | null;
}

/** A filter in force on one coded dimension: which of its values pass. */
interface Passing {
  mask: Uint8Array;
  dim: CodedDimension;
}

export class CubeCounts {
  private readonly models: string[];
  /** Rows come sorted by (a, b, outcome): a cell is a run of rows, cellOf[row] its index. */
  private readonly cellOf: Int32Array;
  private readonly weight: Float64Array;
  private readonly battles: Float64Array | null;
  private readonly cells: Cells;
  private readonly dims = new Map<string, CodedDimension>();
  private readonly grouped: Grouped | null;

  /** `maxKeys`: the most keys that group the rows (0: rows always visited, as tests check that path too). */
  constructor(columns: CubeColumns, maxKeys = MAX_KEYS) {
    const rows = columns.a.length;
    this.models = [...columns.models];
    this.weight = Float64Array.from(columns.weight);
    this.battles = columns.rows ? Float64Array.from(columns.rows) : null;
    ({ cellOf: this.cellOf, cells: this.cells } = cellsOfSortedRows(columns.a, columns.b, columns.outcome));
    for (const dim of columns.dims) {
      if ('codes' in dim) {
        this.dims.set(JSON.stringify(dim.path), coded(dim.dictionary, dim.codes));
        continue;
      }
      const index = new Map<CubeValue, number>();
      const dictionary: CubeValue[] = [];
      const codes = new Uint8Array(rows);
      for (let r = 0; r < rows; r++) {
        const v = dim.values[r];
        let code = index.get(v);
        if (code === undefined) {
          // The cube keeps dimensions of at most CUBE_MAX_VALUES values; one with more is not coded.
          if (dictionary.length === 255) break;
          index.set(v, (code = dictionary.length));
          dictionary.push(v);
        }
        codes[r] = code;
      }
      if (dictionary.length === 255) continue;
      this.dims.set(JSON.stringify(dim.path), coded(dictionary, codes));
    }
    this.grouped = this.group(maxKeys);
    if (!this.grouped) for (const d of this.dims.values()) d.byValue = rowsByValue(d.codes, d.dictionary.length);
  }

  /** The rows grouped by key (see Grouped); null when the dimensions make too many combinations. */
  private group(maxKeys: number): Grouped | null {
    const dims = [...this.dims.values()];
    if (OUTCOMES.length > maxKeys) return null;
    let combos = 1;
    for (const d of dims) {
      d.stride = combos;
      combos *= Math.max(1, d.dictionary.length);
      if (combos * OUTCOMES.length > maxKeys) return null;
    }
    const { cellOf, weight, battles, cells } = this;
    const rows = cellOf.length;
    const keys = combos * OUTCOMES.length;
    const keyOf = new Int32Array(rows);
    const starts = new Int32Array(keys + 1);
    for (let r = 0; r < rows; r++) {
      let combo = 0;
      for (const d of dims) combo += d.codes[r] * d.stride;
      const key = combo * OUTCOMES.length + cells.outcome[cellOf[r]];
      keyOf[r] = key;
      starts[key + 1]++;
    }
    for (let k = 0; k < keys; k++) starts[k + 1] += starts[k];
    const next = starts.slice(0, keys);
    const out: Grouped = {
      starts,
      cell: new Int32Array(rows),
      weight: new Float64Array(rows),
      votes: new Float64Array(keys),
      battles: battles ? new Float64Array(keys) : null,
    };
    for (let r = 0; r < rows; r++) {
      const key = keyOf[r],
        at = next[key]++;
      out.cell[at] = cellOf[r];
      out.weight[at] = weight[r];
      out.votes[key] += weight[r];
      if (battles) out.battles![key] += battles[r];
    }
    return out;
  }

  /** Whether key k (combination × outcome) passes: its outcome and each filter's value. */
  private static keyPasses(k: number, outcomePass: Uint8Array, passing: Passing[]): boolean {
    if (!outcomePass[k % OUTCOMES.length]) return false;
    const combo = Math.floor(k / OUTCOMES.length);
    for (const p of passing) if (!p.mask[Math.floor(combo / p.dim.stride) % p.dim.dictionary.length]) return false;
    return true;
  }

  /**
   * Votes and rows per value of the dimension at `path` among the rows `filters` keep, as
   * valueCountsSql gives them (most votes first, ties by value, NULL last; the first `limit`; values
   * without a row absent); null when this cannot count it (a dimension not coded, rows not held, a
   * filter SQL must decide).
   */
  valueCounts(path: readonly string[], filters: readonly Filter[], limit: number): ValueCounts | null {
    const dim = this.dims.get(JSON.stringify(path));
    const passing = this.passing(filters);
    const battles = this.battles;
    if (!dim || !passing || !battles || dim.kind === null) return null;
    const { outcomePass, masks, codes } = passing;
    const votes = new Float64Array(dim.dictionary.length);
    const rows = new Float64Array(dim.dictionary.length);
    const seen = new Uint8Array(dim.dictionary.length);
    const { cellOf, weight, cells, grouped } = this;
    if (grouped) {
      // Each key's totals, not its rows.
      for (let k = 0; k + 1 < grouped.starts.length; k++) {
        if (grouped.starts[k + 1] === grouped.starts[k] || !CubeCounts.keyPasses(k, outcomePass, passing.dims)) continue;
        const c = Math.floor(Math.floor(k / OUTCOMES.length) / dim.stride) % dim.dictionary.length;
        votes[c] += grouped.votes[k];
        rows[c] += grouped.battles![k];
        seen[c] = 1;
      }
    } else
      for (let r = 0; r < cellOf.length; r++) {
        if (!outcomePass[cells.outcome[cellOf[r]]]) continue;
        let pass = true;
        for (let f = 0; f < masks.length && pass; f++) pass = masks[f][codes[f][r]] === 1;
        if (!pass) continue;
        const c = dim.codes[r];
        votes[c] += weight[r];
        rows[c] += battles[r];
        seen[c] = 1;
      }
    const list: ValueCount[] = [];
    dim.dictionary.forEach((value, c) => {
      if (seen[c]) list.push({ value: value as ValueCount['value'], votes: votes[c], rows: rows[c] });
    });
    list.sort((x, y) => y.votes - x.votes || compareValues(x.value, y.value));
    return { values: list.slice(0, limit), distinct: list.length };
  }

  /** Which outcomes and values pass `filters`, or null when one is not for this to decide. */
  private passing(
    filters: readonly Filter[],
  ): { outcomePass: Uint8Array; dims: Passing[]; masks: Uint8Array[]; codes: Uint8Array[] } | null {
    const outcomePass = new Uint8Array(OUTCOMES.length).fill(1);
    const dims: Passing[] = [];
    const masks: Uint8Array[] = [];
    const codes: Uint8Array[] = [];
    for (const f of filters) {
      if (f.kind === 'exclude-outcomes') {
        for (const o of f.outcomes) outcomePass[OUTCOME_CODE[o]] = 0;
        continue;
      }
      if (f.kind === 'date') return null;
      const dim = this.dims.get(JSON.stringify(f.path));
      const mask = dim ? passingValues(f, dim) : null;
      if (!dim || !mask) return null;
      dims.push({ mask, dim });
      masks.push(mask);
      codes.push(dim.codes);
    }
    return { outcomePass, dims, masks, codes };
  }

  /** The slice's pair counts, or null when a filter is not one this can count exactly. */
  counts(filters: readonly Filter[]): PairCounts | null {
    const passing = this.passing(filters);
    if (!passing) return null;
    return this.sum(passing.outcomePass, passing.dims);
  }

  /**
   * Sums slices of the first dimension's values a few times and throws them away: the user's first
   * click then runs code the JIT has compiled (a click runs this code once, a few times slower
   * interpreted; one call was not enough to keep it compiled). For an idle moment after the cube is built.
   */
  warm(): void {
    const dim = this.dims.values().next().value;
    if (!dim || dim.dictionary.length === 0) return;
    for (let k = 0; k < 3; k++) {
      const mask = new Uint8Array(dim.dictionary.length);
      mask[k % mask.length] = 1;
      this.sum(new Uint8Array(OUTCOMES.length).fill(1), [{ mask, dim }]);
    }
  }

  /** Sums the passing rows' weight by cell, visiting only the rows of the most selective filter. */
  private sum(outcomePass: Uint8Array, passing: Passing[]): PairCounts {
    const { cellOf, weight, cells, grouped } = this;
    const sums = new Float64Array(cells.a.length);
    const hit = new Uint8Array(cells.a.length);
    if (grouped) {
      const { starts, cell, weight } = grouped;
      for (let k = 0; k + 1 < starts.length; k++) {
        if (starts[k + 1] === starts[k] || !CubeCounts.keyPasses(k, outcomePass, passing)) continue;
        for (let i = starts[k], end = starts[k + 1]; i < end; i++) {
          const c = cell[i];
          sums[c] += weight[i];
          hit[c] = 1;
        }
      }
      return hitCellCounts(this.models, this.cells, sums, hit);
    }
    const driver = this.mostSelective(passing);
    const others = passing.filter((p) => p !== driver);
    const masks = others.map((p) => p.mask),
      codes = others.map((p) => p.dim.codes);
    const visit = (from: number, to: number, order: Int32Array | null) => {
      for (let k = from; k < to; k++) {
        const r = order ? order[k] : k;
        const cell = cellOf[r];
        if (!outcomePass[cells.outcome[cell]]) continue;
        let pass = true;
        for (let f = 0; f < masks.length && pass; f++) pass = masks[f][codes[f][r]] === 1;
        if (!pass) continue;
        sums[cell] += weight[r];
        hit[cell] = 1;
      }
    };
    if (!driver) visit(0, cellOf.length, null);
    else {
      const { starts, rows } = driver.dim.byValue!;
      for (let c = 0; c < driver.mask.length; c++) if (driver.mask[c]) visit(starts[c], starts[c + 1], rows);
    }
    return hitCellCounts(this.models, this.cells, sums, hit);
  }

  /** The filter whose passing values hold the fewest rows (null: none, or none that beats a full pass). */
  private mostSelective(passing: Passing[]): Passing | null {
    let best: Passing | null = null,
      fewest = this.cellOf.length;
    for (const p of passing) {
      const { starts } = p.dim.byValue!;
      let rows = 0;
      for (let c = 0; c < p.mask.length; c++) if (p.mask[c]) rows += starts[c + 1] - starts[c];
      if (rows < fewest) [best, fewest] = [p, rows];
    }
    return best;
  }
}

/** A dimension's dictionary and codes, with its values' type and its rows grouped by value. */
function coded(dictionary: CubeValue[], codes: Uint8Array): CodedDimension {
  const kinds = new Set<string>();
  // NaN sorts above every number in SQL but compares false in JavaScript: SQL decides such a column.
  for (const v of dictionary) if (v !== null) kinds.add(typeof v === 'number' && Number.isNaN(v) ? 'NaN' : typeof v);
  const only = kinds.size === 0 ? 'string' : kinds.size === 1 ? [...kinds][0] : null;
  const kind = only === 'string' || only === 'number' || only === 'boolean' ? only : null;
  return { dictionary, codes, kind, byValue: null, stride: 0 };
}

/** SQL's order of values (ORDER BY value NULLS LAST): numbers by size, text by UTF-8 bytes, false before true. */
function compareValues(x: ValueCount['value'], y: ValueCount['value']): number {
  if (x === y) return 0;
  if (x === null) return 1;
  if (y === null) return -1;
  if (typeof x === 'string' && typeof y === 'string') return compareBytes(x, y);
  return Number(x) - Number(y);
}

const encoder = new TextEncoder();
function compareBytes(x: string, y: string): number {
  const a = encoder.encode(x),
    b = encoder.encode(y);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}

/** Row numbers grouped by their value's code (a counting sort), and where each value's rows start. */
function rowsByValue(codes: Uint8Array, values: number): { starts: Int32Array; rows: Int32Array } {
  const starts = new Int32Array(values + 1);
  for (let r = 0; r < codes.length; r++) starts[codes[r] + 1]++;
  for (let c = 0; c < values; c++) starts[c + 1] += starts[c];
  const next = starts.slice(0, values);
  const rows = new Int32Array(codes.length);
  for (let r = 0; r < codes.length; r++) rows[next[codes[r]]++] = r;
  return { starts, rows };
}

/** Which of the dimension's values pass the filter, as SQL decides it; null when SQL must decide. */
function passingValues(f: Exclude<Filter, { kind: 'exclude-outcomes' | 'date' }>, dim: CodedDimension): Uint8Array | null {
  const mask = new Uint8Array(dim.dictionary.length);
  if (f.kind === 'in') {
    const listed = f.values.filter((v) => v !== null);
    // '2' against an integer column is cast by SQL: such a filter is SQL's to count.
    if (listed.some((v) => typeof v !== dim.kind)) return null;
    const wanted = new Set<CubeValue>(listed);
    const nulls = f.values.includes(null);
    dim.dictionary.forEach((v, c) => (mask[c] = (v === null ? nulls : wanted.has(v)) ? 1 : 0));
    return mask;
  }
  if (f.kind === 'boolean') {
    if (dim.kind !== 'boolean') return null;
    dim.dictionary.forEach((v, c) => (mask[c] = v === f.value ? 1 : 0));
    return mask;
  }
  if (dim.kind !== 'number') return null;
  dim.dictionary.forEach((v, c) => {
    const x = v as number | null;
    mask[c] = x !== null && (f.min === undefined || x >= f.min) && (f.max === undefined || x <= f.max) ? 1 : 0;
  });
  return mask;
}
