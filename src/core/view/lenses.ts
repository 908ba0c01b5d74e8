/** Which lenses a dataset offers, in tab order, with their labels. */
import type { LensId } from '../schema/preset.ts';

export const LENS_LABELS: Record<string, string> = {
  leaderboard: 'Leaderboard',
  matrix: 'Matrix',
  compare: 'Compare',
  time: 'Over time',
  safety: 'Safety',
  defects: 'Defects',
  judges: 'Judges',
  tools: 'Tools',
  verdicts: 'Verdicts',
  style: 'Style control',
  browse: 'Rows',
  sql: 'SQL',
};

const ORDER = Object.keys(LENS_LABELS);

/** The preset's lenses plus those every dataset has, ordered as the tabs show them. */
export function availableLenses(presetLenses: readonly LensId[], extra: readonly string[] = []): { id: string; label: string }[] {
  const ids = new Set<string>(['leaderboard', 'matrix', 'browse', 'sql', ...presetLenses, ...extra]);
  return ORDER.filter((id) => ids.has(id)).map((id) => ({ id, label: LENS_LABELS[id] }));
}

/** The lens a view without an explicit choice shows: the one the dataset's shape leads with. */
export const AUTO_LENS = 'auto';

/**
 * The lens on screen: the chosen one when the dataset offers it, otherwise the shape's landing lens
 * (GenRM: Judges, French-Maxx: Defects), otherwise the leaderboard.
 */
export function shownLens(lens: string, tabs: readonly { id: string }[], landing?: string): string {
  const offered = (id: string | undefined) => id !== undefined && tabs.some((t) => t.id === id);
  if (lens !== AUTO_LENS && offered(lens)) return lens;
  return offered(landing) ? landing! : 'leaderboard';
}
