/**
 * Counting votes without a database: rows are tallied by the distinct values of the columns a mapping
 * reads (models, winner, flags), with their row count and summed weight, and only the distinct tuples
 * go through the row rules (schema/row-vote.ts). A file of millions of votes has a few thousand such
 * tuples, so the counts cost one pass over integer codes. The result is the battles table's pair
 * counts, summary and set-aside rows, exactly.
 */
import type { ColumnMapping } from '../schema/mapping.ts';
import { mappingColumns } from '../schema/mapping.ts';
import { cellKind, rowVoteReader, type Cell, type CellKind } from '../schema/row-vote.ts';
import type { PairCounts } from '../stats/pair-counts.ts';
import { layOutCells, readRawPairCounts, type CellLayout } from '../sql/pair-counts.ts';
import { PairIndex } from './pair-index.ts';
import type { CellLayoutOf } from './filter-cube.ts';

/** Codes per column stay below this (a sanity bound: a tally is for a few thousand distinct values). */
const CODE_LIMIT = 2 ** 24;

export class VoteTally {
  /** Distinct values per column, by code. */
  readonly values: Cell[][];
  /** Rows per tuple; weight: summed valid weight (rows without a weight column); invalid: rows whose weight is not a positive finite number. */
  rows: number[] = [];
  weight: number[] = [];
  invalid: number[] = [];
  /** Codes of each tuple, column by column. */
  codes: number[][];
  private readonly lookups: Map<Cell, number>[];
  private readonly folds: PairIndex[];
  totalRows = 0;

  /** `columns`: the columns tallied by value (a weight column is summed, not tallied). */
  constructor(
    readonly columns: readonly string[],
    readonly weighted: boolean,
  ) {
    this.values = columns.map(() => []);
    this.codes = columns.map(() => []);
    this.lookups = columns.map(() => new Map());
    this.folds = columns.map(() => new PairIndex());
  }

  /** The code of a value in column `c` (a new code for a new value). */
  code(c: number, value: Cell): number {
    const v = value === undefined ? null : value;
    let code = this.lookups[c].get(v);
    if (code === undefined) {
      code = this.values[c].length;
      if (code >= CODE_LIMIT) throw new RangeError(`VoteTally: more than ${CODE_LIMIT} distinct values in column "${this.columns[c]}"`);
      this.values[c].push(v);
      this.lookups[c].set(v, code);
    }
    return code;
  }

  /**
   * Adds `count` rows given each column's codes (columns in constructor order) and, when weighted,
   * each row's weight (NaN for a missing or unreadable one). Returns each row's tuple number.
   */
  addCoded(codes: readonly ArrayLike<number>[], weights: ArrayLike<number> | null, count: number): Int32Array {
    const k = this.columns.length;
    // Each row's tuple number, folding in a column at a time.
    const keys = new Int32Array(count);
    const first = codes[0];
    for (let r = 0; r < count; r++) keys[r] = first[r];
    for (let c = 1; c < k; c++) this.folds[c].fold(keys, codes[c], count);
    for (let r = 0; r < count; r++) {
      const t = keys[r];
      if (t >= this.rows.length || this.codes[0][t] === -1) this.note(t, codes, r, k);
      this.rows[t]++;
      if (!this.weighted) this.weight[t]++;
      else {
        const w = weights![r];
        if (Number.isFinite(w) && w > 0) this.weight[t] += w;
        else this.invalid[t]++;
      }
    }
    this.totalRows += count;
    return keys;
  }

