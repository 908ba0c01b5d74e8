/** Sorting and searching the leaderboard's rows: pure, so the table and its tests agree. */
import type { LeaderboardRow } from '../stats/leaderboard.ts';
import { matchesTokens, searchTokens } from './model-search.ts';

export const SORT_KEYS = [
  'rank',
  'model',
  'rating',
  'interval',
  'votes',
  'wins',
  'losses',
  'ties',
  'winRate',
  'group',
  'rankRange',
  'tier',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export interface Sort {
  key: SortKey;
  descending: boolean;
}

export const DEFAULT_SORT: Sort = { key: 'rank', descending: false };

function value(row: LeaderboardRow, key: SortKey): number | string | null {
  switch (key) {
    case 'model':
      return row.model.toLowerCase();
    case 'interval':
      return row.lower !== null && row.upper !== null ? row.upper - row.lower : null;
    case 'rankRange':
      // By the best rank the model reaches, then the worst; groups stay together.
      return row.rankLower === null || row.rankUpper === null
        ? null
        : (row.group ?? 0) * 1e9 + row.rankLower * 1e5 + row.rankUpper - (row.rating ?? 0) / 1e5;
    case 'tier':
      return row.tier === null ? null : (row.group ?? 0) * 1e6 + row.tier * 1e3 - (row.rating ?? 0) / 1e4;
    case 'rank':
      // Within a group rank follows rating; groups stay together.
      return row.rank === null ? null : (row.group ?? 0) * 1e6 + row.rank * 1e3 - (row.rating ?? 0) / 1e4;
    default:
      return row[key];
  }
}

/** Rated rows sorted by `sort`, unrated ones (never lost / never won) always after them. */
export function sortRows(rows: readonly LeaderboardRow[], sort: Sort): LeaderboardRow[] {
  const direction = sort.descending ? -1 : 1;
  return [...rows].sort((x, y) => {
    if ((x.rating === null) !== (y.rating === null)) return x.rating === null ? 1 : -1;
    const vx = value(x, sort.key);
    const vy = value(y, sort.key);
    if (vx === vy) return (y.rating ?? 0) - (x.rating ?? 0) || (x.model < y.model ? -1 : 1);
    if (vx === null) return 1;
    if (vy === null) return -1;
    return (vx < vy ? -1 : 1) * direction;
  });
}

/** Rows whose model matches every typed word (model-search.ts: "gpt 4o" finds gpt-4o-…). */
export function searchRows(rows: readonly LeaderboardRow[], query: string): LeaderboardRow[] {
  const tokens = searchTokens(query);
  return rows.filter((r) => matchesTokens(r.model, tokens));
}
