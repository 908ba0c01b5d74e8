/**
 * Filters before DuckDB holds the rows (issue 28): the counting worker's filter cube
 * (tally/filter-cube.ts) as the filter panel and the slice read it — the dimensions it covers (as
 * decideDimensions names them once DuckDB describes battles), the columns the quick toggles check,
 * the votes per outcome, and the slice of the filters in force when the cube covers them all.
 */
import { OUTCOMES, type Outcome } from '../outcome.ts';
import type { ColumnInfo } from '../schema/column.ts';
import type { Filter } from '../sql/filters.ts';
import type { PairCounts } from '../stats/pair-counts.ts';
import { CubeCounts } from '../tally/cube-counts.ts';
import type { FilterCube } from '../tally/filter-cube.ts';
import type { DimensionHint } from '../schema/preset.ts';
import { decideDimensions, type Dimension } from './dimensions.ts';
import { QUICK_FLAGS, quickFilters } from './quick-filters.ts';
import type { QuickToggles } from './view-state.ts';

export interface EarlyFilters {
  cube: CubeCounts;
  /** The columns split on, as the panel offers them. */
  dims: Dimension[];
  /** Their names and types, for the quick toggles (anonymous only). */
  columns: ColumnInfo[];
  /** Votes per outcome in the whole file (which outcome toggles apply). */
  outcomes: Partial<Record<Outcome, number>>;
}

/**
 * The panel's view of the cube: its columns become dimensions as decideDimensions makes them of
 * battles (hints, distinct values, models), keeping the kinds the cube counts (no dates).
 */
export function earlyFilters(data: { columns: ColumnInfo[]; hints: DimensionHint[]; ignored: string[]; cube: FilterCube }): EarlyFilters {
  const { columns, hints, ignored, cube } = data;
  const outcomes: Partial<Record<Outcome, number>> = {};
  for (let r = 0; r < cube.outcome.length; r++) {
    const o = OUTCOMES[cube.outcome[r]];
    outcomes[o] = (outcomes[o] ?? 0) + cube.weight[r];
  }
  // Distinct values as the profile counts them (NULL is no value).
  const distinct = Object.fromEntries(cube.dims.map((d) => [d.path[0], d.dictionary.filter((v) => v !== null).length]));
  const split = new Set(cube.dims.map((d) => d.path[0]));
  const dims = decideDimensions({ columns, hints, ignored, distinct, models: [cube.models.length] }).filter(
    (d) => d.path.length === 1 && split.has(d.path[0]) && (d.kind === 'category' || d.kind === 'boolean' || d.kind === 'number'),
  );
  return { cube: new CubeCounts(cube), dims, columns, outcomes };
}

/**
 * The filters in force: the panel's and the quick toggles' (as SliceStore.update reads them); null
 * when a toggle is on that needs a column the cube lacks (the file may have it: DuckDB will tell).
 */
export function earlyInForce(early: EarlyFilters, filters: readonly Filter[], quick: QuickToggles): Filter[] | null {
  const off = Object.fromEntries(QUICK_FLAGS.map((k) => [k, false])) as Record<(typeof QUICK_FLAGS)[number], false>;
  const columnToggles = (['excludeFlagged', 'anonymousOnly', 'dedupOnly'] as const).filter((k) => quick[k]);
  if (columnToggles.some((k) => quickFilters({ ...quick, ...off, [k]: true }, early.columns).length === 0)) return null;
  return [...filters, ...quickFilters(quick, early.columns)];
}

/** The slice's pair counts from the cube (`whole` when nothing is in force); null when a filter in force is not one it covers. */
export function earlySlice(early: EarlyFilters, whole: PairCounts, filters: readonly Filter[], quick: QuickToggles): PairCounts | null {
  const inForce = earlyInForce(early, filters, quick);
  if (!inForce) return null;
  return inForce.length ? early.cube.counts(inForce) : whole;
}