  /**
   * Adds already grouped tuples given each column's codes (as addCoded), with their rows, summed
   * valid weight and rows with an invalid weight. Returns each one's tuple number here.
   */
  addTuples(
    codes: readonly ArrayLike<number>[],
    rows: ArrayLike<number>,
    weight: ArrayLike<number>,
    invalid: ArrayLike<number>,
    count: number,
  ): Int32Array {
    const k = this.columns.length;
    // A loop, not Int32Array.from with a mapper: a file's row groups bring millions of tuples here
    // (20M battles of 150 models: 11M), and the mapped copy took a quarter of the counting's time.
    const keys = new Int32Array(count);
    const first = codes[0];
    for (let r = 0; r < count; r++) keys[r] = first[r];
    for (let c = 1; c < k; c++) this.folds[c].fold(keys, codes[c], count);
    // Locals: note() grows these arrays in place.
    const tupleRows = this.rows,
      tupleWeight = this.weight,
      tupleInvalid = this.invalid,
      firstCodes = this.codes[0];
    let total = 0;
    for (let r = 0; r < count; r++) {
      const t = keys[r];
      if (t >= tupleRows.length || firstCodes[t] === -1) this.note(t, codes, r, k);
      tupleRows[t] += rows[r];
      tupleWeight[t] += weight[r];
      tupleInvalid[t] += invalid[r];
      total += rows[r];
    }
    this.totalRows += total;
    return keys;
  }

  /** Adds an already grouped tuple: its values, rows, summed valid weight and rows with an invalid weight. Returns its tuple number. */
  addGroup(values: readonly Cell[], rows: number, weight: number, invalid: number): number {
    const codes = values.map((v, c) => [this.code(c, v)]);
    const t = this.tuple(codes, 0, this.columns.length);
    this.rows[t] += rows;
    this.weight[t] += weight;
    this.invalid[t] += invalid;
    this.totalRows += rows;
    return t;
  }

  private tuple(codes: readonly ArrayLike<number>[], r: number, k: number): number {
    let key = codes[0][r];
    for (let c = 1; c < k; c++) key = this.folds[c].get(key, codes[c][r]);
    this.note(key, codes, r, k);
    return key;
  }

  /** Makes room for tuple `key` and keeps its codes (row r's) when it is new. */
  private note(key: number, codes: readonly ArrayLike<number>[], r: number, k: number): void {
    // The last fold numbers tuples; a one-column tally numbers them by the column's codes.
    if (key >= this.rows.length) {
      for (let t = this.rows.length; t <= key; t++) {
        this.rows.push(0);
        this.weight.push(0);
        this.invalid.push(0);
        this.codes.forEach((list) => list.push(-1));
      }
    }
    if (this.codes[0][key] === -1) for (let c = 0; c < k; c++) this.codes[c][key] = codes[c][r];
  }

  get tuples(): number {
    return this.rows.length;
  }
}

/** The columns a tally for `mapping` keeps by value, and the weight column summed apart. */
export function tallyColumns(mapping: ColumnMapping): { columns: string[]; weight: string | null } {
  return { columns: mappingColumns(mapping).filter((c) => c !== mapping.weight), weight: mapping.weight ?? null };
}

/**
 * The columns a tally reads (tallyColumns, the weight last) and the kind each is read as, from its
 * type's name (`types`: column → type), as the battles SQL reads it.
 */
export function tallyKinds(
  mapping: ColumnMapping,
  types: ReadonlyMap<string, string>,
): { read: string[]; kinds: Record<string, CellKind | null> } {
  const { columns, weight } = tallyColumns(mapping);
  const read = weight ? [...columns, weight] : columns;
  return { read, kinds: Object.fromEntries(read.map((c) => [c, cellKind(types.get(c) ?? '')])) };
}

export interface TalliedVotes {
  counts: PairCounts;
  /** Rows of battles (a row with an extra pair counts once per pair). */
  rows: number;
  rejected: { reason: string; rows: number }[];
  rejectedRows: number;
  /** Rows read from the source. */
  sourceRows: number;
}

/**
 * What battles.ts would make of the tallied rows: pair counts (models in the model_name ENUM's order,
 * cells in pairCountsSql's order), battles rows, and rows set aside by reason (rejectedByReasonSql's order).
 */
export function talliedVotes(
  tally: VoteTally,
  mapping: ColumnMapping,
  kinds: Readonly<Record<string, CellKind | null | undefined>>,
): TalliedVotes {
  return new TallyReader(mapping, kinds).read(tally);
}

