import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Connector, Row } from '../../src/core/sql/connector.ts';

/**
 * Test-only Connector over DuckDB-WASM's blocking Node build: the same DuckDB version (1.4.3) as
 * the page, so builders are checked against the dialect users actually run.
 */
export async function createWasmConnector(): Promise<Connector & { close(): void }> {
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
  const rows = (table: { toArray(): unknown[] }): Row[] => table.toArray().map((r) => plain(r) as Row);
  return {
    async query(sql, params) {
      if (!params?.length) return rows(conn.query(sql));
      const stmt = conn.prepare(sql);
      try {
        return rows(stmt.query(...params));
      } finally {
        stmt.close();
      }
    },
    async exec(sql) {
      conn.query(sql);
    },
    close() {
      conn.close();
    },
  };
}

function plain(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v === null || typeof v !== 'object' || v instanceof Date) return v;
  if (Array.isArray(v)) return v.map(plain);
  // Arrow rows (StructRow) and vectors both have toJSON: an object or an array.
  const o = v as { toJSON?: () => unknown };
  const json = typeof o.toJSON === 'function' ? o.toJSON() : v;
  if (Array.isArray(json)) return json.map(plain);
  return Object.fromEntries(Object.entries(json as object).map(([k, x]) => [k, plain(x)]));
}
