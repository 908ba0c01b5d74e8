/**
 * Messages between the page and the rating worker. Every request carries an id; a newer `rate`
 * supersedes any older one, so the page never shows a stale result. Errors travel as plain data.
 */
import type { PairCounts } from '../core/stats/pair-counts';
import type { Leaderboard, LeaderboardOptions } from '../core/stats/leaderboard';
import type { WinMatrix } from '../core/stats/win-matrix';

export type RatingRequest =
  | { type: 'rate'; id: number; counts: PairCounts; options: LeaderboardOptions }
  | { type: 'cancel'; id: number };

export interface WorkerError {
  name: string;
  message: string;
  stack?: string;
}

export type RatingResponse =
  /** The point fit (roundsDone 0), then refined intervals every REPORT_EVERY rounds and at the end. */
  | { type: 'result'; id: number; leaderboard: Leaderboard; observed: WinMatrix | null; final: boolean }
  | { type: 'progress'; id: number; roundsDone: number; rounds: number }
  | { type: 'error'; id: number; error: WorkerError };

/** First intervals after this many rounds, then refined at each further multiple. */
export const REPORT_EVERY = 100;