/** Models a reader numbers at most (a sanity bound, as the tally's CODE_LIMIT). */
const MODEL_KEYS = 2 ** 24;

/** A tuple's votes under one mapping: each usable vote's cell number, or -1 - (reason number) for a vote set aside. */
type TupleVotes = number[];

/**
 * talliedVotes for one mapping, read again and again as the tally grows (the page's provisional
 * counts): a tuple goes through the row rules once, when first seen, and is kept as cell and reason
 * numbers, so a later read is one pass adding numbers.
 */
export class TallyReader {
  private readonly read1: ReturnType<typeof rowVoteReader>;
  private readonly seen: TupleVotes[] = [];
  /** Cells numbered by (model pair, outcome): pairs of small numbers, found by indexing (a Map of 2^50 keys took a tenth of a first read). */
  private readonly pairNumbers = new PairIndex();
  private readonly cellNumbers = new PairIndex();
  private readonly modelNumbers = new Map<string, number>();
  /** Models met in usable votes, by number; each cell's models (numbers) and outcome code. */
  private readonly modelNames: string[] = [];
  private readonly cellA: number[] = [];
  private readonly cellB: number[] = [];
  private readonly cellOutcome: number[] = [];
  private readonly reasonNumbers = new Map<string, number>();
  private readonly reasons: string[] = [];
  private layout: CellLayout | null = null;

  constructor(
    private readonly mapping: ColumnMapping,
    kinds: Readonly<Record<string, CellKind | null | undefined>>,
  ) {
    this.read1 = rowVoteReader(mapping, kinds);
  }

  read(tally: VoteTally): TalliedVotes {
    this.readNewTuples(tally);
    const invalidWeight = this.reasonNumber('invalid weight');
    const cells = this.cellA.length;
    const n = new Float64Array(cells);
    const used = new Uint8Array(cells);
    const rejectedRows = new Float64Array(this.reasons.length);
    let rows = 0;
    for (let t = 0; t < tally.tuples; t++) {
      const valid = tally.rows[t] - tally.invalid[t];
      for (const vote of this.seen[t]) {
        if (vote < 0) {
          rejectedRows[-1 - vote] += tally.rows[t];
          continue;
        }
        if (valid > 0) {
          n[vote] += tally.weight[t];
          used[vote] = 1;
          rows += valid;
        }
        rejectedRows[invalidWeight] += tally.invalid[t];
      }
    }
    const list = this.reasons.map((reason, k) => ({ reason, rows: rejectedRows[k] })).filter((r) => r.rows > 0);
    list.sort((x, y) => y.rows - x.rows || compareText(x.reason, y.reason));
    const counts = used.every((u) => u === 1)
      ? this.countsInLayout(n)
      : readRawPairCounts(
          this.cellA.flatMap((a, k) =>
            used[k]
              ? [{ model_a: this.modelNames[a], model_b: this.modelNames[this.cellB[k]], outcome: this.cellOutcome[k], n: n[k] }]
              : [],
          ),
        );
    return {
      counts,
      rows,
      rejected: list,
      rejectedRows: list.reduce((sum, r) => sum + r.rows, 0),
      sourceRows: tally.totalRows,
    };
  }

  /**
   * Where each tuple's votes landed in the counts the last read gave (filter-tally.ts splits them
   * further); null when those counts were not in the layout (a cell with no valid vote).
   */
  cellsInLayout(): CellLayoutOf | null {
    const layout = this.layout;
    if (!layout || layout.order.length !== this.cellA.length) return null;
    const place = new Int32Array(layout.order.length);
    layout.order.forEach((k, at) => (place[k] = at));
    const places: Int32Array[] = [];
    return {
      models: layout.models,
      a: layout.a,
      b: layout.b,
      outcome: layout.outcome,
      // Many split tuples share a base tuple: its places are worked out once.
      votesOf: (t) => (places[t] ??= Int32Array.from(this.seen[t], (vote) => (vote < 0 ? -1 : place[vote]))),
    };
  }

