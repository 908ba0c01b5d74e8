/**
 * Rating scales people compare against. LMArena publishes its leaderboard with
 * mixtral-8x7b-instruct-v0.1 pinned at 1114 (FastChat's `compute_mle_elo`, anchor model and value);
 * the page's own default is a mean of 1000.
 */
export const LMARENA_ANCHOR = { model: 'mixtral-8x7b-instruct-v0.1', value: 1114 } as const;

/** Whether a rating anchor is LMArena's convention. */
export function isLmarenaAnchor(anchor: { model: string; value: number } | null): boolean {
  return !!anchor && anchor.model === LMARENA_ANCHOR.model && anchor.value === LMARENA_ANCHOR.value;
}
