/**
 * The summary figures that pair counts already hold — votes, models that voted, votes per outcome —
 * so the page reads them from the counts it fetches anyway instead of scanning the votes again.
 */
import { OUTCOMES, type Outcome } from '../outcome.ts';
import type { PairCounts } from './pair-counts.ts';

export interface CountSummary {
  votes: number;
  /** Models with at least one vote. */
  models: number;
  outcomes: Record<Outcome, number>;
}

export function summariseCounts(counts: PairCounts): CountSummary {
  const outcomes = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>;
  const voted = new Uint8Array(counts.models.length);
  let votes = 0;
  for (let k = 0; k < counts.n.length; k++) {
    const n = counts.n[k];
    if (n <= 0) continue;
    votes += n;
    outcomes[OUTCOMES[counts.outcome[k]]] += n;
    voted[counts.a[k]] = 1;
    voted[counts.b[k]] = 1;
  }
  return { votes, models: voted.reduce((sum, v) => sum + v, 0), outcomes };
}
