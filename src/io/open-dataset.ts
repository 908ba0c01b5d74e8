/**
 * file → raw table → preset detection (or the user's mapping) → battles → summary and pair counts.
 * Every step names the file in its errors; unusable rows stay in rejected_rows, counted by reason.
 */
import type { Duck } from './duckdb.ts';
import type { Connector } from '../core/sql/connector.ts';
import { loadSource } from './load-source.ts';
import { LoadError, type LoadedSource, type LoadProgress, type Source } from './source.ts';
import { detectPreset, type Detection } from '../core/schema/detect.ts';
import { mappingColumns, sideColumns, type ColumnMapping } from '../core/schema/mapping.ts';
import type { ColumnInfo } from '../core/schema/column.ts';
import { mappedDetection } from '../core/schema/mapped-detection.ts';
import { storageFor } from '../core/schema/memory-estimate.ts';
import { derivationSources } from '../core/schema/derived.ts';
import { buildBattles } from '../core/sql/build-battles.ts';
import { recognise } from '../core/sql/recognise.ts';
import { rejectedByReasonSql } from '../core/sql/summary.ts';
import { BATTLES_TABLE } from '../core/sql/battles.ts';
import { quoteIdent } from '../core/sql/quote.ts';
import { summariseCounts } from '../core/stats/count-summary.ts';
import { readCounts } from '../core/sql/pair-counts.ts';
import type { PairCounts } from '../core/stats/pair-counts.ts';
import type { Outcome } from '../core/outcome.ts';

export const RAW_TABLE = 'raw';

/** Up to this many rows, a local parquet load reads the text the derived dimensions need with the rest. */
export const DERIVE_FROM_TEXT_ROWS = 250_000;

export interface DatasetSummary {
  rows: number;
  votes: number;
  models: number;
  /** Votes (summed weight) per outcome. */
  outcomes: Record<Outcome, number>;
  rejected: { reason: string; rows: number }[];
  rejectedRows: number;
  /** What the page should say about how the file was read (a near-miss shape, undecodable JSON). */
  notes: string[];
  /** Pairs the shape offers to include, with the rows that hold one (detection.optionalPairs, same order). */
  optionalPairs: { label: string; rows: number }[];
}

export interface OpenedDataset {
  source: LoadedSource;
  /** Columns as loaded into DuckDB (long text columns may be left out until shown). */
  loadedColumns: ColumnInfo[];
  detection: Detection;
  /** The mapping in force: the detected one, or the user's. */
  mapping: ColumnMapping;
  userMapping: boolean;
  summary: DatasetSummary;
  counts: PairCounts;
}

export interface OpenOptions {
  mapping?: ColumnMapping;
  /** Pair counts of the whole file, read before battles is built, for a first leaderboard. */
  onEarlyCounts?: (counts: PairCounts) => void;
  onProgress?: (phase: string, progress?: LoadProgress) => void;
  /**
   * False once a newer source is opened: no further statement of this load runs (SupersededLoad
   * is thrown instead). A file dropped while the sample was still loading into DuckDB had its board
   * counted beside the sample's statements, which no one would read, and their engine compiles.
   */
  live?: () => boolean;
}

/** Thrown by a load whose source was superseded (OpenOptions.live), before its next statement. */
export class SupersededLoad extends Error {
  constructor() {
    super('a newer source was opened');
    this.name = 'SupersededLoad';
  }
}

/** The connector of `duck` for one load: it refuses to run a statement once `live` says the load is superseded. */
function loadConnector(duck: Duck, live: (() => boolean) | undefined): Connector {
  const db = duck.connector;
  if (!live) return db;
  const check = () => {
    if (!live()) throw new SupersededLoad();
  };
  return {
    query: async (sql, params) => (check(), db.query(sql, params)),
    exec: async (sql) => (check(), db.exec(sql)),
  };
}

/** Thrown when the file loaded but no preset fits: the caller shows the mapping form. */
export class UnrecognisedShape extends Error {
  constructor(
    readonly source: LoadedSource,
    readonly columns: ColumnInfo[],
    message: string,
  ) {
    super(message);
    this.name = 'UnrecognisedShape';
  }
}

