/**
 * Messages between the page and the rating worker. Every request carries an id and belongs to a
 * lane (its type): a newer request supersedes any older one of the same lane, so the page never
 * shows a stale result, while the leaderboard, a slice comparison and a style fit run side by
 * side. `board` requests (small sub-slice boards) are never superseded. Errors travel as plain data.
 */
import type { PairCounts } from '../core/stats/pair-counts.ts';
import type { Leaderboard, LeaderboardOptions } from '../core/stats/leaderboard.ts';
import type { SliceComparison, SliceCompareOptions } from '../core/stats/slice-compare.ts';
import type { StyleControlFit, StyleControlOptions, StyleVotes } from '../core/stats/style-control.ts';
import type { ControlsFit, ControlVotes } from '../core/stats/controls.ts';
import type { WinMatrix } from '../core/stats/win-matrix.ts';
import type { AuditOptions, AuditReport } from '../core/stats/audit.ts';
import type { VoterAudit, VoterInput } from '../core/stats/voter-audit.ts';
import type { VoterTestOptions } from '../core/stats/voter-outliers.ts';
import type { JudgeBoard, JudgeBoardInput, JudgeBoardOptions } from '../core/stats/judge-board.ts';
import type { CompareOptions, SourceComparison } from '../core/stats/source-compare.ts';
import type { MatchedItem } from '../core/sources/match-items.ts';

export type RatingRequest =
  /**
   * `standby`: the same fit on the scale switch's other scale (mean 1000 ↔ LMArena's anchor), answered
   * once the board is final, so a click on the switch shows it with no request.
   */
  | { type: 'rate'; id: number; counts: PairCounts; options: LeaderboardOptions; standby?: LeaderboardOptions }
  /** Two slices' pair counts (same model list); results stream in as rounds run. */
  | { type: 'compare'; id: number; left: PairCounts; right: PairCounts; options: SliceCompareOptions }
  /** Per-vote style rows; one answer. */
  | { type: 'style'; id: number; votes: StyleVotes; options: StyleControlOptions }
  /** Per-vote (or per-cell) covariates chosen in the Controls picker: the contextual Bradley-Terry; one answer. */
  | { type: 'controls'; id: number; votes: ControlVotes; options: { anchor?: { model: string; value: number } } }
  /** A sub-slice's leaderboard with all its rounds; one answer. */
  | { type: 'board'; id: number; counts: PairCounts; options: LeaderboardOptions }
  /** Online Elo replayed over votes in time order (model indices, outcome codes); one answer. */
  | { type: 'elo'; id: number; models: number; a: Int32Array; b: Int32Array; outcome: Uint8Array; k: number }
  /** The trust audit (core/stats/audit.ts); parts stream in: #1 vs #2, the other pairs, diagnostics, methods. */
  | { type: 'audit'; id: number; counts: PairCounts; options: AuditOptions }
  /** The Audit's voter checks (core/stats/voter-audit.ts); one answer. */
  | { type: 'voters'; id: number; counts: PairCounts; input: VoterInput; options: VoterTestOptions }
  /** The judge board (core/stats/judge-board.ts): baseline view, length-controlled win rates, self-preference; one answer. */
  | { type: 'judgeboard'; id: number; input: JudgeBoardInput; options: JudgeBoardOptions }
  /** Two sources on the same items (core/stats/source-compare.ts); one answer. */
  | { type: 'sources'; id: number; items: MatchedItem[]; options: CompareOptions }
  | { type: 'cancel'; id: number }
  /** The point board of `rate` request `id` is painted: its bootstrap may take the cores now. */
  | { type: 'shown'; id: number };

/** Messages about a request, not requests themselves. */
export type RequestNotice = Extract<RatingRequest, { type: 'cancel' | 'shown' }>;
export type RequestLane = Exclude<RatingRequest['type'], RequestNotice['type']>;

export interface WorkerError {
  name: string;
  message: string;
  stack?: string;
}

export type RatingResponse =
  /** The point fit (roundsDone 0), first intervals after REPORT_EVERY rounds, refined every REPORT_MS, and the last. */
  | { type: 'result'; id: number; leaderboard: Leaderboard; observed: WinMatrix | null; final: boolean }
  /** A rate request's final board on its `standby` scale (null when that scale cannot be had); the request's last message. */
  | { type: 'standby'; id: number; leaderboard: Leaderboard | null }
  | { type: 'comparison'; id: number; comparison: SliceComparison; final: boolean }
  | { type: 'style-fit'; id: number; fit: StyleControlFit }
  | { type: 'controls-fit'; id: number; fit: ControlsFit }
  | { type: 'board'; id: number; leaderboard: Leaderboard }
  | { type: 'elo'; id: number; ratings: Float64Array }
  | { type: 'audit'; id: number; report: AuditReport; final: boolean }
  | { type: 'voters'; id: number; audit: VoterAudit }
  | { type: 'judgeboard'; id: number; board: JudgeBoard }
  | { type: 'sources'; id: number; comparison: SourceComparison }
  | { type: 'progress'; id: number; roundsDone: number; rounds: number }
  | { type: 'error'; id: number; error: WorkerError };

/** After posting a point board, the bootstrap waits at most this long for the page to say it is painted (shown-gate.ts). */
export const SHOWN_WAIT_MS = 150;
/** First intervals after this many rounds. */
export const REPORT_EVERY = 100;
/** Refined intervals at most this often (each is a redraw of the table and chart), and rounds done at most every PROGRESS_MS. */
export const REPORT_MS = 1000;
export const PROGRESS_MS = 100;
/** A slice comparison reports after every this many rounds. */
export const COMPARE_REPORT_EVERY = 15;
