/**
 * Online Elo beside Bradley-Terry: the slice's votes in time order read from DuckDB as typed arrays,
 * replayed in the rating worker. What the Online Elo panel asks for; it never sees DuckDB.
 */
import type { Duck } from '../io/duckdb.ts';
import type { ColumnInfo } from '../core/schema/column.ts';
import type { SqlCondition } from '../core/sql/statement.ts';
import { voteSequenceSql } from '../core/sql/vote-sequence.ts';
import { timeColumn } from '../core/sql/time-windows.ts';
import type { RatingsStore } from './ratings.svelte.ts';

/** FastChat's online Elo step. */
export const ELO_K = 4;

export interface OnlineEloResult {
  /** Rating per model index (of `models`); only indices in `seen` played in the slice. */
  ratings: Float64Array;
  seen: number[];
  models: string[];
}

export interface OnlineEloSource {
  /** The column the votes are ordered by, or null (file order). */
  orderedBy: string | null;
  load(): Promise<OnlineEloResult>;
}

export function onlineEloSource(
  duck: Duck,
  ratings: RatingsStore,
  where: SqlCondition,
  columns: readonly ColumnInfo[],
  models: string[],
): OnlineEloSource {
  const time = timeColumn(columns);
  return {
    orderedBy: time?.name ?? null,
    load: async () => {
      const q = voteSequenceSql(where, time);
      const table = await duck.arrow(q.sql, q.params);
      const a = Int32Array.from(table.getChild('a')!.toArray() as ArrayLike<number>);
      const b = Int32Array.from(table.getChild('b')!.toArray() as ArrayLike<number>);
      const outcome = Uint8Array.from(table.getChild('outcome')!.toArray() as ArrayLike<number>);
      const seen = [...new Set<number>([...a, ...b])];
      return { ratings: await ratings.elo(models.length, a, b, outcome, ELO_K), seen, models };
    },
  };
}
