/**
 * How a loaded table becomes a recognised dataset, the same for the page, the command line and the
 * tests: describe → find JSON-string columns and their struct types → detect the preset → sample the
 * winner values → detect again. Written against the Connector only.
 */
import type { ColumnInfo } from '../schema/column.ts';
import { detectPreset, type Detection, type DetectionFailure } from '../schema/detect.ts';
import { JSON_SHARE, jsonStructType, looksLikeJsonObject } from '../schema/json-columns.ts';
import type { Connector } from './connector.ts';
import { quoteIdent } from './quote.ts';
import { describeSql, readColumns } from './summary.ts';
import { winnerValuesSql } from './winner-values.ts';

export interface Recognised {
  /** Columns of the table as loaded; a JSON-string column carries its struct type. */
  columns: ColumnInfo[];
  /** Every column of the source (long text may not be loaded yet), typed the same way. */
  allColumns: ColumnInfo[];
  detection: Detection | DetectionFailure;
  /** JSON-string columns read as structs: column → DuckDB type (battlesSql's `decode`). */
  decode: Record<string, string>;
  /** Per decoded column, rows whose text did not fit the inferred type (left empty, never guessed). */
  undecoded: Record<string, number>;
}

/** Rows read to tell JSON-string columns from other text; then values read to infer each one's type. */
const PROBE_ROWS = 50;
const TYPE_SAMPLE = 1000;

/**
 * `sourceColumns`: every column of the file when only some were loaded, so the shape is recognised on
 * the whole file; the winner column (always loaded) is sampled from the table.
 */
export async function recognise(db: Connector, table: string, sourceColumns?: readonly ColumnInfo[]): Promise<Recognised> {
  const loaded = readColumns(await db.query(describeSql(table).sql));
  const loadedNames = new Set(loaded.map((c) => c.name));
  const all = [...loaded, ...(sourceColumns ?? []).filter((c) => !loadedNames.has(c.name))];
  const early = detectPreset(all);
  const text = new Set(early.ok ? early.textColumns : []);
  const candidates = loaded.filter((c) => /^VARCHAR$/i.test(c.type) && !text.has(c.name)).map((c) => c.name);
  const decode = await jsonColumns(db, table, candidates);
  const typed = (c: ColumnInfo) => (decode[c.name] ? { name: c.name, type: decode[c.name] } : c);
  const columns = loaded.map(typed);
  const allColumns = all.map(typed);

  let detection = detectPreset(allColumns);
  if (detection.ok && detection.mapping.winner.kind === 'column') {
    const { modelA, modelB, winner } = detection.mapping;
    const sides: [string, string] | undefined =
      modelA.kind === 'column' && modelB.kind === 'column' ? [modelA.column, modelB.column] : undefined;
    const q = winnerValuesSql(table, winner.column, { sides });
    const values = (await db.query(q.sql, q.params)).map((r) => (r.value === null ? null : String(r.value)));
    detection = detectPreset(allColumns, values);
  }
  return { columns, allColumns, detection, decode, undecoded: await undecodedRows(db, table, decode) };
}

/** Text columns whose values are JSON objects, with the struct type that reads them. */
async function jsonColumns(db: Connector, table: string, candidates: string[]): Promise<Record<string, string>> {
  if (!candidates.length) return {};
  const probe = await db.query(`SELECT ${candidates.map(quoteIdent).join(', ')} FROM ${quoteIdent(table)} LIMIT ${PROBE_ROWS}`);
  const objectColumns = candidates.filter((c) => {
    const values = probe.map((r) => r[c]).filter((v) => v !== null && v !== undefined);
    return values.length > 0 && values.filter((v) => typeof v === 'string' && looksLikeJsonObject(v)).length >= JSON_SHARE * values.length;
  });
  const out: Record<string, string> = {};
  for (const c of objectColumns) {
    const col = quoteIdent(c);
    // The first rows and a repeatable sample of the rest: keys that appear late still shape the type.
    const rows = await db.query(
      `(SELECT ${col} AS v FROM ${quoteIdent(table)} WHERE ${col} IS NOT NULL LIMIT ${TYPE_SAMPLE}) UNION ALL ` +
        `(SELECT ${col} AS v FROM ${quoteIdent(table)} WHERE ${col} IS NOT NULL USING SAMPLE reservoir(${TYPE_SAMPLE} ROWS) REPEATABLE (7))`,
    );
    const type = jsonStructType(rows.map((r) => String(r.v)));
    if (type) out[c] = type;
  }
  return out;
}

async function undecodedRows(db: Connector, table: string, decode: Record<string, string>): Promise<Record<string, number>> {
  const entries = Object.entries(decode);
  if (!entries.length) return {};
  const counts = entries.map(
    ([c, type], i) => `count(*) FILTER (WHERE ${quoteIdent(c)} IS NOT NULL AND TRY_CAST(${quoteIdent(c)} AS ${type}) IS NULL) AS n${i}`,
  );
  const [row] = await db.query(`SELECT ${counts.join(', ')} FROM ${quoteIdent(table)}`);
  return Object.fromEntries(entries.map(([c], i) => [c, Number(row[`n${i}`])]).filter(([, n]) => Number(n) > 0));
}
