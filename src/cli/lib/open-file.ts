/**
 * The command line's load path: read the file(s) into `raw`, recognise the shape, build `battles`
 * with the page's builder, and read the summary and pair counts the statistics take.
 */
import type { ColumnInfo } from '../../core/schema/column.ts';
import { detectPreset, type Detection } from '../../core/schema/detect.ts';
import { mappingColumns, type ColumnMapping } from '../../core/schema/mapping.ts';
import { mappedDetection } from '../../core/schema/mapped-detection.ts';
import type { BattlesInput } from '../../core/sql/battles.ts';
import { buildBattles as buildBattlesTables } from '../../core/sql/build-battles.ts';
import type { Connector } from '../../core/sql/connector.ts';
import { rejectedByReasonSql, totalsSql } from '../../core/sql/summary.ts';
import { readFailure, readFile, type LoadedFile, type ReadOptions } from '../read-file.ts';
import type { HubRef } from '../../core/hub/hub-ref.ts';
import { FileError, firstLine } from './errors.ts';
import { recognise, type Recognised } from '../../core/sql/recognise.ts';

export const RAW_TABLE = 'raw';

export interface Summary {
  rows: number;
  votes: number;
  models: number;
  rejected: { reason: string; rows: number }[];
  rejectedRows: number;
}

export interface OpenedFile {
  file: LoadedFile;
  /** Columns of `raw` as loaded (file.columns has them all); JSON-string columns typed as their structs. */
  columns: ColumnInfo[];
  detection: Detection;
  /** JSON-string columns read as structs (recognise.ts). */
  decode: Recognised['decode'];
}

export interface LoadOptions {
  /**
   * 'all but text' (the page's default: long text stays out) or the columns to keep besides the
   * mapped ones; `check` may refuse them by throwing (e.g. an unknown --by column).
   */
  keep?: 'all but text' | 'all' | { columns: string[]; check?: (columns: ColumnInfo[]) => void };
  /** A local parquet source as a view, not loaded (ReadOptions.view): for a few queries over a few columns. */
  view?: boolean;
  /** The columns' roles the user gave (--map), instead of the recognised shape's. */
  mapping?: ColumnMapping;
  /** Whether a shape no preset fits points to --map (false where the command has no --map). */
  mapHint?: boolean;
}

/**
 * Reads the input(s) into `raw` and recognises the shape; a shape no preset fits is a FileError.
 * A Hub dataset (HubRef) is read as the page reads it (read-hub.ts).
 */
export async function loadAndRecognise(
  db: Connector,
  input: string | readonly string[] | HubRef,
  options: LoadOptions = {},
): Promise<OpenedFile> {
  const keep = options.keep ?? 'all but text';
  // The Hub reader (parquet-wasm, Arrow) is loaded only for --hf: a third of a second a command need not pay.
  const read = async (readOptions: ReadOptions) =>
    typeof input === 'object' && 'dataset' in input
      ? (await import('../read-hub.ts')).readHub(db, input, readOptions)
      : readFile(db, input as string | readonly string[], readOptions);
  const file = await read({
    table: RAW_TABLE,
    view: options.view,
    pickColumns: (columns) => {
      if (keep === 'all') return columns.map((c) => c.name);
      if (keep !== 'all but text') keep.check?.(columns);
      const early = detectPreset(columns);
      if (!early.ok) return columns.map((c) => c.name);
      // A column the mapping reads is loaded even when it is long text: French-Maxx's `rejected` says whether a row is a pair.
      const mapped = new Set(mappingColumns(options.mapping ?? early.mapping));
      if (keep === 'all but text') return columns.map((c) => c.name).filter((c) => mapped.has(c) || !early.textColumns.includes(c));
      const wanted = new Set([...mapped, ...keep.columns]);
      return columns.map((c) => c.name).filter((c) => wanted.has(c));
    },
  });
  // A view reads the file only now: a damaged page is a file error, as it is while loading.
  const recognised = recognise(db, RAW_TABLE, file.columns);
  const { columns, detection, decode } = await (options.view ? recognised.catch(readFailure(file.name, file.format)) : recognised);
  if (options.mapping) return { file, columns, detection: withMapping(file.name, columns, detection, options.mapping), decode };
  if (!detection.ok)
    throw new FileError(
      file.name,
      detection.message + (options.mapHint === false ? '' : '; --map says which columns hold the sides and the winner'),
    );
  return { file, columns, detection, decode };
}

/** The recognised shape read through the user's mapping, or (no preset fits) the generic shape with it. */
function withMapping(name: string, columns: ColumnInfo[], detection: Recognised['detection'], mapping: ColumnMapping): Detection {
  const have = new Set(columns.map((c) => c.name));
  const missing = mappingColumns(mapping).filter((c) => !have.has(c));
  if (missing.length)
    throw new FileError(
      name,
      `--map names ${missing.map((c) => `"${c}"`).join(', ')}, not a column of the file (its columns: ${[...have].join(', ')})`,
    );
  return detection.ok ? { ...detection, mapping } : mappedDetection(columns, mapping);
}

/** The battlesSql input for `raw`: long text left out, except columns the caller asks to keep. */
export function battlesInput(opened: OpenedFile, keepText: readonly string[] = []): BattlesInput {
  const { columns, detection, decode } = opened;
  const present = new Set(columns.map((c) => c.name));
  const mapped = new Set(mappingColumns(detection.mapping));
  const textColumns = detection.textColumns.filter((c) => present.has(c) && !keepText.includes(c) && !mapped.has(c));
  // A view over the file has no rowid for battles' row_id (rank's whole-file board needs none).
  return { raw: RAW_TABLE, columns, mapping: detection.mapping, textColumns, decode, ...(opened.file.view ? { rowIds: false } : {}) };
}

/** Builds battles and rejected_rows from `raw`, as the page does. */
export async function buildBattles(db: Connector, opened: OpenedFile, keepText: readonly string[] = []): Promise<void> {
  try {
    await buildBattlesTables(db, battlesInput(opened, keepText));
  } catch (error) {
    throw new FileError(opened.file.name, `could not build the battles table: ${firstLine(error)}`);
  }
}

export async function readSummary(db: Connector): Promise<Summary> {
  const totals = totalsSql();
  const [t] = await db.query(totals.sql, totals.params);
  const rejected = (await db.query(rejectedByReasonSql().sql)).map((r) => ({ reason: String(r.reason), rows: Number(r.rows) }));
  return {
    rows: Number(t.rows),
    votes: Number(t.votes),
    models: Number(t.models),
    rejected,
    rejectedRows: rejected.reduce((s, r) => s + r.rows, 0),
  };
}