  private readNewTuples(tally: VoteTally): void {
    const { mapping } = this;
    const index = new Map(tally.columns.map((c, i) => [c, i]));
    let t = this.seen.length;
    const cell = (column: string): Cell => {
      if (column === mapping.weight) return 1;
      const c = index.get(column);
      return c === undefined ? null : tally.values[c][tally.codes[c][t]];
    };
    for (; t < tally.tuples; t++) {
      const votes = this.read1(cell);
      // A typed array per tuple cost more than the rules themselves (90,000 tuples for 150 models).
      const numbers: number[] = [];
      for (const v of votes)
        numbers.push(v.reason === null ? this.cellNumber(v.modelA!, v.modelB!, v.outcome!) : -1 - this.reasonNumber(v.reason));
      this.seen.push(numbers);
    }
  }

  /**
   * Counts with every cell known, in readRawPairCounts' order: the order (a sort of every cell and
   * model) is worked out once per set of cells, so a read of a grown tally only places the numbers.
   */
  private countsInLayout(n: Float64Array): PairCounts {
    if (this.layout?.order.length !== n.length) {
      this.layout = layOutCells(this.modelNames, this.cellA, this.cellB, Uint8Array.from(this.cellOutcome));
    }
    const { models, a, b, outcome, order } = this.layout;
    const counts = new Float64Array(n.length);
    for (let at = 0; at < n.length; at++) counts[at] = n[order[at]];
    return { models: [...models], a: a.slice(), b: b.slice(), outcome: outcome.slice(), n: counts };
  }

  /** Cells are numbered by their models' numbers and the outcome, in order of first sight. */
  private cellNumber(modelA: string, modelB: string, outcome: number): number {
    const a = this.modelNumber(modelA);
    const b = this.modelNumber(modelB);
    const k = this.cellNumbers.get(this.pairNumbers.get(a, b), outcome);
    if (k === this.cellA.length) {
      this.cellA.push(a);
      this.cellB.push(b);
      this.cellOutcome.push(outcome);
    }
    return k;
  }

  private modelNumber(model: string): number {
    let k = this.modelNumbers.get(model);
    if (k === undefined) {
      k = this.modelNames.length;
      if (k >= MODEL_KEYS) throw new RangeError(`TallyReader: more than ${MODEL_KEYS} models`);
      this.modelNames.push(model);
      this.modelNumbers.set(model, k);
    }
    return k;
  }

  private reasonNumber(reason: string): number {
    let k = this.reasonNumbers.get(reason);
    if (k === undefined) {
      k = this.reasons.length;
      this.reasons.push(reason);
      this.reasonNumbers.set(reason, k);
    }
    return k;
  }
}

/**
 * Distinct values of a tallied column with their rows, most first, as winnerValuesSql reads them
 * (text, NULL last among equals), for detection; `limit` as there.
 */
export function tallyValues(tally: VoteTally, column: string, kind: CellKind, limit = 100): { value: string | null; rows: number }[] {
  const c = tally.columns.indexOf(column);
  if (c < 0) return [];
  const byCode = new Map<number, number>();
  for (let t = 0; t < tally.tuples; t++) byCode.set(tally.codes[c][t], (byCode.get(tally.codes[c][t]) ?? 0) + tally.rows[t]);
  const text = (v: Cell): string | null => (v === null || v === undefined ? null : kind === 'boolean' ? (v ? 'true' : 'false') : String(v));
  const merged = new Map<string | null, number>();
  for (const [code, n] of byCode) {
    const v = text(tally.values[c][code]);
    merged.set(v, (merged.get(v) ?? 0) + n);
  }
  return [...merged]
    .map(([value, rows]) => ({ value, rows }))
    .sort((x, y) => y.rows - x.rows || (x.value === null ? 1 : y.value === null ? -1 : compareText(x.value, y.value)))
    .slice(0, limit);
}

const encoder = new TextEncoder();
/** DuckDB's order of text: by UTF-8 bytes. */
function compareText(x: string, y: string): number {
  const a = encoder.encode(x),
    b = encoder.encode(y);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
