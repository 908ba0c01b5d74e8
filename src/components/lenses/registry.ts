/**
 * The component of each lens in core/view/lenses.ts, by the same id: a lens missing here, or one
 * here that the registry does not know, is a type error. Each is loaded when its tab is first
 * opened, except the leaderboard, which the page shows first.
 */
import type { Component } from 'svelte';
import type { LENSES, LensId } from '../../core/view/lenses.ts';
import type { BoardContext, LensContext } from '../../state/lens-context.svelte.ts';
import LeaderboardLens from './LeaderboardLens.svelte';

/** What a lens's component is given: the board, or the data (its registry entry's `waitsFor`). */
export type ContextOf<K extends LensId> = (typeof LENSES)[K] extends { waitsFor: 'board' } ? BoardContext : LensContext;
export type LensModule<C> = { default: Component<{ context: C }> };

export const LENS_COMPONENTS: { [K in LensId]: () => LensModule<ContextOf<K>> | Promise<LensModule<ContextOf<K>>> } = {
  leaderboard: () => ({ default: LeaderboardLens }),
  matrix: () => import('./MatrixLens.svelte'),
  compare: () => import('./CompareLens.svelte'),
  profile: () => import('./ProfileLens.svelte'),
  time: () => import('./TimeLens.svelte'),
  safety: () => import('./SafetyLens.svelte'),
  defects: () => import('./DefectsLens.svelte'),
  judges: () => import('./JudgesLens.svelte'),
  judgeboard: () => import('./JudgeBoardLens.svelte'),
  tools: () => import('./ToolsLens.svelte'),
  verdicts: () => import('./VerdictsLens.svelte'),
  style: () => import('./StyleLens.svelte'),
  topics: () => import('./TopicsLens.svelte'),
  audit: () => import('./AuditLens.svelte'),
  sources: () => import('./SourcesLens.svelte'),
  browse: () => import('./BrowseLens.svelte'),
  sql: () => import('./SqlLens.svelte'),
};
