/**
 * LMArena's leaderboard categories as slices of `battles`: hard prompts, coding, math, instruction
 * following and creative writing (derived.ts builds the ones that come from category_tag; coding is
 * the file's is_code). The category pivot offers them together as its columns.
 */
import type { ColumnInfo } from './column.ts';

export const LMARENA_CATEGORIES: readonly { column: string; label: string }[] = [
  { column: 'hard_prompts', label: 'hard prompts' },
  { column: 'is_code', label: 'coding' },
  { column: 'math', label: 'math' },
  { column: 'instruction_following', label: 'instruction following' },
  { column: 'creative_writing', label: 'creative writing' },
];

/** The pivot's pseudo-dimension path for "LMArena categories" (not a column: it is never filtered on). */
export const LMARENA_PIVOT = ['(LMArena categories)'];

/** The categories a battles table holds, as boolean columns, in LMArena's order. */
export function lmarenaCategories(columns: readonly ColumnInfo[]): { column: string; label: string }[] {
  const bools = new Set(columns.filter((c) => /^BOOLEAN$/i.test(c.type)).map((c) => c.name));
  const found = LMARENA_CATEGORIES.filter((c) => bools.has(c.column));
  // One flag alone (a file with just is_code) is an ordinary dimension, not LMArena's category set.
  return found.length >= 2 ? found : [];
}
