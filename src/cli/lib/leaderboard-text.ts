/** The leaderboard as an aligned text table, from the same records as the CSV and JSON exports. */
import { leaderboardRecords } from '../../core/export/leaderboard-export.ts';
import type { Leaderboard } from '../../core/stats/leaderboard.ts';
import { changeArrow, type RankChange } from '../../core/stats/rank-change.ts';
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

/** With `changes` (a slice against the whole file), the overall rank and the change follow the rank. */
export function leaderboardText(board: Leaderboard, changes: readonly RankChange[] | null = null): string {
  const records = leaderboardRecords(board, changes);
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
  if (!changes) return textTable(COLUMNS, rows);
  const extra: TextColumn[] = [
    { header: 'overall', align: 'right' },
    { header: 'change', align: 'right' },
    { header: 'change range', align: 'right' },
  ];
  const withChange = rows.map((row, k) => {
    const r = records[k];
    return [
      row[0],
      r.rank_overall === null ? DASH : String(r.rank_overall),
      r.rank_change === null ? DASH : changeArrow(r.rank_change),
      r.rank_change_lower === null ? DASH : `${r.rank_change_lower} to ${r.rank_change_upper}`,
      ...row.slice(1),
    ];
  });
  return textTable([COLUMNS[0], ...extra, ...COLUMNS.slice(1)], withChange);
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
