import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Table } from 'apache-arrow';
import type { Connector, Row } from '../../../src/core/sql/connector.ts';
import type { Duck } from '../../../src/io/duckdb.ts';

/**
 * The page's Duck (connector, urgent lane, Arrow answers, the loader's session), over DuckDB-WASM's
 * blocking Node build: the same engine and Arrow answers as the page, without a browser. Both lanes
 * and the loader are the one connection (the page's lanes only order work on it).
 */
export async function createWasmDuck(): Promise<Duck & { close(): void }> {
  const require = createRequire(import.meta.url);
  const duckdb = require('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs');
  const dist = dirname(require.resolve('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs'));
  const bundles = {
    mvp: { mainModule: join(dist, 'duckdb-mvp.wasm'), mainWorker: join(dist, 'duckdb-node-mvp.worker.cjs') },
    eh: { mainModule: join(dist, 'duckdb-eh.wasm'), mainWorker: join(dist, 'duckdb-node-eh.worker.cjs') },
  };
  const db = await duckdb.createDuckDB(bundles, new duckdb.VoidLogger(), duckdb.NODE_RUNTIME);
  await db.instantiate();
  const conn = db.connect();
  const arrow = async (sql: string, params: unknown[] = []): Promise<Table> => {
    if (!params.length) return conn.query(sql);
    const stmt = conn.prepare(sql);
    try {
      return stmt.query(...params);
    } finally {
      stmt.close();
    }
  };
  const connector: Connector = {
    query: async (sql, params) => (await arrow(sql, params)).toArray().map((r: unknown) => plain(r) as Row),
    exec: async (sql) => void conn.query(sql),
  };
  // What loadSource asks of a session: the browser's file handle becomes a registered buffer (the
  // blocking build reads no File), queries run as they are (their answers awaited as the page's are).
  const session = {
    db: {
      registerFileHandle: async (name: string, file: Blob) => db.registerFileBuffer(name, new Uint8Array(await file.arrayBuffer())),
      dropFile: async (name: string) => db.dropFile(name),
      // Another connection on the same database (io/second-source.ts opens one), with the page's async face.
      connect: async () => {
        const other = db.connect();
        return {
          query: async (sql: string) => other.query(sql),
          prepare: async (sql: string) => {
            const stmt = other.prepare(sql);
            return { query: async (...params: unknown[]) => stmt.query(...params), close: async () => stmt.close() };
          },
          close: async () => other.close(),
        };
      },
    },
    conn: { query: async (sql: string) => conn.query(sql) },
    connector,
  };
  return {
    ...session,
    urgent: connector,
    arrow,
    loader: session,
    // One in-memory database: every file the tests read is small.
    storage: () => 'memory',
    use: async () => undefined,
    hold: () => undefined,
    close: () => conn.close(),
  } as unknown as Duck & { close(): void };
}

function plain(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v === null || typeof v !== 'object' || v instanceof Date) return v;
  if (Array.isArray(v)) return v.map(plain);
  const o = v as { toJSON?: () => unknown };
  const json = typeof o.toJSON === 'function' ? o.toJSON() : v;
  if (Array.isArray(json)) return json.map(plain);
  return Object.fromEntries(Object.entries(json as object).map(([k, x]) => [k, plain(x)]));
}
