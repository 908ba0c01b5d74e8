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
import type { Filter } from '../sql/filters.ts';
import type { PairCounts } from '../stats/pair-counts.ts';

export type CubeValue = string | number | boolean | null;

/** The cube's rows, sorted by a, b, outcome (cubeRowsSql). */
export interface CubeColumns {
  models: readonly string[];
  a: ArrayLike<number>;
  b: ArrayLike<number>;
  outcome: ArrayLike<number>;
  weight: ArrayLike<number>;
  dims: { path: readonly string[]; values: ArrayLike<CubeValue> }[];
}

interface CodedDimension {
  /** Each distinct value once; a row holds its index. */
  dictionary: CubeValue[];
  codes: Uint8Array;
  /** typeof its non-null values; null when they mix types (then no filter on it is counted here). */
  kind: 'string' | 'number' | 'boolean' | null;
  /** The rows of value c are rows[starts[c]] … rows[starts[c + 1] - 1], in row order. */
  byValue: { starts: Int32Array; rows: Int32Array };
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
  private readonly cells: { a: Int32Array; b: Int32Array; outcome: Uint8Array };
  private readonly dims = new Map<string, CodedDimension>();

  constructor(columns: CubeColumns) {
    const rows = columns.a.length;
    const { a, b, outcome } = columns;
    this.models = [...columns.models];
    this.weight = Float64Array.from(columns.weight);
    this.cellOf = new Int32Array(rows);
    const firstRows: number[] = [];
    for (let r = 0; r < rows; r++) {
      if (r === 0 || a[r] !== a[r - 1] || b[r] !== b[r - 1] || outcome[r] !== outcome[r - 1]) firstRows.push(r);
      this.cellOf[r] = firstRows.length - 1;
    }
    this.cells = {
      a: Int32Array.from(firstRows, (r) => a[r]),
      b: Int32Array.from(firstRows, (r) => b[r]),
      outcome: Uint8Array.from(firstRows, (r) => outcome[r]),
    };
    for (const dim of columns.dims) {
      const index = new Map<CubeValue, number>();
      const dictionary: CubeValue[] = [];
      const codes = new Uint8Array(rows);
      const kinds = new Set<string>();
      for (let r = 0; r < rows; r++) {
        const v = dim.values[r];
        let code = index.get(v);
        if (code === undefined) {
          // The cube keeps dimensions of at most CUBE_MAX_VALUES values; one with more is not coded.
          if (dictionary.length === 255) break;
          index.set(v, (code = dictionary.length));
          dictionary.push(v);
          // NaN sorts above every number in SQL but compares false in JavaScript: SQL decides such a column.
          if (v !== null) kinds.add(typeof v === 'number' && Number.isNaN(v) ? 'NaN' : typeof v);
        }
        codes[r] = code;
      }
      if (dictionary.length === 255) continue;
      const only = kinds.size === 0 ? 'string' : kinds.size === 1 ? [...kinds][0] : null;
      const kind = only === 'string' || only === 'number' || only === 'boolean' ? only : null;
      this.dims.set(JSON.stringify(dim.path), { dictionary, codes, kind, byValue: rowsByValue(codes, dictionary.length) });
    }
  }

  /** The slice's pair counts, or null when a filter is not one this can count exactly. */
  counts(filters: readonly Filter[]): PairCounts | null {
    const outcomePass = new Uint8Array(OUTCOMES.length).fill(1);
    const passing: Passing[] = [];
    for (const f of filters) {
      if (f.kind === 'exclude-outcomes') {
        for (const o of f.outcomes) outcomePass[OUTCOME_CODE[o]] = 0;
        continue;
      }
      if (f.kind === 'date') return null;
      const dim = this.dims.get(JSON.stringify(f.path));
      const mask = dim ? passingValues(f, dim) : null;
      if (!dim || !mask) return null;
      passing.push({ mask, dim });
    }
    return this.sum(outcomePass, passing);
  }

  /** Sums the passing rows' weight by cell, visiting only the rows of the most selective filter. */
  private sum(outcomePass: Uint8Array, passing: Passing[]): PairCounts {
    const { cellOf, weight, cells } = this;
    const sums = new Float64Array(cells.a.length);
    const hit = new Uint8Array(cells.a.length);
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
      const { starts, rows } = driver.dim.byValue;
      for (let c = 0; c < driver.mask.length; c++) if (driver.mask[c]) visit(starts[c], starts[c + 1], rows);
    }
    let found = 0;
    for (let cell = 0; cell < hit.length; cell++) found += hit[cell];
    const out: PairCounts = {
      models: this.models,
      a: new Int32Array(found),
      b: new Int32Array(found),
      outcome: new Uint8Array(found),
      n: new Float64Array(found),
    };
    for (let cell = 0, k = 0; cell < hit.length; cell++) {
      if (!hit[cell]) continue;
      out.a[k] = cells.a[cell];
      out.b[k] = cells.b[cell];
      out.outcome[k] = cells.outcome[cell];
      out.n[k++] = sums[cell];
    }
    return out;
  }

  /** The filter whose passing values hold the fewest rows (null: none, or none that beats a full pass). */
  private mostSelective(passing: Passing[]): Passing | null {
    let best: Passing | null = null,
      fewest = this.cellOf.length;
    for (const p of passing) {
      const { starts } = p.dim.byValue;
      let rows = 0;
      for (let c = 0; c < p.mask.length; c++) if (p.mask[c]) rows += starts[c + 1] - starts[c];
      if (rows < fewest) [best, fewest] = [p, rows];
    }
    return best;
  }
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
