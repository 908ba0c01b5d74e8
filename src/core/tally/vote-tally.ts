/**
 * Counting votes without a database: rows are tallied by the distinct values of the columns a mapping
 * reads (models, winner, flags), with their row count and summed weight, and only the distinct tuples
 * go through the row rules (schema/row-vote.ts). A file of millions of votes has a few thousand such
 * tuples, so the counts cost one pass over integer codes. The result is the battles table's pair
 * counts, summary and set-aside rows, exactly.
 */
import type { ColumnMapping } from '../schema/mapping.ts';
import { mappingColumns } from '../schema/mapping.ts';
import { rowVoteReader, type Cell, type CellKind } from '../schema/row-vote.ts';
import type { PairCounts } from '../stats/pair-counts.ts';
import { readRawPairCounts } from '../sql/pair-counts.ts';

/** Codes per column must stay below this, so two codes fold into one exact double. */
const CODE_LIMIT = 2 ** 21;

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
  private readonly folds: Map<number, number>[];
  totalRows = 0;

  /** `columns`: the columns tallied by value (a weight column is summed, not tallied). */
  constructor(readonly columns: readonly string[], readonly weighted: boolean) {
    this.values = columns.map(() => []);
    this.codes = columns.map(() => []);
    this.lookups = columns.map(() => new Map());
    this.folds = columns.map(() => new Map());
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
   * each row's weight (NaN for a missing or unreadable one).
   */
  addCoded(codes: readonly ArrayLike<number>[], weights: ArrayLike<number> | null, count: number): void {
    const k = this.columns.length;
    for (let r = 0; r < count; r++) {
      const t = this.tuple(codes, r, k);
      this.rows[t]++;
      if (!this.weighted) this.weight[t]++;
      else {
        const w = weights![r];
        if (Number.isFinite(w) && w > 0) this.weight[t] += w;
        else this.invalid[t]++;
      }
    }
    this.totalRows += count;
  }

  /** Adds an already grouped tuple: its values, rows, summed valid weight and rows with an invalid weight. */
  addGroup(values: readonly Cell[], rows: number, weight: number, invalid: number): void {
    const codes = values.map((v, c) => [this.code(c, v)]);
    const t = this.tuple(codes, 0, this.columns.length);
    this.rows[t] += rows;
    this.weight[t] += weight;
    this.invalid[t] += invalid;
    this.totalRows += rows;
  }

  private tuple(codes: readonly ArrayLike<number>[], r: number, k: number): number {
    let key = codes[0][r];
    for (let c = 1; c < k; c++) {
      const folded = key * CODE_LIMIT + codes[c][r];
      const fold = this.folds[c];
      let next = fold.get(folded);
      if (next === undefined) {
        next = fold.size;
        fold.set(folded, next);
      }
      key = next;
    }
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
    return key;
  }

  get tuples(): number {
    return this.rows.length;
  }
}

/** The columns a tally for `mapping` keeps by value, and the weight column summed apart. */
export function tallyColumns(mapping: ColumnMapping): { columns: string[]; weight: string | null } {
  return { columns: mappingColumns(mapping).filter((c) => c !== mapping.weight), weight: mapping.weight ?? null };
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
export function talliedVotes(tally: VoteTally, mapping: ColumnMapping, kinds: Readonly<Record<string, CellKind | null | undefined>>): TalliedVotes {
  const read = rowVoteReader(mapping, kinds);
  const index = new Map(tally.columns.map((c, i) => [c, i]));
  const cells = new Map<string, { model_a: string; model_b: string; outcome: number; n: number }>();
  const rejected = new Map<string, number>();
  const reject = (reason: string, rows: number) => rows > 0 && rejected.set(reason, (rejected.get(reason) ?? 0) + rows);
  let rows = 0;
  for (let t = 0; t < tally.tuples; t++) {
    const valid = tally.rows[t] - tally.invalid[t];
    const cell = (column: string): Cell => {
      if (column === mapping.weight) return 1;
      const c = index.get(column);
      return c === undefined ? null : tally.values[c][tally.codes[c][t]];
    };
    for (const vote of read(cell)) {
      if (vote.reason === null) {
        if (valid > 0) {
          const key = `${vote.modelA}\u0000${vote.modelB}\u0000${vote.outcome}`;
          const known = cells.get(key);
          if (known) known.n += tally.weight[t];
          else cells.set(key, { model_a: vote.modelA!, model_b: vote.modelB!, outcome: vote.outcome!, n: tally.weight[t] });
          rows += valid;
        }
        reject('invalid weight', tally.invalid[t]);
      } else {
        reject(vote.reason, tally.rows[t]);
      }
    }
  }
  const list = [...rejected].map(([reason, n]) => ({ reason, rows: n }));
  list.sort((x, y) => y.rows - x.rows || compareText(x.reason, y.reason));
  return {
    counts: readRawPairCounts([...cells.values()]),
    rows,
    rejected: list,
    rejectedRows: list.reduce((s, r) => s + r.rows, 0),
    sourceRows: tally.totalRows,
  };
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
  const a = encoder.encode(x), b = encoder.encode(y);
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return a.length - b.length;
}
