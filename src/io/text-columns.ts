/**
 * Long text (conversations, prompts, answers) is left out of the first load of a parquet file.
 * The first view that shows text reads just those columns into `raw_text`, row for row in the
 * same order as `raw`, so `raw_text.rowid = battles.row_id`. CSV and JSON already hold them in `raw`.
 */
import type { Duck } from './duckdb.ts';
import { loadSource } from './load-source.ts';
import { RAW_TABLE, type OpenedDataset } from './open-dataset.ts';

export const TEXT_TABLE = 'raw_text';

const loaded = new WeakMap<OpenedDataset, Promise<string>>();

/** The table holding the dataset's text columns (joined on rowid = battles.row_id). */
export function textTable(duck: Duck, dataset: OpenedDataset): Promise<string> {
  let table = loaded.get(dataset);
  if (!table) {
    table = load(duck, dataset);
    loaded.set(dataset, table);
    table.catch(() => loaded.delete(dataset));
  }
  return table;
}

async function load(duck: Duck, dataset: OpenedDataset): Promise<string> {
  const present = new Set(dataset.loadedColumns.map((c) => c.name));
  const inFile = new Set(dataset.source.columns.map((c) => c.name));
  const text = dataset.detection.textColumns.filter((c) => inFile.has(c));
  if (text.every((c) => present.has(c))) return RAW_TABLE;
  // All of them, even those the first load kept (a prompt read for the derived dimensions): lenses
  // read every text column from one table.
  await loadSource(duck, dataset.source.origin, { table: TEXT_TABLE, pickColumns: () => text });
  return TEXT_TABLE;
}
