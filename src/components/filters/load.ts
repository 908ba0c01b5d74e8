/** Runs one stats query for a filter widget; the returned function drops a result that came too late ($effect cleanup). */
import type { Row, RunQuery } from '../../core/sql/connector.ts';
import type { SqlCondition, SqlQuery } from '../../core/sql/statement.ts';
import type { CountSource } from '../../core/sql/slice-cube.ts';

export function load<T>(
  query: RunQuery,
  q: SqlQuery,
  read: (rows: Row[]) => T,
  done: (value: T | null, error: string | null) => void,
): () => void {
  let stale = false;
  query(q)
    .then((rows) => !stale && done(read(rows), null))
    .catch((e: unknown) => !stale && done(null, (e instanceof Error ? e.message : String(e)).split('\n')[0]));
  return () => {
    stale = true;
  };
}

/** What every filter widget counts with: the query runner, the other filters, and where to count. */
export interface Counts {
  query: RunQuery;
  where: SqlCondition;
  /** Where to count (battles or the slice cube). */
  source: CountSource;
}
