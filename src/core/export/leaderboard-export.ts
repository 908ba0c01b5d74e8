import type { Leaderboard } from '../stats/leaderboard';
import { toCsv } from './csv';

export const LEADERBOARD_CSV_HEADER = [
  'rank', 'model', 'rating', 'lower', 'upper', 'votes', 'wins', 'losses', 'ties', 'group',
  'win_rate', 'rank_lower', 'rank_upper', 'flag',
] as const;

const round = (x: number | null, digits: number) => (x === null ? null : Number(x.toFixed(digits)));

/** The leaderboard as records with stable names: the CSV columns and the JSON objects. */
export function leaderboardRecords(board: Leaderboard) {
  return board.rows.map((r) => ({
    rank: r.rank,
    model: r.model,
    rating: round(r.rating, 3),
    lower: round(r.lower, 3),
    upper: round(r.upper, 3),
    votes: r.votes,
    wins: r.wins,
    losses: r.losses,
    ties: r.ties,
    group: r.group,
    win_rate: round(r.winRate, 5),
    rank_lower: r.rankLower,
    rank_upper: r.rankUpper,
    flag: r.flag,
  }));
}

export function leaderboardCsv(board: Leaderboard): string {
  const records = leaderboardRecords(board);
  return toCsv(LEADERBOARD_CSV_HEADER, records.map((r) => LEADERBOARD_CSV_HEADER.map((k) => r[k])));
}

export function leaderboardJson(board: Leaderboard): string {
  return JSON.stringify(leaderboardRecords(board), null, 2) + '\n';
}
