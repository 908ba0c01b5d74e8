/**
 * DuckDB-WASM, self-hosted: the wasm and worker files are bundled by Vite (never a CDN), and
 * extension autoloading is off so no query can reach DuckDB's extension host (DuckDB-WASM ≥ 1.29 ships
 * without the parquet and json extensions and would download them on first use).
 * Initialised once, lazily, behind one promise. Two in-memory databases, plain and compressed
 * (memory-estimate.ts says which a file goes to); the page reads one, a second connection fills
 * the one a new file goes to, so the dataset on screen stays whole until the new one is read.
 */
import * as duckdb from '@duckdb/duckdb-wasm';
import ehWasm from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWasm from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import mvpWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import type { Table } from 'apache-arrow';
import type { Connector } from '../core/sql/connector.ts';
import type { Storage } from '../core/schema/memory-estimate.ts';
import { quoteIdent } from '../core/sql/quote.ts';
import { mark } from './marks.ts';
import { arrowToRows } from './arrow-rows.ts';
import { QueryLanes } from './query-lanes.ts';
import { StatementCache } from './statement-cache.ts';

/** One connection and its rows-as-objects face. */
export interface Session {
  db: duckdb.AsyncDuckDB;
  conn: duckdb.AsyncDuckDBConnection;
  connector: Connector;
  /**
   * Long work of its own (a file read into a table, step by step) waits here between steps while the
   * user waits on a board (hold): on two cores, a step beside the fit and the paint slows both.
   */
  between?: () => Promise<void>;
}

export interface Duck extends Session {
  /** For what the user is waiting on (a filter change's pair counts): runs before queued ordinary queries. */
  urgent: Connector;
  /** Runs a query and keeps the Arrow result (for big results: no per-row objects). */
  arrow(sql: string, params?: unknown[]): Promise<Table>;
  /** The connection that reads files into DuckDB (loadSource), in the database it is told. */
  loader: Session;
  /** The database the page reads: the dataset on screen lives there. */
  storage(): Storage;
  /** Makes `storage` the page's database and empties the other one (the dataset that was in it is gone). */
  use(storage: Storage): Promise<void>;
  /** Ordinary queries wait until `until` settles (at most `atMostMs`): the user waits on something else first. */
  hold(until: Promise<unknown>, atMostMs: number): void;
}

/**
 * A file's load into DuckDB takes its next step only this long after the user's last board was
 * painted: clicks through the filters that the page's cube answers (20M battles: DuckDB's load
 * takes half a minute) each find both cores free, not a row group's decoding and insert beside them.
 */
const LOAD_QUIET_MS = 700;

let ready: Promise<Duck> | null = null;
/** While the engine compiles: stops that start (getDuck starts again when next asked). */
let abortCompile: (() => void) | null = null;

/** DuckDB's start was stopped for a newer file (abortDuckStart): whoever waited on it gives way. */
export class DuckStartAborted extends Error {
  constructor() {
    super('DuckDB’s start was put off for a newer file');
  }
}
/** The engine's bytes downloaded ahead (a blob: address), or null when that failed. */
let prefetched: Promise<string | null> | null = null;

/**
 * Starts downloading DuckDB's engine (34 MB) without compiling it: on a first visit the download
 * is most of DuckDB's start, and it takes no core the first board needs (the compile, which does,
 * still waits). Nothing to do when a service worker serves the page: the engine is in its cache.
 */
export function prefetchDuck(): void {
  if (prefetched || ready || navigator.serviceWorker?.controller) return;
  prefetched = fetch(ehWasm, { priority: 'low' })
    .then((response) => (response.ok ? response.blob() : null))
    .then((bytes) => (bytes ? URL.createObjectURL(new Blob([bytes], { type: 'application/wasm' })) : null))
    .catch(() => null);
}

export function getDuck(): Promise<Duck> {
  ready ??= start().catch((error) => {
    ready = null;
    throw error;
  });
  return ready;
}

/**
 * Stops DuckDB's start if its engine is still compiling: on two cores the compile (34 MB) halves
 * the speed of a file dropped meanwhile, whose board does not need DuckDB. Its load asks for DuckDB
 * again once that board is on screen, and the compile starts over from the bytes already here.
 */
export function abortDuckStart(): void {
  abortCompile?.();
}

/** Drops the current instance (its memory only returns to the browser when the worker ends). */
export async function resetDuck(): Promise<void> {
  const old = ready;
  ready = null;
  if (old) await old.then((d) => d.db.terminate()).catch(() => undefined);
}

/**
 * DuckDB's worker behind public/duck-engine-worker.js, which hands the engine downloaded ahead
 * (`engine`) to the compile a slice at a time, so that stopping the start (abortDuckStart) stops
 * the compile within milliseconds. Only for the download ahead: a response straight from the
 * service worker's cache is left whole, as V8 may keep its compiled code.
 */
