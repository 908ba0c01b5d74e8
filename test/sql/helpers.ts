import { createNodeConnector, type NodeConnector } from '../../src/cli/node-connector.ts';
import type { ColumnInfo } from '../../src/core/schema/column.ts';
import type { Connector } from '../../src/core/sql/connector.ts';
import { quoteIdent } from '../../src/core/sql/quote.ts';
import { describeSql, readColumns } from '../../src/core/sql/summary.ts';
import type { Detection } from '../../src/core/schema/detect.ts';
import type { ColumnMapping } from '../../src/core/schema/mapping.ts';
import { buildBattles } from '../../src/core/sql/build-battles.ts';
import { recognise } from '../../src/core/sql/recognise.ts';
import { SHAPES } from '../unit/schema/shapes.ts';

export { SHAPES };

export const openDb = (): Promise<NodeConnector> => createNodeConnector();

/**
 * Creates `name` with a shape's exact columns, then inserts rows given as SQL value tuples for
 * the listed columns (test data is fixed text, never interpolated input).
 */
export async function createShape(
  db: Connector,
  name: string,
  shape: keyof typeof SHAPES | ColumnInfo[],
  insertColumns: string[],
  tuples: string[],
): Promise<ColumnInfo[]> {
  const columns = typeof shape === 'string' ? SHAPES[shape] : shape;
  await db.exec(`DROP TABLE IF EXISTS ${quoteIdent(name)}`);
  await db.exec(`CREATE TABLE ${quoteIdent(name)} (${columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ')})`);
  if (tuples.length) {
    await db.exec(`INSERT INTO ${quoteIdent(name)} (${insertColumns.map(quoteIdent).join(', ')}) VALUES ${tuples.join(', ')}`);
  }
  return describeTable(db, name);
}

export async function describeTable(db: Connector, table: string): Promise<ColumnInfo[]> {
  const q = describeSql(table);
  return readColumns(await db.query(q.sql, q.params));
}

/** The app's load path: recognise (recognise.ts, as the page and the CLI do), then build battles. */
export async function buildFromRaw(db: Connector, raw: string, mapping?: ColumnMapping): Promise<Detection> {
  const { columns, detection: d, decode } = await recognise(db, raw);
  if (!d.ok) throw new Error(d.message);
  await buildBattles(db, { raw, columns, mapping: mapping ?? d.mapping, textColumns: d.textColumns, decode });
  return d;
}

/** battles as (model_a, model_b, outcome, weight) tuples in row order, for exact comparisons. */
export async function battleTuples(db: Connector): Promise<unknown[][]> {
  const r = await db.query('SELECT model_a, model_b, outcome, weight FROM battles ORDER BY row_id');
  return r.map((x) => [x.model_a, x.model_b, x.outcome, x.weight]);
}

export async function rejectedReasons(db: Connector): Promise<unknown[][]> {
  const r = await db.query('SELECT row_id, reason FROM rejected_rows ORDER BY row_id');
  return r.map((x) => [x.row_id, x.reason]);
}