export async function openDataset(duck: Duck, source: Source, options: OpenOptions = {}): Promise<OpenedDataset> {
  const progress = options.onProgress ?? (() => {});
  progress('reading');
  // The loader fills the database the file's size calls for; the page switches to it once read.
  const loaded = await loadSource(duck.loader, source, {
    table: RAW_TABLE,
    storage: storageFor,
    // Long text (conversations, answers) is read later, on demand: keep it out of the first load,
    // but for local files small enough keep what the derived dimensions (prompt length, turns)
    // read. A remote file reads only the columns the views need.
    pickColumns: (columns, rows) => {
      const early = detectPreset(columns);
      const skip = new Set(early.ok && !options.mapping ? early.textColumns : []);
      // A column the mapping reads is loaded even when it is long text (French-Maxx's `rejected` says whether a pair exists).
      const mapping = options.mapping ?? (early.ok ? early.mapping : null);
      if (mapping) for (const c of mappingColumns(mapping)) skip.delete(c);
      // So is the column an offered pair needs (French-Maxx rejected_2), to count it and include it on request.
      if (early.ok)
        for (const p of early.optionalPairs) for (const c of [...sideColumns(p.modelA), ...sideColumns(p.modelB)]) skip.delete(c);
      if (source.kind === 'file' && rows <= DERIVE_FROM_TEXT_ROWS) for (const c of derivationSources(columns)) skip.delete(c);
      return columns.map((c) => c.name).filter((name) => !skip.has(name));
    },
    onProgress: (p) => progress('reading', p),
  });
  if (options.live?.() === false) throw new SupersededLoad();
  await duck.use(loaded.storage ?? duck.storage());
  return analyse(duck, loaded, options);
}

/** Re-reads the already loaded raw table with another mapping (the mapping form). */
export async function analyse(duck: Duck, loaded: LoadedSource, options: OpenOptions = {}): Promise<OpenedDataset> {
  const progress = options.onProgress ?? (() => {});
  progress('recognising');
  const db = loadConnector(duck, options.live);
  // Recognised from every column of the file, including long text not loaded yet.
  const { columns: loadedColumns, detection, decode, undecoded } = await recognise(db, RAW_TABLE, loaded.columns);
  if (!detection.ok && !options.mapping) {
    throw new UnrecognisedShape(loaded, loadedColumns, `${loaded.name}: ${detection.message}`);
  }
  const mapping = options.mapping ?? (detection as Detection).mapping;
  progress('building battles');
  try {
    const loadedNames = new Set(loadedColumns.map((c) => c.name));
    // Long text stays out of battles whatever the mapping: the columns a mapping reads come from raw.
    const textColumns = detection.ok ? detection.textColumns.filter((c) => loadedNames.has(c)) : [];
    await buildBattles(db, { raw: RAW_TABLE, columns: loadedColumns, mapping, textColumns, decode }, options.onEarlyCounts);
  } catch (error) {
    if (error instanceof SupersededLoad) throw error;
    throw new LoadError(loaded.name, `could not build the battles table: ${(error as Error).message.split('\n')[0]}`);
  }
  progress('summarising');
  const counts = await readCounts(db);
  const notes = [
    ...(detection.ok && detection.nearMiss ? [`${detection.nearMiss}: opened as plain pairwise votes`] : []),
    ...Object.entries(undecoded).map(
      ([c, n]) => `${c}: ${n.toLocaleString('en-US')} rows are not the JSON the other rows hold; their fields are left empty`,
    ),
  ];
  const summary = await readSummary(db, counts, notes);
  summary.optionalPairs = detection.ok ? await optionalPairRows(db, detection) : [];
  // Including an offered pair (French-Maxx rejected_2) is still the recognised shape, not a hand-made mapping.
  const withoutPairs = (m: ColumnMapping) => JSON.stringify({ ...m, extraPairs: undefined });
  const userMapping = !!options.mapping && !(detection.ok && withoutPairs(options.mapping) === withoutPairs(detection.mapping));
  return {
    source: loaded,
    loadedColumns,
    detection: detection.ok ? detection : mappedDetection(loadedColumns, mapping),
    mapping,
    userMapping,
    summary,
    counts,
  };
}

/** How many rows hold each pair the shape offers to include (French-Maxx: rows with a rejected_2). */
async function optionalPairRows(db: Connector, detection: Detection): Promise<DatasetSummary['optionalPairs']> {
  const out: DatasetSummary['optionalPairs'] = [];
  for (const p of detection.optionalPairs) {
    const column = p.modelB.kind === 'constant' ? p.modelB.presentIn : undefined;
    if (!column) continue;
    const [r] = await db.query(`SELECT count(${quoteIdent(column)}) AS n FROM ${quoteIdent(RAW_TABLE)}`);
    out.push({ label: p.label, rows: Number(r.n) });
  }
  return out;
}

/** Rows and set-aside rows from DuckDB; votes, models and outcomes from the pair counts. */
async function readSummary(db: Connector, counts: PairCounts, notes: string[]): Promise<DatasetSummary> {
  const [{ rows }] = await db.query(`SELECT count(*) AS rows FROM ${quoteIdent(BATTLES_TABLE)}`);
  const rejected = (await db.query(rejectedByReasonSql().sql)).map((r) => ({ reason: String(r.reason), rows: Number(r.rows) }));
  const { votes, models, outcomes } = summariseCounts(counts);
  return {
    rows: Number(rows),
    votes,
    models,
    outcomes,
    rejected,
    rejectedRows: rejected.reduce((s, r) => s + r.rows, 0),
    notes,
    optionalPairs: [],
  };
}
