import type { Leaderboard } from '../stats/leaderboard.ts';
import type { DroppedModel } from '../stats/min-votes.ts';
import type { RankChange } from '../stats/rank-change.ts';
import { toCsv, type CsvValue } from './csv.ts';
import { provenanceRecord, withProvenance, type Provenance } from './provenance.ts';

export const LEADERBOARD_CSV_HEADER = [
  'rank',
  'model',
  'rating',
  'lower',
  'upper',
  'votes',
  'wins',
  'losses',
  'ties',
  'group',
  'win_rate',
  'rank_lower',
  'rank_upper',
  'flag',
  'tier',
  'bootstrap_lower',
  'bootstrap_upper',
  'sandwich_lower',
  'sandwich_upper',
  'sandwich_se',
  'rank_overall',
  'rank_change',
  'rank_change_lower',
  'rank_change_upper',
] as const;

/** `rank --json` and the page's JSON download: this object, with `models` as LEADERBOARD_CSV_HEADER records. */
export const LEADERBOARD_JSON_FORMAT = 'arena-lens-leaderboard/2';

const round = (x: number | null, digits: number) => (x === null || !Number.isFinite(x) ? null : Number(x.toFixed(digits)));

/**
 * The leaderboard as records with stable names: the CSV columns and the JSON objects. `changes`
 * (a filtered board against the whole file's, stats/rank-change.ts) fill rank_overall and
 * rank_change with its range; they are null on the whole file's own board.
 */
export function leaderboardRecords(board: Leaderboard, changes: readonly RankChange[] | null = null) {
  const change = new Map((changes ?? []).map((c) => [c.model, c]));
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
    tier: r.tier,
    bootstrap_lower: round(r.bootstrapLower, 3),
    bootstrap_upper: round(r.bootstrapUpper, 3),
    sandwich_lower: round(r.sandwichLower, 3),
    sandwich_upper: round(r.sandwichUpper, 3),
    sandwich_se: round(r.se, 3),
    rank_overall: change.get(r.model)?.rankOverall ?? null,
    rank_change: change.get(r.model)?.change ?? null,
    rank_change_lower: change.get(r.model)?.changeLower ?? null,
    rank_change_upper: change.get(r.model)?.changeUpper ?? null,
  }));
}

/**
 * The CSV: the rated board, then the models the minimum of votes left out, each on a row of its own
 * with its record, no rating and the flag `below minimum votes (N)`, so a download loses no model.
 */
export function leaderboardCsv(
  board: Leaderboard,
  provenance: Provenance | null = null,
  apart: BelowMinimum | null = null,
  changes: readonly RankChange[] | null = null,
): string {
  const records: Partial<Record<(typeof LEADERBOARD_CSV_HEADER)[number], CsvValue>>[] = leaderboardRecords(board, changes);
  for (const m of apart?.dropped ?? []) {
    records.push({ model: m.model, votes: m.votes, wins: m.wins, losses: m.losses, ties: m.ties, flag: belowMinimumFlag(apart!.minVotes) });
  }
  const [header, rows] = withProvenance(
    LEADERBOARD_CSV_HEADER,
    records.map((r) => LEADERBOARD_CSV_HEADER.map((k) => r[k] ?? null)),
    provenance,
  );
  return toCsv(header, rows);
}

export const belowMinimumFlag = (minVotes: number) => `below minimum votes (${minVotes})`;

/** Share of rounds with the row model above the column model, 4 decimals; null across groups. */
function pairwiseRecord(board: Leaderboard) {
  const p = board.pairwise;
  if (!p) return null;
  const n = p.models.length;
  return {
    rounds: p.rounds,
    models: p.models,
    above: p.models.map((_, i) => p.models.map((__, j) => round(p.above[i * n + j], 4))),
  };
}

/** Models left out by the minimum of votes (stats/min-votes.ts), listed apart in the JSON. */
export interface BelowMinimum {
  minVotes: number;
  dropped: DroppedModel[];
}

export function leaderboardObject(
  board: Leaderboard,
  provenance: Provenance | null = null,
  apart: BelowMinimum | null = null,
  changes: readonly RankChange[] | null = null,
) {
  return {
    format: LEADERBOARD_JSON_FORMAT,
    provenance: provenance ? provenanceRecord(provenance) : null,
    interval_method: board.intervalMethod,
    vote_weighting: board.reweighted ? 'inverse pair frequency' : 'none',
    rounds_done: board.roundsDone,
    provisional: board.roundsDone < board.rounds,
    bootstrap_prior_votes: board.priorVotes,
    min_votes: apart?.minVotes ?? null,
    below_min_votes: apart ? apart.dropped : [],
    signal: board.signal
      ? {
          adjacent_pairs: board.signal.adjacentPairs,
          separated_pairs: board.signal.separatedPairs,
          models: board.signal.models,
          separated_models: board.signal.separatedModels,
        }
      : null,
    warnings: board.warnings.map((w) => w.message),
    /** What rank_overall and rank_change compare with: the whole file's board (null: this is it). */
    rank_change_against: changes ? 'all votes' : null,
    models: leaderboardRecords(board, changes),
    pairwise: pairwiseRecord(board),
  };
}

export function leaderboardJson(
  board: Leaderboard,
  provenance: Provenance | null = null,
  apart: BelowMinimum | null = null,
  changes: readonly RankChange[] | null = null,
): string {
  return JSON.stringify(leaderboardObject(board, provenance, apart, changes), null, 2) + '\n';
}
