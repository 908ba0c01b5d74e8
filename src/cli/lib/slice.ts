/**
 * The slice a command rates: `--where` conditions and the page's quick toggles, turned into the
 * page's Filter objects (core/view/where-text.ts, core/view/quick-filters.ts) and bound by the same
 * builder (core/sql/filters.ts), then the pair counts under that condition, minimum votes applied.
 */
import type { ColumnInfo } from '../../core/schema/column.ts';
import type { Connector } from '../../core/sql/connector.ts';
import type { SqlCondition } from '../../core/sql/statement.ts';
import { BATTLES_TABLE } from '../../core/sql/battles.ts';
import { filtersSql, type Filter } from '../../core/sql/filters.ts';
import { readCounts } from '../../core/sql/pair-counts.ts';
import { describeSql, readColumns } from '../../core/sql/summary.ts';
import { dropModelsBelow, type DroppedModel } from '../../core/stats/min-votes.ts';
import type { PairCounts } from '../../core/stats/pair-counts.ts';
import { quickFilters } from '../../core/view/quick-filters.ts';
import type { QuickToggles } from '../../core/view/view-state.ts';
import { parseWhere, whereFilter } from '../../core/view/where-text.ts';
import { UsageError } from './errors.ts';

export const NO_QUICK: QuickToggles = {
  excludeTies: false,
  excludeBothBad: false,
  excludeFlagged: false,
  anonymousOnly: false,
  dedupOnly: false,
  minVotes: 0,
};

/** Checks the text of each --where before any file is read. */
export function checkWhere(wheres: readonly string[]): void {
  for (const w of wheres) {
    if (!parseWhere(w)) throw new UsageError(`--where must be COLUMN=VALUE, COLUMN>=X, COLUMN<=X or COLUMN<DATE, got "${w}"`);
  }
}

export interface Slice {
  counts: PairCounts;
  filters: Filter[];
  droppedModels: string[];
  /** The same models with their records in the slice, most votes first. */
  dropped: DroppedModel[];
  /** The slice's condition on the battles table (none for the whole file), and that table's columns. */
  where?: SqlCondition;
  columns?: ColumnInfo[];
}

export async function readSlice(db: Connector, wheres: readonly string[], quick: QuickToggles = NO_QUICK): Promise<Slice> {
  const columns = readColumns(await db.query(describeSql(BATTLES_TABLE).sql));
  const filters = wheres.map((w) => {
    try {
      return whereFilter(parseWhere(w)!, columns);
    } catch (error) {
      throw new UsageError(`--where ${(error as Error).message}`);
    }
  });
  const all = [...filters, ...quickFilters(quick, columns)];
  const where = filtersSql(all, columns);
  const kept = dropModelsBelow(await readCounts(db, where.sql ? where : undefined), quick.minVotes ?? 0);
  return {
    counts: kept.counts,
    filters: all,
    droppedModels: kept.droppedModels,
    dropped: kept.dropped,
    where: where.sql ? where : undefined,
    columns,
  };
}

/** Whether a quick toggle cuts votes (minimum votes only drops models from the counts). */
export function hasQuickFilter(quick: QuickToggles): boolean {
  return quick.excludeTies || quick.excludeBothBad || quick.excludeFlagged || quick.anonymousOnly || quick.dedupOnly;
}

/** The slice of every vote, from the whole file's counts: only the minimum votes applies. */
export function wholeSlice(counts: PairCounts, minVotes: number): Slice {
  const kept = dropModelsBelow(counts, minVotes);
  return { counts: kept.counts, filters: [], droppedModels: kept.droppedModels, dropped: kept.dropped };
}
