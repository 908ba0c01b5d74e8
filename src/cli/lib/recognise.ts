/**
 * describe → detect → winner values → detect again: how a loaded table becomes a mapping.
 * The same steps as analyse() in src/io/open-dataset.ts and buildFromRaw() in test/sql/helpers.ts,
 * written against the Connector only, so the page could share it.
 */
import type { ColumnInfo } from '../../core/schema/column.ts';
import { detectPreset, type Detection, type DetectionFailure } from '../../core/schema/detect.ts';
import type { Connector } from '../../core/sql/connector.ts';
import { describeSql, readColumns } from '../../core/sql/summary.ts';
import { winnerValuesSql } from '../../core/sql/winner-values.ts';

export interface Recognised {
  /** Columns of the table as loaded. */
  columns: ColumnInfo[];
  detection: Detection | DetectionFailure;
}

/**
 * `sourceColumns`: every column of the file when only some were loaded, so the shape is recognised
 * on the whole file as the page does; the winner column (always loaded) is sampled from the table.
 */
export async function recognise(db: Connector, table: string, sourceColumns?: readonly ColumnInfo[]): Promise<Recognised> {
  const columns = readColumns(await db.query(describeSql(table).sql));
  const shape = sourceColumns ?? columns;
  let detection = detectPreset(shape);
  if (detection.ok && detection.mapping.winner.kind === 'column') {
    const { modelA, modelB, winner } = detection.mapping;
    const sides: [string, string] | undefined =
      modelA.kind === 'column' && modelB.kind === 'column' ? [modelA.column, modelB.column] : undefined;
    const q = winnerValuesSql(table, winner.column, { sides });
    const values = (await db.query(q.sql, q.params)).map((r) => (r.value === null ? null : String(r.value)));
    detection = detectPreset(shape, values);
  }
  return { columns, detection };
}
