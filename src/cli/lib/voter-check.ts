/**
 * `rank --audit`'s voter checks, when the file names its voters (judge, judge_hash, session_hash,
 * evaluation_session_id): votes per voter (spread, top voters) and the board with at most `cap`
 * votes per voter (FastChat's limit_user_votes, a seeded sample), each model's rank before and after.
 * The outlier test per voter (FastChat's outlier_detect) is not here.
 */
import type { Connector } from '../../core/sql/connector.ts';
import { cappedPairCountsSql, voterColumn, votesPerVoterSql } from '../../core/sql/voter-votes.ts';
import { modelsSql, pairCountsSql, readPairCounts } from '../../core/sql/pair-counts.ts';
import type { SqlCondition } from '../../core/sql/statement.ts';
import { computeLeaderboard } from '../../core/stats/leaderboard.ts';
import type { PairCounts } from '../../core/stats/pair-counts.ts';

export interface VoterCheck {
  column: string;
  voters: number;
  votes: number;
  medianVotes: number;
  p90Votes: number;
  maxVotes: number;
  /** Share of the votes cast by the ten most active voters. */
  topTenShare: number;
  top: { voter: string; votes: number }[];
  cap: number;
  seed: number;
  cappedVotes: number;
  /** Models in the full board's order: rank and rating on all votes and with the cap. */
  models: { model: string; rank: number | null; rating: number | null; cappedRank: number | null; cappedRating: number | null }[];
}

export async function voterCheck(
  db: Connector,
  columns: readonly string[],
  where: SqlCondition | undefined,
  cap: number,
  seed: number,
): Promise<VoterCheck | null> {
  const column = voterColumn(columns);
  if (!column) return null;
  const perVoter = votesPerVoterSql(column, where);
  const rows = await db.query(perVoter.sql, perVoter.params);
  if (rows.length === 0) return null;
  const counts = rows.map((r) => Number(r.votes));
  const votes = counts.reduce((s, n) => s + n, 0);
  const ascending = [...counts].sort((a, b) => a - b);
  const at = (q: number) => ascending[Math.min(ascending.length - 1, Math.floor(q * ascending.length))];
  // Every model of the file (the ENUM's codes), so both boards index the same list.
  const modelRows = await db.query(modelsSql().sql);
  const all = pairCountsSql(where),
    capped = cappedPairCountsSql(column, cap, seed, where);
  const full = readPairCounts(modelRows, await db.query(all.sql, all.params));
  const cut = readPairCounts(modelRows, await db.query(capped.sql, capped.params));
  const before = ranked(full),
    after = ranked(cut);
  return {
    column,
    voters: rows.length,
    votes,
    medianVotes: at(0.5),
    p90Votes: at(0.9),
    maxVotes: ascending[ascending.length - 1],
    topTenShare: counts.slice(0, 10).reduce((s, n) => s + n, 0) / votes,
    top: rows.slice(0, 10).map((r) => ({ voter: String(r.voter), votes: Number(r.votes) })),
    cap,
    seed,
    cappedVotes: cut.n.reduce((s, n) => s + n, 0),
    models: [...before.entries()].map(([model, b]) => ({
      model,
      rank: b.rank,
      rating: b.rating,
      cappedRank: after.get(model)?.rank ?? null,
      cappedRating: after.get(model)?.rating ?? null,
    })),
  };
}

/** Point ratings (no bootstrap) and the order they give, by model. */
function ranked(counts: PairCounts): Map<string, { rank: number | null; rating: number | null }> {
  const board = computeLeaderboard(counts, { bootstrapRounds: 0 });
  const out = new Map<string, { rank: number | null; rating: number | null }>();
  let place = 0;
  for (const r of board.rows) out.set(r.model, { rank: r.rating === null ? null : ++place, rating: r.rating });
  return out;
}
