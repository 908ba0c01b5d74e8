/**
 * The slice cube held in the page as coded columns, so a filter it serves is counted by a pass over
 * typed arrays (a few milliseconds) instead of a query to DuckDB's worker (tens of milliseconds,
 * waiting on the page thread twice): the cells and sums pairCountsSql gives on the cube. Values are
 * matched as SQL matches them for the filters it takes (in, boolean, range on a dimension, excluded
 * outcomes; NULL passes only an `in` that lists it); anything else (a date, a value whose type is
 * not the column's) returns null and the caller asks SQL.
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
}

export class CubeCounts {
  private readonly models: string[];
  private readonly a: Int32Array;
  private readonly b: Int32Array;
  private readonly outcome: Uint8Array;
  private readonly weight: Float64Array;
  private readonly dims = new Map<string, CodedDimension>();

  constructor(columns: CubeColumns) {
    const rows = columns.a.length;
    this.models = [...columns.models];
    this.a = Int32Array.from(columns.a);
    this.b = Int32Array.from(columns.b);
    this.outcome = Uint8Array.from(columns.outcome);
    this.weight = Float64Array.from(columns.weight);
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
      this.dims.set(JSON.stringify(dim.path), { dictionary, codes, kind });
    }
  }

  /** The slice's pair counts, or null when a filter is not one this can count exactly. */
  counts(filters: readonly Filter[]): PairCounts | null {
    const outcomePass = new Uint8Array(OUTCOMES.length).fill(1);
    const masks: Uint8Array[] = [];
    const codes: Uint8Array[] = [];
    for (const f of filters) {
      if (f.kind === 'exclude-outcomes') {
        for (const o of f.outcomes) outcomePass[OUTCOME_CODE[o]] = 0;
        continue;
      }
      if (f.kind === 'date') return null;
      const dim = this.dims.get(JSON.stringify(f.path));
      const mask = dim ? passing(f, dim) : null;
      if (!dim || !mask) return null;
      masks.push(mask);
      codes.push(dim.codes);
    }
    return this.sum(outcomePass, masks, codes);
  }

  /** Sums the passing rows' weight by cell; rows come sorted by cell, so a cell is one run of rows. */
  private sum(outcomePass: Uint8Array, masks: Uint8Array[], codes: Uint8Array[]): PairCounts {
    const { a, b, outcome, weight } = this;
    const rows = a.length;
    const outA = new Int32Array(rows),
      outB = new Int32Array(rows),
      outO = new Uint8Array(rows),
      outN = new Float64Array(rows);
    let cells = 0;
    for (let r = 0; r < rows; r++) {
      if (!outcomePass[outcome[r]]) continue;
      let pass = true;
      for (let f = 0; f < masks.length && pass; f++) pass = masks[f][codes[f][r]] === 1;
      if (!pass) continue;
      if (cells > 0 && outA[cells - 1] === a[r] && outB[cells - 1] === b[r] && outO[cells - 1] === outcome[r]) {
        outN[cells - 1] += weight[r];
        continue;
      }
      outA[cells] = a[r];
      outB[cells] = b[r];
      outO[cells] = outcome[r];
      outN[cells] = weight[r];
      cells++;
    }
    return {
      models: this.models,
      a: outA.slice(0, cells),
      b: outB.slice(0, cells),
      outcome: outO.slice(0, cells),
      n: outN.slice(0, cells),
    };
  }
}

/** Which of the dimension's values pass the filter, as SQL decides it; null when SQL must decide. */
function passing(f: Exclude<Filter, { kind: 'exclude-outcomes' | 'date' }>, dim: CodedDimension): Uint8Array | null {
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
