/** Runs one stats query for a filter widget; the returned function drops a result that came too late ($effect cleanup). */
import type { Duck } from '../../io/duckdb';
import type { Row } from '../../core/sql/connector';
import type { SqlQuery } from '../../core/sql/statement';

export function load<T>(duck: Duck, q: SqlQuery, read: (rows: Row[]) => T, done: (value: T | null, error: string | null) => void): () => void {
  let stale = false;
  duck.connector
    .query(q.sql, q.params)
    .then((rows) => !stale && done(read(rows), null))
    .catch((e: unknown) => !stale && done(null, (e instanceof Error ? e.message : String(e)).split('\n')[0]));
  return () => {
    stale = true;
  };
}
