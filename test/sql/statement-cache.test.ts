import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Table } from 'apache-arrow';
import { StatementCache, type Preparer, type Statement } from '../../src/io/statement-cache.ts';

/** DuckDB-WASM's blocking Node build behind the async face the page's connection has; counts prepares and closes. */
async function wasmPreparer() {
  const require = createRequire(import.meta.url);
  const duckdb = require('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs');
  const dist = dirname(require.resolve('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs'));
  const db = await duckdb.createDuckDB(
    {
      mvp: { mainModule: join(dist, 'duckdb-mvp.wasm'), mainWorker: join(dist, 'duckdb-node-mvp.worker.cjs') },
      eh: { mainModule: join(dist, 'duckdb-eh.wasm'), mainWorker: join(dist, 'duckdb-node-eh.worker.cjs') },
    },
    new duckdb.VoidLogger(),
    duckdb.NODE_RUNTIME,
  );
  await db.instantiate();
  const conn = db.connect();
  const counts = { prepared: 0, closed: 0 };
  const preparer: Preparer = {
    async prepare(sql) {
      const statement = conn.prepare(sql);
      counts.prepared++;
      return {
        query: async (...params: unknown[]) => statement.query(...params) as Table,
        close: async () => {
          counts.closed++;
          statement.close();
        },
      } satisfies Statement;
    },
  };
  return { conn, preparer, counts };
}

const values = (t: Table) => t.toArray().map((r) => Number(r.v));

describe('statement cache on DuckDB-WASM', () => {
  let w: Awaited<ReturnType<typeof wasmPreparer>>;
  beforeAll(async () => {
    w = await wasmPreparer();
  });
  afterAll(() => w.conn.close());

  it('prepares a query once and binds new values each time', async () => {
    const cache = new StatementCache(w.preparer);
    const before = w.counts.prepared;
    const sql = 'SELECT range AS v FROM range(10) WHERE range >= $1 ORDER BY v';
    expect(values(await cache.query(sql, [7]))).toEqual([7, 8, 9]);
    expect(values(await cache.query(sql, [8]))).toEqual([8, 9]);
    expect(w.counts.prepared - before).toBe(1);
    await cache.clear();
  });

  it('reads a table replaced behind a kept statement, even with another type, never its old rows', async () => {
    const cache = new StatementCache(w.preparer);
    w.conn.query('CREATE OR REPLACE TABLE t AS SELECT range AS v FROM range(5)');
    const sql = 'SELECT v FROM t WHERE v < $1 ORDER BY v';
    expect(values(await cache.query(sql, [3]))).toEqual([0, 1, 2]);
    w.conn.query('DROP TABLE t');
    w.conn.query("CREATE TABLE t AS SELECT CAST(range + 100 AS DOUBLE) AS v, 'x' AS extra FROM range(3)");
    expect(values(await cache.query(sql, [200]))).toEqual([100, 101, 102]);
    w.conn.query('DROP TABLE t');
    await expect(cache.query(sql, [1])).rejects.toThrow(/t/);
    await cache.clear();
  });

  it('closes the least recently used statement past its capacity, and all of them on clear', async () => {
    const cache = new StatementCache(w.preparer, 2);
    const closed = w.counts.closed;
    const q = (k: number) => cache.query(`SELECT ${k} + $1 AS v`, [1]);
    expect(values(await q(1))).toEqual([2]);
    await q(2);
    await q(1); // 1 is now the most recently used
    await q(3); // evicts 2
    await new Promise((r) => setTimeout(r, 0));
    expect(w.counts.closed - closed).toBe(1);
    const prepared = w.counts.prepared;
    await q(1);
    expect(w.counts.prepared).toBe(prepared); // still kept
    await q(2);
    expect(w.counts.prepared).toBe(prepared + 1); // prepared again
    await cache.clear();
    expect(w.counts.closed - closed).toBe(4);
  });

  it('forgets a statement that failed to prepare', async () => {
    const cache = new StatementCache(w.preparer);
    await expect(cache.query('SELECT nope($1)', [1])).rejects.toThrow();
    await expect(cache.query('SELECT nope($1)', [1])).rejects.toThrow();
    await cache.clear();
  });
});
