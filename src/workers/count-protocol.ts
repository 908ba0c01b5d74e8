/**
 * Messages between the page and the counting worker (count.worker.ts), which reads a parquet source's
 * mapped columns row group by row group and sends pair counts as it goes: the first leaderboard comes
 * from them, before (and independently of) DuckDB.
 */
import type { ColumnMapping } from '../core/schema/mapping.ts';
import type { PairCounts } from '../core/stats/pair-counts.ts';
import type { FilterTallyData } from '../core/tally/filter-tally.ts';
import type { TallyData } from '../core/tally/tally-parts.ts';
import type { FilterCube } from '../core/tally/filter-cube.ts';
import type { ColumnInfo } from '../core/schema/column.ts';
import type { DimensionHint } from '../core/schema/preset.ts';

export type CountRequest =
  | {
      type: 'count';
      id: number;
      /** The source's parquet files: a local file, or addresses read by range requests. */
      parts: (Blob | string)[];
      /** The user's mapping; else the shape is recognised as the page does (schema, then winner values). */
      mapping?: ColumnMapping;
    }
  /** The count's board is on screen: the filter columns may be tallied now (a second pass). */
  | { type: 'split'; id: number }
  | { type: 'cancel'; id: number };

export type CountResponse =
  /** Counts of the rows read so far; `final` once every row group of every part is read. */
  | {
      type: 'counts';
      id: number;
      counts: PairCounts;
      rowsRead: number;
      totalRows: number;
      final: boolean;
      /** With the final counts: a 'filters' answer follows once the page asks for it ('split'). */
      splitting?: boolean;
    }
  /** Rows read so far (the helper's share estimated from this worker's), between boards. */
  | { type: 'progress'; id: number; rowsRead: number; totalRows: number }
  /** The filter cube of the low-cardinality columns (filter-cube.ts), or why there is none; the count's last answer. */
  | { type: 'filters'; id: number; filters: EarlyFilterData | { skipped: string } }
  /** The source cannot be counted here (no known shape, a column type only DuckDB reads, an unreadable file): DuckDB's path alone serves it. */
  | { type: 'skipped'; id: number; reason: string };

/** The filter cube and what the panel decides its dimensions from: the columns split on, the preset's hints and ignored columns. */
export interface EarlyFilterData {
  columns: ColumnInfo[];
  hints: DimensionHint[];
  ignored: string[];
  cube: FilterCube;
}

/** Which row groups a reader takes: those whose number (counted across the parts) is `index` modulo `of`. */
export interface Share {
  index: number;
  of: number;
}

/**
 * To the counting worker's helper: tally `columns` (and sum `weight`) over the share's row groups of
 * `parts`; then, when asked, split those rows by the filter columns `split` (a second pass).
 */
export type CountHelperRequest =
  { type: 'count'; parts: (Blob | string)[]; columns: string[]; weight: string | null; share: Share } | { type: 'split'; split: string[] };

export type CountHelperResponse =
  { type: 'tally'; tally: TallyData } | { type: 'split'; split: FilterTallyData } | { type: 'failed'; reason: string };
