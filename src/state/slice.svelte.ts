/**
 * The current slice: the filters and quick toggles as one bound condition on `battles`, and the
 * pair counts it holds. A filter that does not fit the loaded data (a tampered or stale link) is
 * dropped with a note naming it, never turned into SQL text. Once a dataset is read, its slice cube
 * is built behind the page; filters it serves count from it, and a date range counts from the
 * pair × day cube of its column. Before DuckDB holds the rows, the counting worker's filter cube
 * answers the filters it covers (fromTally).
 */
import type { Duck } from '../io/duckdb.ts';
import { mark } from '../io/marks.ts';
import type { OpenedDataset } from '../io/open-dataset.ts';
import { readCounts } from '../core/sql/pair-counts.ts';
import type { ColumnInfo } from '../core/schema/column.ts';
import { BATTLES_TABLE } from '../core/sql/battles.ts';
import { filtersSql, type Filter } from '../core/sql/filters.ts';
import { quoteIdent } from '../core/sql/quote.ts';
import {
  buildDayCube,
  buildSliceCube,
  codableDimensions,
  cubeRowsSql,
  cubeServes,
  dayColumns,
  type DayColumn,
  type SliceCube,
} from '../core/sql/slice-cube.ts';
import { CubeCounts } from '../core/tally/cube-counts.ts';
import { DayCounts } from '../core/tally/day-counts.ts';
import { pairDaysSql } from '../core/sql/pair-days.ts';
import { cubeColumnsFromArrow, dayRowsFromArrow } from '../io/cube-columns.ts';
import type { SqlCondition } from '../core/sql/statement.ts';
import { describeSql, readColumns } from '../core/sql/summary.ts';
import { dropModelsBelow, minVotesInForce, type DroppedModel } from '../core/stats/min-votes.ts';
import { outcomesOnly, withoutOutcomes } from '../core/stats/outcome-slice.ts';
import { countsTotals, type PairCounts } from '../core/stats/pair-counts.ts';
import { quickFilters } from '../core/view/quick-filters.ts';
import type { QuickToggles } from '../core/view/view-state.ts';
import { earlySlice, type EarlyFilters } from '../core/view/early-filters.ts';

const NO_FILTER: SqlCondition = { sql: '', params: [] };
/** A cube up to this many rows is also held in the page (~25 bytes a row), to count filters without a query; so is a pair × day cube. */
const CODED_CUBE_ROWS = 1_000_000;

export class SliceStore {
  /** DESCRIBE battles for the loaded dataset. */
  columns = $state.raw<ColumnInfo[]>([]);
  where = $state.raw<SqlCondition>(NO_FILTER);
  counts = $state.raw<PairCounts | null>(null);
  votes = $state(0);
  models = $state(0);
  /** Models left out by the minimum of votes, with their records. */
  dropped = $state.raw<DroppedModel[]>([]);
  /** The minimum of votes in force (the user's, or the default for a filtered slice). */
  minVotes = $state(0);
  /** Whether filters (not just quick toggles) narrow the votes: a category board. */
  sliced = $state(false);
  /** Why filters were dropped; stays until the user dismisses it or changes the filters. */
  problem = $state<string | null>(null);
  /**
   * What counted the slice: the counting worker's tally (before DuckDB holds the rows), the page's
   * own cubes once DuckDB built them (outcome cells, slice cube, pair × day cube), or a query to
   * DuckDB; null before any.
   */
  countedBy = $state<'tally' | 'page' | 'duckdb' | null>(null);

  /** The dataset `columns` describe (the filter panel waits for them to match). */
  columnsOf = $state.raw<OpenedDataset | null>(null);
  /** The cube of the dataset in `columnsOf`, once built (null: none, or not yet); the filter widgets count from it too. */
  cube = $state.raw<SliceCube | null>(null);
  /** The day cube (outcome, the cube's dimensions, each date column's day), once built: the filter widgets count from it first. */
  dayCube = $state.raw<SliceCube | null>(null);
  /** The cube's rows held here, for the filters it counts without a query. */
  private cubeCounts: CubeCounts | null = null;
  /** Each date column's pair × day cube held here, for a date range counted without a query. */
  private dayCounts: DayCounts[] = [];
  private generation = 0;
  private cubes = 0;

  /** Forgets the slice of a dataset being replaced, so nothing re-rates its counts meanwhile. */
  reset(): void {
    this.generation++;
    this.counts = null;
    this.columnsOf = null;
    this.cube = null;
    this.dayCube = null;
    this.cubeCounts = null;
    this.dayCounts = [];
    this.where = NO_FILTER;
    this.countedBy = null;
  }

  /**
   * Before DuckDB holds the rows: the slice from the tally's filter cube, at once (issue 28); false
   * when a filter in force is not one the cube covers (DuckDB answers it once ready). The counts are
   * those DuckDB would give, so its answer to the same filters later changes nothing on screen.
   */
  fromTally(early: EarlyFilters, whole: PairCounts, filters: Filter[], quick: QuickToggles): boolean {
    const counts = earlySlice(early, whole, filters, quick);
    if (!counts) return false;
    this.generation++;
    if (counts !== whole) mark('slice-counted');
    this.settle(counts, filters.length > 0, quick, NO_FILTER);
    this.countedBy = 'tally';
    return true;
  }

