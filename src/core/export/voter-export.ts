/** The Audit's voter checks as JSON fields (`rank --audit --json` and the Audit lens's JSON download; README). */
import type { VoterAudit } from '../stats/voter-audit.ts';

/** What the outlier test is, said in the JSON beside its figures. */
export const VOTER_TEST =
  "per voter, the count of decisive votes that went to the lower-rated model, against its distribution under Bradley-Terry fitted to the slice's decisive votes (a Poisson-binomial: exact tail P(U ≥ u), normal approximation past 4000 votes); Holm's adjustment over the voters tested, flagged where the adjusted p < alpha";

export function voterObject(v: VoterAudit) {
  return {
    column: v.column,
    voters: v.voters,
    votes: v.votes,
    median_votes: v.medianVotes,
    p90_votes: v.p90Votes,
    max_votes: v.maxVotes,
    top_ten_share: v.topTenShare,
    top_voters: v.top,
    bins: v.bins,
    cap: v.cap,
    seed: v.seed,
    capped_votes: v.capped.votes,
    capped_changes: v.capped.said,
    outlier_test: v.test && {
      test: VOTER_TEST,
      alpha: v.test.alpha,
      min_votes: v.test.minVotes,
      tested: v.test.tested,
      flagged: v.test.flagged,
      flagged_votes: v.test.flaggedVotes,
      voters: v.test.rows.map((r) => ({
        voter: r.voter,
        votes: r.votes,
        decisive: r.decisive,
        upsets: r.upsets,
        expected_upsets: r.expected,
        p: r.p,
        holm_p: r.adjusted,
        flagged: r.flagged,
      })),
    },
    outlier_test_missing: v.testMissing,
    without_flagged: v.without && { votes: v.without.votes, changes: v.without.said },
    models: v.models.map((m) => ({
      model: m.model,
      rank: m.rank,
      rating: m.rating,
      capped_rank: m.cappedRank,
      capped_rating: m.cappedRating,
      without_flagged_rank: m.withoutRank,
      without_flagged_rating: m.withoutRating,
    })),
  };
}
