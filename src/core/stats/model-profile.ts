/**
 * One model's record against each opponent, set against what the fitted ratings predict. The
 * observed share counts a tie (and both_bad) as half a win, as the Bradley-Terry fit with ties as
 * half does; the predicted share is P(model beats opponent) = 1 / (1 + 10^((R_opp − R_model) / 400)).
 * Surprise is the standardised residual z = (observed − predicted) / sqrt(predicted·(1 − predicted) / votes):
 * how many binomial standard errors the observed share lies from the prediction.
 */
import type { Leaderboard, LeaderboardRow } from './leaderboard.ts';
import type { PairCounts } from './pair-counts.ts';
import { predictedWinProbability } from './predicted.ts';

export interface OpponentRecord {
  opponent: string;
  /** All votes between the two, ties and both_bad included. */
  votes: number;
  wins: number;
  losses: number;
  /** Ties and both_bad. */
  ties: number;
  /** (wins + ties / 2) / votes. */
  observed: number;
  /** From the two ratings; null when either is unrated or they are in different comparison groups. */
  predicted: number | null;
  /** Standardised residual; null without a prediction. */
  z: number | null;
}

/** Votes of `model` against each opponent it met, from the pair counts (both seat orders pooled). */
export function opponentCounts(counts: PairCounts, model: string): Map<number, { wins: number; losses: number; ties: number }> {
  const me = counts.models.indexOf(model);
  const out = new Map<number, { wins: number; losses: number; ties: number }>();
  if (me < 0) return out;
  const { a, b, outcome, n } = counts;
  for (let c = 0; c < a.length; c++) {
    const x = a[c];
    const y = b[c];
    const w = n[c];
    if (x === y || w === 0 || (x !== me && y !== me)) continue;
    const other = x === me ? y : x;
    let r = out.get(other);
    if (!r) out.set(other, (r = { wins: 0, losses: 0, ties: 0 }));
    const o = outcome[c];
    if (o >= 2) r.ties += w;
    else if ((o === 0) === (x === me)) r.wins += w;
    else r.losses += w;
  }
  return out;
}

/** The standardised residual of an observed share against a predicted one over `votes` votes. */
export function surprise(observed: number, predicted: number, votes: number): number {
  const sd = Math.sqrt((predicted * (1 - predicted)) / votes);
  return sd > 0 ? (observed - predicted) / sd : 0;
}

/** The model's record against every opponent it met, most surprising first (then by votes). */
export function opponentRecords(counts: PairCounts, board: Leaderboard, model: string): OpponentRecord[] {
  const rows = new Map(board.rows.map((r) => [r.model, r]));
  const own = rows.get(model);
  const records: OpponentRecord[] = [];
  for (const [k, { wins, losses, ties }] of opponentCounts(counts, model)) {
    const opponent = counts.models[k];
    const votes = wins + losses + ties;
    const observed = (wins + ties / 2) / votes;
    const other = rows.get(opponent);
    const predicted = comparable(own, other) ? predictedWinProbability(own!.rating!, other!.rating!) : null;
    records.push({
      opponent,
      votes,
      wins,
      losses,
      ties,
      observed,
      predicted,
      z: predicted === null ? null : surprise(observed, predicted, votes),
    });
  }
  return records.sort((p, q) => Math.abs(q.z ?? -1) - Math.abs(p.z ?? -1) || q.votes - p.votes || (p.opponent < q.opponent ? -1 : 1));
}

function comparable(p: LeaderboardRow | undefined, q: LeaderboardRow | undefined): boolean {
  return !!p && !!q && p.rating !== null && q.rating !== null && p.group === q.group;
}

/** The model's row of a board (null when it is not on it). */
export const boardRow = (board: Leaderboard, model: string): LeaderboardRow | null => board.rows.find((r) => r.model === model) ?? null;

/** Votes-weighted totals of the records: observed and predicted expected wins (ties as half). */
export function recordTotals(records: readonly OpponentRecord[]): { votes: number; observed: number; predicted: number } {
  let votes = 0;
  let observed = 0;
  let predicted = 0;
  for (const r of records) {
    if (r.predicted === null) continue;
    votes += r.votes;
    observed += r.observed * r.votes;
    predicted += r.predicted * r.votes;
  }
  return { votes, observed, predicted };
}

/** A model's place on a board by its point rating: 1 + the models of its group rated above it. */
export interface PointRank {
  rank: number;
  /** Rated models in its comparison group. */
  of: number;
  rating: number;
  votes: number;
}

export function pointRank(board: Leaderboard, model: string): PointRank | null {
  const row = boardRow(board, model);
  if (!row || row.rating === null) return null;
  const group = board.rows.filter((r) => r.rating !== null && r.group === row.group);
  return {
    rank: 1 + group.filter((r) => r.rating! > row.rating!).length,
    of: group.length,
    rating: row.rating,
    votes: row.votes,
  };
}