function slicedEngineWorker(duckWorker: string, engine: string): string {
  const url = new URL('duck-engine-worker.js', document.baseURI);
  url.searchParams.set('worker', new URL(duckWorker, location.href).href);
  url.searchParams.set('engine', engine);
  return url.href;
}

async function start(): Promise<Duck> {
  mark('duck-start');
  let stop = () => {};
  const aborted = new Promise<never>((_, reject) => (stop = () => reject(new DuckStartAborted())));
  // Stopped before it is raced (while the bundle is chosen): not an unhandled rejection.
  aborted.catch(() => undefined);
  abortCompile = stop;
  let db: duckdb.AsyncDuckDB;
  try {
    const bundle = await duckdb.selectBundle({
      mvp: { mainModule: mvpWasm, mainWorker: mvpWorker },
      eh: { mainModule: ehWasm, mainWorker: ehWorker },
    });
    // The engine downloaded ahead, if this is the one the browser runs (kept until used: a start stopped leaves it).
    const download = bundle.mainModule === ehWasm ? prefetched : null;
    const ahead = download ? await Promise.race([download, aborted]) : null;
    const worker = new Worker(ahead ? slicedEngineWorker(bundle.mainWorker!, ahead) : bundle.mainWorker!);
    abortCompile = () => (worker.terminate(), stop());
    db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
    await Promise.race([db.instantiate(ahead ?? bundle.mainModule, bundle.pthreadWorker), aborted]);
    if (download) prefetched = null;
    if (ahead) URL.revokeObjectURL(ahead);
  } finally {
    abortCompile = null;
  }
  const conn = await db.connect();
  await conn.query('SET autoload_known_extensions=false; SET autoinstall_known_extensions=false;');
  await conn.query(`ATTACH ':memory:' AS packed (COMPRESS)`);
  const lanes = new QueryLanes();
  const loaderConn = await db.connect();
  const loader: Session = { db, conn: loaderConn, connector: connectorOn(loaderConn), between: () => lanes.unheld(LOAD_QUIET_MS) };

  // The page's connection asks the same queries again and again (filters, widgets): its statements are kept.
  const statements = new StatementCache(conn);
  const arrow = (sql: string, params: unknown[] = []) => lanes.ordinary(() => runOn(conn, sql, params, statements));
  const connector = connectorOn(conn, (work) => lanes.ordinary(work), statements);
  const urgent = connectorOn(conn, (work) => lanes.urgent(work), statements);
  let current: Storage = 'memory';
  async function use(storage: Storage): Promise<void> {
    // A new dataset: statements bound to the tables of the one before are closed.
    await lanes.urgent(() => statements.clear());
    if (storage === current) return;
    await lanes.urgent(() => conn.query(`USE ${quoteIdent(storage)}`));
    const previous = current;
    current = storage;
    await emptyDatabase(connector, previous);
  }
  return {
    db,
    conn,
    connector,
    urgent,
    arrow,
    loader,
    storage: () => current,
    use,
    hold: (until, atMostMs) => lanes.hold(until, atMostMs),
  };
}

/** Runs one statement; values are bound to a prepared statement (kept in `statements` if given), never spliced into the text. */
async function runOn(conn: duckdb.AsyncDuckDBConnection, sql: string, params: unknown[], statements?: StatementCache): Promise<Table> {
  if (params.length === 0) return conn.query(sql);
  if (statements) return statements.query(sql, params);
  const statement = await conn.prepare(sql);
  try {
    return await statement.query(...params);
  } finally {
    await statement.close();
  }
}

/** Rows as objects from `conn`, each statement run through `lane` (by default, at once). */
function connectorOn(
  conn: duckdb.AsyncDuckDBConnection,
  lane: <T>(work: () => Promise<T>) => Promise<T> = (work) => work(),
  statements?: StatementCache,
): Connector {
  return {
    query: async (sql, params = []) => arrowToRows(await lane(() => runOn(conn, sql, params, statements))),
    exec: async (sql) => void (await lane(() => conn.query(sql))),
  };
}

/** Drops every table and type a dataset left in `database`, so its memory is free again. */
async function emptyDatabase(db: Connector, database: Storage): Promise<void> {
  const name = (row: Record<string, unknown>, key: string) => `${quoteIdent(database)}.${quoteIdent(String(row[key]))}`;
  const tables = await db.query('SELECT table_name FROM duckdb_tables() WHERE database_name = $1 AND NOT temporary', [database]);
  for (const t of tables) await db.exec(`DROP TABLE IF EXISTS ${name(t, 'table_name')}`);
  const types = await db.query('SELECT type_name FROM duckdb_types() WHERE database_name = $1 AND NOT internal', [database]);
  for (const t of types) await db.exec(`DROP TYPE IF EXISTS ${name(t, 'type_name')}`);
}
