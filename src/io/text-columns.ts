/**
 * Long text (conversations, prompts, answers) is left out of the first load of a parquet file.
 * The first view that shows text reads just those columns into `raw_text`, row for row in the
 * same order as `raw`, so `raw_text.rowid = battles.row_id`. CSV and JSON already hold them in `raw`.
 */
import type { Duck } from './duckdb';
import { loadSource } from './load-source';
import { RAW_TABLE, type OpenedDataset } from './open-dataset';

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
  const missing = dataset.detection.textColumns.filter((c) => !present.has(c));
  const fromFile = dataset.source.columns.filter((c) => missing.includes(c.name)).map((c) => c.name);
  if (fromFile.length === 0) return RAW_TABLE;
  await loadSource(duck, dataset.source.origin, { table: TEXT_TABLE, pickColumns: () => fromFile });
  return TEXT_TABLE;
}
