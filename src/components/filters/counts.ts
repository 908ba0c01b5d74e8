/** What every filter widget counts with: the query runner, the other filters, and where to count. */
import type { RunQuery } from '../../core/sql/connector.ts';
import type { SqlCondition } from '../../core/sql/statement.ts';
import type { CountSource } from '../../core/sql/slice-cube.ts';

export interface Counts {
  query: RunQuery;
  where: SqlCondition;
  /** Where to count (battles or the slice cube). */
  source: CountSource;
}
