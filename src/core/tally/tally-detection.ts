/**
 * The shape recognised from a tally rather than a table: the winner column's values are read from
 * the values counted (tallyValues, as winnerValuesSql reads them from DuckDB), then the preset is
 * detected again with them, as core/sql/recognise.ts does. The page's counting worker and the
 * command line's own parquet count both recognise a file this way before (or without) DuckDB.
 */
import type { ColumnInfo } from '../schema/column.ts';
import { detectPreset, type Detection, type DetectionFailure } from '../schema/detect.ts';
import type { CellKind } from '../schema/row-vote.ts';
import { tallyValues, type VoteTally } from './vote-tally.ts';

/** The detection with the values tallied in `winnerColumn` (of kind `kind`) as the winner sample. */
export function winnerDetection(
  columns: readonly ColumnInfo[],
  winnerColumn: string,
  tally: VoteTally,
  kind: CellKind,
): Detection | DetectionFailure {
  return detectPreset(
    columns,
    tallyValues(tally, winnerColumn, kind).map((v) => v.value),
  );
}
