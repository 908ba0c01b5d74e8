/**
 * What the Topics lens shows of its boards: each model's rank in a topic beside its rank on all
 * votes, and the topic × model pivot of ranks. Pure: leaderboards in, rows out.
 */
import type { Leaderboard } from '../stats/leaderboard.ts';

export interface TopicBoardRow {
  model: string;
  rank: number | null;
  rating: number | null;
  lower: number | null;
  upper: number | null;
  votes: number;
  /** Rank on all votes of the slice less rank in the topic: positive when the model does better here. */
  rankChange: number | null;
}

export function topicBoardRows(topic: Leaderboard, all: Leaderboard): TopicBoardRow[] {
  const overall = new Map(all.rows.map((r) => [r.model, r.rank]));
  return topic.rows
    .filter((r) => r.votes > 0)
    .map((r) => {
      const before = overall.get(r.model) ?? null;
      return {
        model: r.model,
        rank: r.rank,
        rating: r.rating,
        lower: r.lower,
        upper: r.upper,
        votes: r.votes,
        rankChange: before !== null && r.rank !== null ? before - r.rank : null,
      };
    });
}

/** Ranks of the `top` models of all votes (by their rank there) in each topic's board; null where unrated. */
export function topicPivot(
  all: Leaderboard,
  topics: readonly Leaderboard[],
  top = 20,
): { model: string; overall: number | null; ranks: (number | null)[] }[] {
  return all.rows
    .filter((r) => r.rating !== null)
    .slice(0, top)
    .map((r) => ({
      model: r.model,
      overall: r.rank,
      ranks: topics.map((b) => {
        const row = b.rows.find((x) => x.model === r.model);
        return row && row.rating !== null ? row.rank : null;
      }),
    }));
}