  /** Recomputes the slice; returns the filters actually applied (invalid ones removed). */
  async update(duck: Duck, dataset: OpenedDataset, filters: Filter[], quick: QuickToggles): Promise<Filter[]> {
    const generation = ++this.generation;
    if (this.columnsOf !== dataset) {
      this.columns = readColumns(await duck.connector.query(describeSql(BATTLES_TABLE).sql));
      this.columnsOf = dataset;
      this.problem = null;
      this.cube = null;
      this.dayCube = null;
      this.cubeCounts = null;
      this.dayCounts = [];
      void this.buildCube(duck, dataset);
    }
    let applied = filters;
    let inForce = [...filters, ...quickFilters(quick, this.columns)];
    let where: SqlCondition;
    try {
      where = filtersSql(inForce, this.columns);
    } catch (error) {
      applied = [];
      this.problem = `filters ignored: ${(error as Error).message}`;
      inForce = quickFilters(quick, this.columns);
      where = filtersSql(inForce, this.columns);
    }
    const table = this.cube && cubeServes(this.cube, inForce) ? this.cube.table : undefined;
    // Outcome toggles alone need no query and no cube: the file's counts without those cells.
    const outcomes = where.sql ? outcomesOnly(inForce) : null;
    const counted = outcomes
      ? withoutOutcomes(dataset.counts, outcomes)
      : where.sql
        ? ((table ? this.cubeCounts?.counts(inForce) : null) ?? this.countDates(inForce))
        : null;
    const counts = !where.sql ? dataset.counts : (counted ?? (await readCounts(duck.urgent, where, dataset.counts.models, table)));
    if (generation !== this.generation) return applied;
    if (where.sql) mark('slice-counted');
    this.settle(counts, applied.length > 0, quick, where.sql ? where : NO_FILTER);
    this.countedBy = counted ? 'page' : 'duckdb';
    return applied;
  }

  /** A date range (and excluded outcomes) from its column's pair × day cube; null when none holds it. */
  private countDates(filters: readonly Filter[]): PairCounts | null {
    for (const held of this.dayCounts) {
      const counts = held.counts(filters);
      if (counts) return counts;
    }
    return null;
  }

  /** Shows `counts` as the slice: models under the minimum of votes listed apart. */
  private settle(counts: PairCounts, sliced: boolean, quick: QuickToggles, where: SqlCondition): void {
    // The default minimum is for filtered boards (a category): the whole file's board rates every model.
    const minVotes = minVotesInForce(quick.minVotes, sliced);
    const kept = dropModelsBelow(counts, minVotes);
    this.where = where;
    this.counts = kept.counts;
    this.dropped = kept.dropped;
    this.minVotes = minVotes;
    this.sliced = sliced;
    // The slice's own figures, before the minimum: the models under it are listed apart, still in the slice.
    const { votes, models } = countsTotals(counts);
    this.votes = votes;
    this.models = models;
  }

  /** Each date column's pair × day cube, held while it has at most CODED_CUBE_ROWS rows (an Arrow answer, no table). */
  private async holdDays(duck: Duck, dataset: OpenedDataset, days: readonly DayColumn[]): Promise<void> {
    for (const day of days) {
      const sql = pairDaysSql(day, CODED_CUBE_ROWS);
      if (!sql) continue;
      const rows = await duck.arrow(sql);
      if (this.columnsOf !== dataset) return;
      if (rows.numRows <= CODED_CUBE_ROWS) this.dayCounts.push(new DayCounts([day.column], dayRowsFromArrow(rows, dataset.counts.models)));
    }
  }

  /** Builds the dataset's cube on the ordinary lane (filters meanwhile read battles); a failure only costs speed. */
  private async buildCube(duck: Duck, dataset: OpenedDataset): Promise<void> {
    const previous = [`slice_cube_${this.cubes}`, `day_cube_${this.cubes}`];
    const table = `slice_cube_${++this.cubes}`;
    const dayTable = `day_cube_${this.cubes}`;
    const drop = async (tables: string[]) => {
      for (const t of tables) await duck.connector.query(`DROP TABLE IF EXISTS ${quoteIdent(t)}`);
    };
    // Another dataset came while a cube was being built: what this build made goes.
    const stale = async () => {
      if (this.columnsOf === dataset) return false;
      await drop([table, dayTable]);
      return true;
    };
    try {
      await drop(previous);
      // summary.rows counts battles (rows set aside are in rejected_rows, not in it).
      const cube = await buildSliceCube(duck.connector, table, this.columns, dataset.detection.dimensions, dataset.summary.rows);
      if (await stale()) return;
      this.cube = cube;
      const days = dayColumns(this.columns, dataset.detection.dimensions, dataset.detection.preset.ignored);
      const dayCube = await buildDayCube(duck.connector, dayTable, cube?.paths ?? [], days, dataset.summary.rows);
      if (await stale()) return;
      this.dayCube = dayCube;
      if (cube && cube.rows <= CODED_CUBE_ROWS) {
        const paths = codableDimensions(cube, this.columns);
        const rows = await duck.arrow(cubeRowsSql(cube, paths));
        if (this.cube === cube) this.cubeCounts = new CubeCounts(cubeColumnsFromArrow(rows, dataset.counts.models, paths));
      }
      await this.holdDays(duck, dataset, days);
    } catch (error) {
      console.warn('slice cube not built; filters read battles', error);
    } finally {
      mark('slice-cube');
    }
  }
}
