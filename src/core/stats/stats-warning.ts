import type { ExclusionReason } from './components.ts';

/** Something a statistic did that the page must say out loud (DESIGN: never a silent ±∞ or NaN). */
export type StatsWarning =
  | { kind: 'disconnected'; groupSizes: number[]; message: string }
  | { kind: 'excluded'; models: { model: string; reason: ExclusionReason }[]; message: string }
  | { kind: 'nothing-to-fit'; message: string }
  | { kind: 'anchor-unrated'; model: string; message: string }
  | { kind: 'self-pairs-ignored'; votes: number; message: string }
  | { kind: 'not-converged'; group: number; gradientNorm: number; message: string }
  | { kind: 'tie-parameter-degenerate'; group: number; message: string };
