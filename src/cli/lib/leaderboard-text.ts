/** The leaderboard as an aligned text table, from the same records as the CSV and JSON exports. */
import { leaderboardRecords } from '../../core/export/leaderboard-export.ts';
import type { Leaderboard } from '../../core/stats/leaderboard.ts';
import { textTable, type TextColumn } from './text-table.ts';

const COLUMNS: TextColumn[] = [
  { header: 'rank', align: 'right' },
  { header: 'model', align: 'left' },
  { header: 'rating', align: 'right' },
  { header: '95% CI', align: 'left' },
  { header: 'rank range', align: 'right' },
  { header: 'tier', align: 'right' },
  { header: 'votes', align: 'right' },
  { header: 'group', align: 'right' },
  { header: 'note', align: 'left' },
];

const DASH = '-';
const fixed = (x: number | null) => (x === null ? DASH : x.toFixed(1));

export function leaderboardText(board: Leaderboard): string {
  const records = leaderboardRecords(board);
  // Bounds padded to a common width so the interval column lines up.
  const wl = Math.max(0, ...records.map((r) => fixed(r.lower).length));
  const wu = Math.max(0, ...records.map((r) => fixed(r.upper).length));
  const rows = records.map((r) => [
    r.rank === null ? DASH : String(r.rank),
    r.model,
    fixed(r.rating),
    r.lower === null || r.upper === null ? DASH : `[${fixed(r.lower).padStart(wl)}, ${fixed(r.upper).padStart(wu)}]`,
    r.rank_lower === null || r.rank_upper === null ? DASH : `${r.rank_lower}–${r.rank_upper}`,
    r.tier === null ? DASH : String(r.tier),
    String(r.votes),
    r.group === null ? DASH : String(r.group),
    r.flag ? `unrated: ${r.flag}` : '',
  ]);
  return textTable(COLUMNS, rows);
}

/** "how much of the order is signal": the page's line above the table, for stderr. */
export function signalText(board: Leaderboard): string | null {
  const s = board.signal;
  if (!s) return null;
  return (
    `signal: ${s.separatedPairs} of ${s.adjacentPairs} adjacent pairs have non-overlapping 95% intervals (${board.intervalMethod}); ` +
    `${s.separatedModels} of ${s.models} models are distinguishable from both neighbours`
  );
}
