/** Lenses get their context from state (src/state/lens-context.svelte.ts); this name stays for the lenses not yet moved. */
export { sliceKeyOf, type LensContext } from '../../state/lens-context.svelte.ts';
import type { LensContext } from '../../state/lens-context.svelte.ts';
import type { SqlCondition } from '../../core/sql/statement.ts';
import type { Leaderboard } from '../../core/stats/leaderboard.ts';

/** The leaderboard of a sub-slice: context.board. */
export function subSliceBoard(context: LensContext, where: SqlCondition, rounds: number): Promise<Leaderboard> {
  return context.board(where, rounds);
}
