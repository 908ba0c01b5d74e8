/**
 * DuckDB-WASM, self-hosted: the wasm and worker files are bundled by Vite (never a CDN), and
 * extension autoloading is off so no query can reach DuckDB's extension host (STACK.md).
 * Initialised once, lazily, behind one promise.
 */
import * as duckdb from '@duckdb/duckdb-wasm';
import ehWasm from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWasm from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import mvpWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import type { Table } from 'apache-arrow';
import type { Connector, Row } from '../core/sql/connector';
import { arrowToRows } from './arrow-rows';

export interface Duck {
  db: duckdb.AsyncDuckDB;
  conn: duckdb.AsyncDuckDBConnection;
  connector: Connector;
  /** Runs a query and keeps the Arrow result (for big results: no per-row objects). */
  arrow(sql: string, params?: unknown[]): Promise<Table>;
}

let ready: Promise<Duck> | null = null;

export function getDuck(): Promise<Duck> {
  ready ??= start().catch((error) => {
    ready = null;
    throw error;
  });
  return ready;
}

/** Drops the current instance (its memory only returns to the browser when the worker ends). */
export async function resetDuck(): Promise<void> {
  const old = ready;
  ready = null;
  if (old) await old.then((d) => d.db.terminate()).catch(() => undefined);
}

async function start(): Promise<Duck> {
  const bundle = await duckdb.selectBundle({
    mvp: { mainModule: mvpWasm, mainWorker: mvpWorker },
    eh: { mainModule: ehWasm, mainWorker: ehWorker },
  });
  const worker = new Worker(bundle.mainWorker!);
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  await db.instantiate(bundle.mainModule, bundle.pthreadWorker);
  const conn = await db.connect();
  await conn.query('SET autoload_known_extensions=false; SET autoinstall_known_extensions=false;');

  async function arrow(sql: string, params: unknown[] = []): Promise<Table> {
    if (params.length === 0) return conn.query(sql);
    const statement = await conn.prepare(sql);
    try {
      return await statement.query(...params);
    } finally {
      await statement.close();
    }
  }
  const connector: Connector = {
    async query(sql: string, params?: unknown[]): Promise<Row[]> {
      return arrowToRows(await arrow(sql, params));
    },
    async exec(sql: string): Promise<void> {
      await conn.query(sql);
    },
  };
  return { db, conn, connector, arrow };
}
