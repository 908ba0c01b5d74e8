/** The leaderboard as an aligned text table, from the same records as the CSV and JSON exports. */
import { leaderboardRecords } from '../../core/export/leaderboard-export.ts';
import type { Leaderboard } from '../../core/stats/leaderboard.ts';
import { textTable, type TextColumn } from './text-table.ts';

const COLUMNS: TextColumn[] = [
  { header: 'rank', align: 'right' },
  { header: 'model', align: 'left' },
  { header: 'rating', align: 'right' },
  { header: '95% CI', align: 'left' },
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
    String(r.votes),
    r.group === null ? DASH : String(r.group),
    r.flag ? `unrated: ${r.flag}` : '',
  ]);
  return textTable(COLUMNS, rows);
}
