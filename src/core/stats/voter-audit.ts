/**
 * The Audit's voter checks, for a file that names its voters: how the votes spread over voters, the
 * board with at most N votes per voter (FastChat's limit_user_votes; the capped counts come from
 * SQL), the per-voter outlier test (voter-outliers.ts) and the board without the flagged voters,
 * each model's rank before and after. Everything is named, so the result travels as JSON.
 */
import { fitBradleyTerry } from './bradley-terry.ts';
import type { PairCounts } from './pair-counts.ts';
import { voterOutlierTest, type VoterCells, type VoterTestOptions, type VoterTestRow } from './voter-outliers.ts';

export interface VoterInput {
  /** The file's voter column. */
  column: string;
  /** Voter names, most votes first, and their votes (all outcomes). */
  voters: string[];
  votes: number[];
  /** Each voter's votes per cell, models indexed as in the counts. */
  cells: VoterCells;
  /** The slice's counts with at most `cap` votes per voter (seeded sample). */
  capped: PairCounts;
  cap: number;
  seed: number;
  /** Why the outlier test cannot run (weighted votes), if so. */
  testMissing?: string;
}

export interface VoterBin {
  label: string;
  from: number;
  /** Inclusive upper end; null for the last, open bin. */
  to: number | null;
  voters: number;
  votes: number;
}

export interface RankChange {
  model: string;
  from: number | null;
  to: number | null;
}

export interface BoardChange {
  votes: number;
  /** Models whose rank differs, best former rank first. */
  changes: RankChange[];
  /** The changes said plainly. */
  said: string;
}

export interface VoterModelRow {
  model: string;
  rank: number | null;
  rating: number | null;
  cappedRank: number | null;
  cappedRating: number | null;
  withoutRank: number | null;
  withoutRating: number | null;
}

export interface VoterAudit {
  column: string;
  voters: number;
  votes: number;
  medianVotes: number;
  p90Votes: number;
  maxVotes: number;
  /** Share of the votes cast by the ten most active voters. */
  topTenShare: number;
  top: { voter: string; votes: number }[];
  bins: VoterBin[];
  cap: number;
  seed: number;
  capped: BoardChange;
  /** The outlier test; null (with `testMissing`) when it cannot run. */
  test: {
    alpha: number;
    minVotes: number;
    tested: number;
    /** Tested voters, smallest p first (named). */
    rows: (Omit<VoterTestRow, 'voter'> & { voter: string; votes: number })[];
    flagged: number;
    flaggedVotes: number;
  } | null;
  testMissing: string | null;
  /** The board without the flagged voters' votes (the same board when no one is flagged). */
  without: BoardChange | null;
  models: VoterModelRow[];
}

/** Bins of votes per voter: 1, 2–4, 5–9, 10–19, 20–49, … (a 1-2-5 sequence). */
export function voterBins(votes: readonly number[]): VoterBin[] {
  const max = votes.reduce((m, v) => Math.max(m, v), 0);
  const edges = [1];
  for (let e = 1; edges[edges.length - 1] <= max; e *= 10) edges.push(2 * e, 5 * e, 10 * e);
  const bins: VoterBin[] = [];
  for (let k = 0; k + 1 < edges.length && edges[k] <= max; k++) {
    const from = edges[k],
      to = edges[k + 1] - 1;
    bins.push({ label: from === to ? String(from) : `${from}–${to}`, from, to, voters: 0, votes: 0 });
  }
  for (const v of votes) {
    const bin = bins.find((b) => v >= b.from && (b.to === null || v <= b.to));
    if (!bin) continue;
    bin.voters++;
    bin.votes += v;
  }
  return bins;
}

/** Point ratings and ranks (rated models by group, then rating; 1 = best). */
function board(counts: PairCounts) {
  const fit = fitBradleyTerry(counts);
  const order = fit.models
    .map((_, k) => k)
    .filter((k) => fit.ratings[k] !== null)
    .sort((x, y) => fit.group[x]! - fit.group[y]! || fit.ratings[y]! - fit.ratings[x]!);
  const rank: (number | null)[] = fit.models.map(() => null);
  order.forEach((k, r) => (rank[k] = r + 1));
  return { fit, rank };
}

const total = (n: Float64Array) => n.reduce((s, x) => s + x, 0);

/** The models whose rank differs, by their former rank. */
export function rankChanges(
  models: readonly string[],
  before: readonly (number | null)[],
  after: readonly (number | null)[],
): RankChange[] {
  return models
    .map((model, k) => ({ model, from: before[k], to: after[k] }))
    .filter((c) => c.from !== c.to)
    .sort((x, y) => (x.from ?? Infinity) - (y.from ?? Infinity) || x.model.localeCompare(y.model));
}

