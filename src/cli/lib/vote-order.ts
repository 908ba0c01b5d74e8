/**
 * The slice's votes one by one in time order (else file order), as indices into the counts'
 * model list: what Elo needs among `rank --method elo` and `rank --audit`'s methods. Votes with a
 * model the counts left out (--min-votes) are skipped.
 */
import type { ColumnInfo } from '../../core/schema/column.ts';
import type { Connector } from '../../core/sql/connector.ts';
import { modelsSql } from '../../core/sql/pair-counts.ts';
import type { SqlCondition } from '../../core/sql/statement.ts';
import { timeColumn } from '../../core/sql/time-windows.ts';
import { voteSequenceSql } from '../../core/sql/vote-sequence.ts';
import type { OrderedVotes } from '../../core/stats/method-compare.ts';

export async function readOrderedVotes(
  db: Connector,
  where: SqlCondition | undefined,
  columns: readonly ColumnInfo[],
  models: readonly string[],
): Promise<OrderedVotes> {
  const index = new Map(models.map((m, k) => [m, k]));
  const byCode = new Map<number, number>();
  for (const row of await db.query(modelsSql().sql)) byCode.set(Number(row.code), index.get(String(row.model)) ?? -1);
  const q = voteSequenceSql(where, timeColumn(columns));
  const rows = await db.query(q.sql, q.params);
  const a: number[] = [],
    b: number[] = [],
    outcome: number[] = [];
  for (const row of rows) {
    const x = byCode.get(Number(row.a)) ?? -1,
      y = byCode.get(Number(row.b)) ?? -1;
    if (x < 0 || y < 0) continue;
    a.push(x);
    b.push(y);
    outcome.push(Number(row.outcome));
  }
  return { a: Int32Array.from(a), b: Int32Array.from(b), outcome: Uint8Array.from(outcome) };
}
