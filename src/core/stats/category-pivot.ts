/**
 * Category pivot (LMArena's category view): one dimension, its top values by votes as columns,
 * each model's rank within each value. Each value is a point fit (Bradley-Terry, no bootstrap);
 * rank = 1 + the number of models of the same comparison group with a higher rating, so it is
 * a rank by rating, not Rank (UB). A model with fewer votes in a value than the minimum is not
 * ranked there (its rating stays, marked few): a rank 1 on eleven votes is noise, and LMArena
 * leaves such models off its category boards.
 */
import { computeLeaderboard, type Leaderboard } from './leaderboard.ts';
import type { PairCounts } from './pair-counts.ts';

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
  /** The rating's 95% interval from the fit (sandwich when the fit asked for it); null without one. */
  lower?: number | null;
  upper?: number | null;
  /** Fewer votes than the minimum: rated, not ranked. */
  few?: boolean;
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
export function pointRanks(counts: PairCounts, minVotes = 0): PivotCell[] {
  return ranksOf(computeLeaderboard(counts, { bootstrapRounds: 0 }), counts.models, minVotes);
}

/** The pivot cells of a point fit (fitted elsewhere, e.g. in the rating worker), in the order of `models`. */
export function ranksOf(board: Leaderboard, models: readonly string[], minVotes = 0): PivotCell[] {
  const cells: PivotCell[] = models.map(() => ({ rank: null, rating: null, votes: 0 }));
  const index = new Map(models.map((m, k) => [m, k]));
  const ranked = board.rows.filter((r) => r.rating !== null && r.votes >= minVotes);
  for (const row of board.rows) {
    const few = row.rating !== null && row.votes < minVotes;
    const better = row.rating === null || few ? 0 : ranked.filter((o) => o.group === row.group && o.rating! > row.rating!).length;
    cells[index.get(row.model)!] = {
      rank: row.rating === null || few ? null : 1 + better,
      rating: row.rating,
      votes: row.votes,
      lower: row.lower,
      upper: row.upper,
      few,
    };
  }
  return cells;
}

/**
 * The pivot of `columns` (e.g. "all" then each value), one fit per column; `fits` lets a caller
 * compute them one at a time (and yield between) and hand them in.
 */
export function categoryPivot(
  columns: readonly { label: string; counts: PairCounts }[],
  fits?: readonly PivotCell[][],
  minVotes = 0,
): CategoryPivot {
  const ranked = fits ?? columns.map((c) => pointRanks(c.counts, minVotes));
  const models = columns[0]?.counts.models ?? [];
  const rows: PivotRow[] = models
    .map((model, k) => ({ model, cells: ranked.map((cells) => cells[k]) }))
    .filter((r) => r.cells.some((c) => c.votes > 0));
  rows.sort((x, y) => {
    for (let c = 0; c < ranked.length; c++) {
      const a = x.cells[c].rank ?? Infinity,
        b = y.cells[c].rank ?? Infinity;
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
