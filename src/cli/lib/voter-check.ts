/**
 * `rank --audit`'s voter checks, when the file names its voters (judge, judge_hash, session_hash,
 * evaluation_session_id): the same SQL and statistics as the Audit lens (core/sql/voter-votes.ts,
 * core/stats/voter-audit.ts) on native DuckDB.
 */
import type { Connector } from '../../core/sql/connector.ts';
import { readVoterInput } from '../../core/sql/voter-votes.ts';
import type { SqlCondition } from '../../core/sql/statement.ts';
import type { PairCounts } from '../../core/stats/pair-counts.ts';
import { runVoterAudit, type VoterAudit } from '../../core/stats/voter-audit.ts';

export async function voterCheck(
  db: Connector,
  columns: readonly string[],
  where: SqlCondition | undefined,
  counts: PairCounts,
  options: { cap: number; seed: number; weighted: boolean; alpha?: number },
): Promise<VoterAudit | null> {
  const input = await readVoterInput(
    (q) => db.query(q.sql, [...q.params]),
    columns,
    where,
    counts.models,
    options.cap,
    options.seed,
    options.weighted,
  );
  return input && runVoterAudit(counts, input, { alpha: options.alpha });
}
