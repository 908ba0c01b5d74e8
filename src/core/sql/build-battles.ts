/**
 * Builds `battles` and `rejected_rows` from the raw table on any connector — the page, the command
 * line and the tests all build them here. The whole file's pair counts exist one statement before
 * battles itself does; `onPairCounts` gets them then, for a first leaderboard.
 */
import { battlesSql, rawPairCountsSql, type BattlesInput } from './battles.ts';
import type { Connector } from './connector.ts';
import { readRawPairCounts } from './pair-counts.ts';
import { runStatements } from './statement.ts';
import type { PairCounts } from '../stats/pair-counts.ts';

export async function buildBattles(db: Connector, input: BattlesInput, onPairCounts?: (counts: PairCounts) => void): Promise<void> {
  for (const statement of battlesSql(input)) {
    await runStatements(db, [statement]);
    if (statement.step === 'pair-counts' && onPairCounts) onPairCounts(readRawPairCounts(await db.query(rawPairCountsSql().sql)));
  }
}
