/**
 * Category pivot (LMArena's category view): one dimension, its top values by votes as columns,
 * each model's rank within each value. Each value is a point fit (Bradley-Terry, no bootstrap);
 * rank = 1 + the number of models of the same comparison group with a higher rating, so it is
 * a rank by rating, not Rank (UB).
 */
import type { Row } from '../sql/connector.ts';
import { BATTLES_TABLE } from '../sql/battles.ts';
import { filtersSql } from '../sql/filters.ts';
import { quoteIdent, quotePath } from '../sql/quote.ts';
import type { ColumnInfo } from '../schema/column.ts';
import type { SqlCondition, SqlQuery, SqlValue } from '../sql/statement.ts';
import { computeLeaderboard } from './leaderboard.ts';
import type { PairCounts } from './pair-counts.ts';

/**
 * Votes per (value, a, b, outcome) for the listed values of `path`, in the slice `base`:
 * a, b model ENUM codes and outcome the OUTCOME_CODE, as in pairCountsSql.
 */
export function pivotCountsSql(path: string[], values: readonly SqlValue[], base: SqlCondition, schema: readonly ColumnInfo[]): SqlQuery {
  const f = filtersSql([{ kind: 'in', path, values }], schema, base.params.length + 1);
  const where = base.sql ? `(${base.sql}) AND (${f.sql})` : f.sql;
  return {
    sql:
      `SELECT ${quotePath(path)} AS value, CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, ` +
      `CAST(enum_code(outcome) AS UTINYINT) AS outcome, sum(weight) AS n FROM ${quoteIdent(BATTLES_TABLE)} WHERE ${where} ` +
      `GROUP BY ALL ORDER BY 2, 3, 4`,
    params: [...base.params, ...f.params],
  };
}

const keyOf = (v: unknown) => JSON.stringify(v ?? null);

/** Splits pivotCountsSql rows into one PairCounts per value, in the order of `values`. */
export function readPivotCounts(models: string[], values: readonly SqlValue[], rows: readonly Row[]): PairCounts[] {
  const index = new Map(values.map((v, i) => [keyOf(v), i]));
  const lists: Row[][] = values.map(() => []);
  for (const r of rows) {
    const i = index.get(keyOf(r.value));
    if (i !== undefined) lists[i].push(r);
  }
  return lists.map((list) => ({
    models,
    a: Int32Array.from(list, (r) => Number(r.a)),
    b: Int32Array.from(list, (r) => Number(r.b)),
    outcome: Uint8Array.from(list, (r) => Number(r.outcome)),
    n: Float64Array.from(list, (r) => Number(r.n)),
  }));
}

export interface PivotColumn {
  label: string;
  votes: number;
  /** Models rated in this column. */
  rated: number;
}

export interface PivotCell {
  rank: number | null;
  rating: number | null;
  votes: number;
}

export interface PivotRow {
  model: string;
  /** One cell per column, in column order. */
  cells: PivotCell[];
}

export interface CategoryPivot {
  columns: PivotColumn[];
  /** Models with a vote in any column, ordered by their rank in the first column (then name). */
  rows: PivotRow[];
}

/** Point-fit ranks: 1 + models of the same group rated higher; unrated models get null. */
export function pointRanks(counts: PairCounts): PivotCell[] {
  const board = computeLeaderboard(counts, { bootstrapRounds: 0 });
  const cells: PivotCell[] = counts.models.map(() => ({ rank: null, rating: null, votes: 0 }));
  const index = new Map(counts.models.map((m, k) => [m, k]));
  for (const row of board.rows) {
    const better = row.rating === null ? 0 : board.rows.filter((o) => o.group === row.group && o.rating !== null && o.rating > row.rating!).length;
    cells[index.get(row.model)!] = { rank: row.rating === null ? null : 1 + better, rating: row.rating, votes: row.votes };
  }
  return cells;
}

/**
 * The pivot of `columns` (e.g. "all" then each value), one fit per column; `fits` lets a caller
 * compute them one at a time (and yield between) and hand them in.
 */
export function categoryPivot(columns: readonly { label: string; counts: PairCounts }[], fits?: readonly PivotCell[][]): CategoryPivot {
  const ranked = fits ?? columns.map((c) => pointRanks(c.counts));
  const models = columns[0]?.counts.models ?? [];
  const rows: PivotRow[] = models
    .map((model, k) => ({ model, cells: ranked.map((cells) => cells[k]) }))
    .filter((r) => r.cells.some((c) => c.votes > 0));
  rows.sort((x, y) => {
    for (let c = 0; c < ranked.length; c++) {
      const a = x.cells[c].rank ?? Infinity, b = y.cells[c].rank ?? Infinity;
      if (a !== b) return a - b;
    }
    return x.model < y.model ? -1 : 1;
  });
  return {
    columns: columns.map((c, i) => ({
      label: c.label,
      votes: c.counts.n.reduce((s, n) => s + n, 0),
      rated: ranked[i].filter((cell) => cell.rank !== null).length,
    })),
    rows,
  };
}
