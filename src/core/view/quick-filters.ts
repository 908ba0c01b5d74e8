/**
 * The quick toggles arena users expect, as plain filters: which ones this dataset can honour, and
 * the Filter[] they add to the slice (ANDed with the panel's own filters by filtersSql).
 */
import type { Outcome } from '../outcome.ts';
import type { ColumnInfo } from '../schema/column.ts';
import { isBooleanType, parseDuckType, typeAtPath } from '../schema/duckdb-type.ts';
import type { Filter } from '../sql/filters.ts';
import type { QuickToggles } from './view-state.ts';

export type QuickToggleId = keyof QuickToggles;

/** Where the "flagged prompt" flag lives, best first. */
const FLAG_PATHS: readonly string[][] = [['openai_moderation', 'flagged'], ['flagged']];
const ANONY_PATH = ['anony'];
/** LMArena down-samples frequent prompts: its de-duplicated leaderboard keeps rows whose dedup_tag.sampled is true. */
const DEDUP_PATH = ['dedup_tag', 'sampled'];

/** The on/off toggles, in display order (minVotes is a number). */
export const QUICK_FLAGS = ['excludeTies', 'excludeBothBad', 'excludeFlagged', 'anonymousOnly', 'dedupOnly'] as const;

/** How many toggles are on among those the data honours. */
export function activeToggles(quick: QuickToggles, available: readonly QuickToggleId[]): number {
  return QUICK_FLAGS.filter((k) => quick[k] && available.includes(k)).length + (quick.minVotes !== null && quick.minVotes > 0 ? 1 : 0);
}

/** The boolean column or struct field at `path`, if the table has one. */
function hasBoolean(columns: readonly ColumnInfo[], path: readonly string[]): boolean {
  const col = columns.find((c) => c.name === path[0]);
  if (!col) return false;
  try {
    const t = typeAtPath(parseDuckType(col.type), path.slice(1));
    return t !== undefined && isBooleanType(t);
  } catch {
    return false;
  }
}

/** The moderation flag "exclude flagged" filters on, or null when the data has none. */
export function flaggedPath(columns: readonly ColumnInfo[]): string[] | null {
  return FLAG_PATHS.find((p) => hasBoolean(columns, p)) ?? null;
}

/**
 * The toggles that mean something for this data, in display order. `outcomes` (votes per outcome
 * in the whole dataset, e.g. summary.outcomes) hides "exclude ties" / "exclude both bad" when the
 * data has none; without it both are offered.
 */
export function applicableToggles(columns: readonly ColumnInfo[], outcomes?: Partial<Record<Outcome, number>>): QuickToggleId[] {
  const has = (o: Outcome) => outcomes === undefined || (outcomes[o] ?? 0) > 0;
  const out: QuickToggleId[] = [];
  if (has('tie')) out.push('excludeTies');
  if (has('both_bad')) out.push('excludeBothBad');
  if (flaggedPath(columns)) out.push('excludeFlagged');
  if (hasBoolean(columns, ANONY_PATH)) out.push('anonymousOnly');
  if (hasBoolean(columns, DEDUP_PATH)) out.push('dedupOnly');
  out.push('minVotes');
  return out;
}

/**
 * The filters the toggles add. A toggle the data cannot honour adds nothing (a shared link made on
 * another dataset must not break this one). "Exclude flagged" drops rows flagged true and keeps
 * rows with no moderation result (NULL): it removes what moderation caught, nothing else.
 * minVotes is not a row filter: it acts on the aggregated counts (stats/min-votes.ts).
 */
export function quickFilters(quick: QuickToggles, columns: readonly ColumnInfo[]): Filter[] {
  const filters: Filter[] = [];
  const outcomes: Outcome[] = [];
  if (quick.excludeTies) outcomes.push('tie');
  if (quick.excludeBothBad) outcomes.push('both_bad');
  if (outcomes.length) filters.push({ kind: 'exclude-outcomes', outcomes });
  const flag = quick.excludeFlagged ? flaggedPath(columns) : null;
  if (flag) filters.push({ kind: 'in', path: flag, values: [false, null] });
  if (quick.anonymousOnly && hasBoolean(columns, ANONY_PATH)) filters.push({ kind: 'boolean', path: ANONY_PATH, value: true });
  if (quick.dedupOnly && hasBoolean(columns, DEDUP_PATH)) filters.push({ kind: 'boolean', path: DEDUP_PATH, value: true });
  return filters;
}

/** Human labels for the toggles, shared by the panel and anything that lists them. */
export const QUICK_LABELS: Record<QuickToggleId, string> = {
  excludeTies: 'exclude ties',
  excludeBothBad: 'exclude both bad',
  excludeFlagged: 'exclude flagged prompts',
  anonymousOnly: 'anonymous battles only',
  dedupOnly: 'de-duplicated (LMArena: dedup_tag.sampled)',
  minVotes: 'min. votes per model',
};

/** The quick toggles in force, in words, for captions and download provenance; `minVotes`: the minimum in force. */
export function quickFilterWords(quick: QuickToggles, minVotes = quick.minVotes ?? 0): string[] {
  return [
    ...(quick.excludeTies ? ['ties excluded'] : []),
    ...(quick.excludeBothBad ? ['both-bad excluded'] : []),
    ...(quick.excludeFlagged ? ['flagged prompts excluded'] : []),
    ...(quick.anonymousOnly ? ['anonymous battles only'] : []),
    ...(minVotes > 0 ? [`models with ≥ ${minVotes} votes`] : []),
  ];
}
