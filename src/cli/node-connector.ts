import { createRequire } from 'node:module';
import type { DuckDBValue } from '@duckdb/node-api';
import type { Connector, Row } from '../core/sql/connector.ts';
import { QueryError } from '../core/sql/query-error.ts';

/**
 * Required, not imported: importing this CommonJS package from an ES module makes Node parse every file it
 * re-exports to find their names, about a tenth of a second of every command's start (measured). Required
 * on the first connection, not when this module loads: `rank` on a parquet file it counts itself
 * (lib/parquet-count.ts) never loads DuckDB at all.
 */
const duckdb = () => createRequire(import.meta.url)('@duckdb/node-api') as typeof import('@duckdb/node-api');

export interface NodeConnector extends Connector {
  close(): void;
}

/**
 * A Connector over native DuckDB (@duckdb/node-api), for tests and the command line.
 * Values are bound positionally to $1, $2 … (node-api prepares the last statement and binds the
 * array); BIGINT/HUGEINT come back as numbers, ENUM as strings, LIST/STRUCT as arrays/objects.
 */
export async function createNodeConnector(path = ':memory:'): Promise<NodeConnector> {
  const instance = await duckdb().DuckDBInstance.create(path);
  const connection = await instance.connect();
  return {
    async query(sql: string, params?: unknown[]): Promise<Row[]> {
      try {
        const reader = await connection.runAndReadAll(sql, params as DuckDBValue[] | undefined);
        return reader.getRowObjectsJS().map((r) => toPlain(r) as Row);
      } catch (e) {
        throw new QueryError(`query failed: ${(e as Error).message}`, sql, { cause: e });
      }
    },
    async exec(sql: string): Promise<void> {
      try {
        await connection.run(sql);
      } catch (e) {
        throw new QueryError(`statement failed: ${(e as Error).message}`, sql, { cause: e });
      }
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/**
 * bigint → number, recursively through lists and structs; Dates and bytes stay as they are. The
 * rows, lists and structs are the reader's fresh objects, changed in place: copying every row cost
 * a tenth of a second of rank's whole-file tally (13,621 rows, measured).
 */
function toPlain(v: unknown): unknown {
  if (typeof v === 'bigint') return Number(v);
  if (v === null || typeof v !== 'object' || v instanceof Date || v instanceof Uint8Array) return v;
  if (Array.isArray(v)) {
    for (let k = 0; k < v.length; k++) v[k] = toPlain(v[k]);
    return v;
  }
  const fields = v as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const x = fields[key];
    if (x !== null && (typeof x === 'bigint' || typeof x === 'object')) fields[key] = toPlain(x);
  }
  return fields;
}