/** "3 of 24 models change rank: a falls from #2 to #4; b rises from #4 to #3; …" (the first `shown` named). */
export function sayRankChanges(changes: readonly RankChange[], rated: number, shown = 8): string {
  if (changes.length === 0) return `no model changes rank (${rated} rated)`;
  const one = (c: RankChange) =>
    c.from === null
      ? `${c.model} enters at #${c.to}`
      : c.to === null
        ? `${c.model} (#${c.from}) is left without a rating`
        : `${c.model} ${c.to < c.from ? 'rises' : 'falls'} from #${c.from} to #${c.to}`;
  const named = changes.slice(0, shown).map(one).join('; ');
  const more = changes.length > shown ? `; and ${changes.length - shown} more` : '';
  return `${changes.length} of ${rated} models change rank: ${named}${more}`;
}

/** The counts without some voters' votes (each of their cells taken from the counts' cells of the same pair and outcome). */
export function withoutVoters(counts: PairCounts, cells: VoterCells, drop: ReadonlySet<number>): PairCounts {
  const m = counts.models.length;
  const key = (a: number, b: number, o: number) => (a * m + b) * 4 + o;
  const removed = new Map<number, number>();
  for (let c = 0; c < cells.n.length; c++) {
    if (!drop.has(cells.voter[c])) continue;
    const k = key(cells.a[c], cells.b[c], cells.outcome[c]);
    removed.set(k, (removed.get(k) ?? 0) + cells.n[c]);
  }
  const n = counts.n.slice();
  for (let c = 0; c < n.length && removed.size > 0; c++) {
    const k = key(counts.a[c], counts.b[c], counts.outcome[c]);
    const left = removed.get(k);
    if (left === undefined) continue;
    const take = Math.min(n[c], left);
    n[c] -= take;
    if (left - take > 0) removed.set(k, left - take);
    else removed.delete(k);
  }
  return { ...counts, n };
}

export function runVoterAudit(counts: PairCounts, input: VoterInput, options: VoterTestOptions = {}): VoterAudit {
  const { voters, votes } = input;
  const sum = votes.reduce((s, v) => s + v, 0);
  const ascending = [...votes].sort((x, y) => x - y);
  const at = (q: number) => ascending[Math.min(ascending.length - 1, Math.floor(q * ascending.length))] ?? 0;
  const full = board(counts);
  const rated = full.rank.filter((r) => r !== null).length;
  const cut = board(input.capped);
  const cappedChanges = rankChanges(counts.models, full.rank, cut.rank);

  let test: VoterAudit['test'] = null;
  let without: { rank: (number | null)[]; ratings: (number | null)[]; change: BoardChange } | null = null;
  if (!input.testMissing) {
    // A vote's chance of going to the lower-rated model given it is decisive: Bradley-Terry on the
    // decisive votes (ties as half a win would pull every prediction towards a coin toss).
    const decisive = fitBradleyTerry({ ...counts, n: counts.n.map((x, c) => (counts.outcome[c] < 2 ? x : 0)) });
    const t = voterOutlierTest(voters.length, input.cells, decisive.ratings, decisive.group, options);
    const flagged = new Set(t.rows.filter((r) => r.flagged).map((r) => r.voter));
    const flaggedVotes = [...flagged].reduce((s, v) => s + votes[v], 0);
    test = {
      alpha: t.alpha,
      minVotes: t.minVotes,
      tested: t.tested,
      rows: t.rows.map((r) => ({ ...r, voter: voters[r.voter], votes: votes[r.voter] })),
      flagged: flagged.size,
      flaggedVotes,
    };
    const rest = flagged.size ? withoutVoters(counts, input.cells, flagged) : counts;
    const after = flagged.size ? board(rest) : full;
    const changes = rankChanges(counts.models, full.rank, after.rank);
    without = {
      rank: after.rank,
      ratings: after.fit.ratings,
      change: { votes: total(rest.n), changes, said: sayRankChanges(changes, rated) },
    };
  }
  const order = counts.models.map((_, k) => k).sort((x, y) => (full.rank[x] ?? Infinity) - (full.rank[y] ?? Infinity));
  return {
    column: input.column,
    voters: voters.length,
    votes: sum,
    medianVotes: at(0.5),
    p90Votes: at(0.9),
    maxVotes: ascending[ascending.length - 1] ?? 0,
    topTenShare: sum > 0 ? votes.slice(0, 10).reduce((s, v) => s + v, 0) / sum : 0,
    top: voters.slice(0, 10).map((voter, k) => ({ voter, votes: votes[k] })),
    bins: voterBins(votes),
    cap: input.cap,
    seed: input.seed,
    capped: { votes: total(input.capped.n), changes: cappedChanges, said: sayRankChanges(cappedChanges, rated) },
    test,
    testMissing: input.testMissing ?? null,
    without: without?.change ?? null,
    models: order.map((k) => ({
      model: counts.models[k],
      rank: full.rank[k],
      rating: full.fit.ratings[k],
      cappedRank: cut.rank[k],
      cappedRating: cut.fit.ratings[k],
      withoutRank: without ? without.rank[k] : null,
      withoutRating: without ? without.ratings[k] : null,
    })),
  };
}
