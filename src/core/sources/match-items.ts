/**
 * Matches the votes of two sources into items by a key (match-key.ts). One item is one key with
 * one pair of models; a source may judge it several times (a crowd), once (a judge), or in either
 * seat order: every vote is turned to the item's orientation — the first source's first vote's
 * (model_a, model_b) — so a (B, A) vote that B won counts as a win of the item's B.
 *
 * A side's verdict on an item is its plurality verdict (weighted votes): A, B or tie, both-bad
 * counting as a tie; when two verdicts share the most votes the side's verdict is a tie.
 */
import { OUTCOME_CODE } from '../outcome.ts';

export interface SourceVote {
  /** The key column's value as text; null when the row has none. */
  key: string | null;
  a: string;
  b: string;
  /** OUTCOME_CODE: 0 a, 1 b, 2 tie, 3 both bad. */
  outcome: number;
  weight: number;
  /** The row in its source's battles (row_id), to show the rows of an item. */
  rowId: number;
}

export const VERDICTS = ['a', 'b', 'tie'] as const;
export type Verdict = (typeof VERDICTS)[number];

export interface SideTally {
  /** Weighted votes for the item's A, its B, and ties (both-bad included). */
  a: number;
  b: number;
  tie: number;
  verdict: Verdict;
  rowIds: number[];
}

export interface MatchedItem {
  /** The key column's value. */
  key: string;
  modelA: string;
  modelB: string;
  first: SideTally;
  second: SideTally;
}

export interface SideCounts {
  /** Votes read, and those without a key value (left out). */
  votes: number;
  noKey: number;
  /** Distinct items (key, or key and pair). */
  items: number;
  /** Items of this side with no counterpart on the other. */
  unmatched: number;
  /** Keys that hold more than one model pair on this side (an id that is not an item's): left out. */
  ambiguous: number;
}

export interface SourceMatch {
  items: MatchedItem[];
  first: SideCounts;
  second: SideCounts;
  /**
   * Keys found on both sides whose model pairs differ (without the pair in the key): left out.
   * Each side's items = matched + unmatched + ambiguous + pairDiffers.
   */
  pairDiffers: number;
}

interface Group {
  key: string;
  a: string;
  b: string;
  votes: SourceVote[];
  /** More than one model pair under this key. */
  mixed: boolean;
}

const pairOf = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

function groupVotes(votes: readonly SourceVote[], withPair: boolean): { groups: Map<string, Group>; noKey: number } {
  const groups = new Map<string, Group>();
  let noKey = 0;
  for (const v of votes) {
    if (v.key === null) {
      noKey++;
      continue;
    }
    const id = withPair ? `${pairOf(v.a, v.b)}\u0000${v.key}` : v.key;
    const g = groups.get(id);
    if (!g) groups.set(id, { key: v.key, a: v.a, b: v.b, votes: [v], mixed: false });
    else {
      if (pairOf(g.a, g.b) !== pairOf(v.a, v.b)) g.mixed = true;
      g.votes.push(v);
    }
  }
  return { groups, noKey };
}

/** The side's tally in the item's orientation: `a` is the item's A model. */
function tally(votes: readonly SourceVote[], a: string): SideTally {
  let wa = 0,
    wb = 0,
    tie = 0;
  const rowIds: number[] = [];
  for (const v of votes) {
    const swapped = v.a !== a;
    rowIds.push(v.rowId);
    // A win of the seat-A model is a win of the item's B when the vote sits the other way round.
    if (v.outcome === OUTCOME_CODE.a || v.outcome === OUTCOME_CODE.b) {
      if ((v.outcome === OUTCOME_CODE.a) !== swapped) wa += v.weight;
      else wb += v.weight;
    } else tie += v.weight;
  }
  return { a: wa, b: wb, tie, verdict: plurality(wa, wb, tie), rowIds };
}

/** The verdict with the most votes; a tie when two share the most. */
export function plurality(a: number, b: number, tie: number): Verdict {
  if (a > b && a > tie) return 'a';
  if (b > a && b > tie) return 'b';
  return 'tie';
}

export function matchItems(first: readonly SourceVote[], second: readonly SourceVote[], withPair: boolean): SourceMatch {
  const one = groupVotes(first, withPair);
  const two = groupVotes(second, withPair);
  const items: MatchedItem[] = [];
  let pairDiffers = 0,
    unmatchedFirst = 0,
    ambiguousFirst = 0;
  const matchedSecond = new Set<string>();
  for (const [id, g] of one.groups) {
    if (g.mixed) {
      ambiguousFirst++;
      continue;
    }
    const h = two.groups.get(id);
    if (!h) {
      unmatchedFirst++;
      continue;
    }
    // A counterpart holding several pairs is left out there (ambiguous), so this item has none.
    if (h.mixed) {
      unmatchedFirst++;
      continue;
    }
    matchedSecond.add(id);
    if (pairOf(g.a, g.b) !== pairOf(h.a, h.b)) {
      pairDiffers++;
      continue;
    }
    items.push({ key: g.key, modelA: g.a, modelB: g.b, first: tally(g.votes, g.a), second: tally(h.votes, g.a) });
  }
  let unmatchedSecond = 0,
    ambiguousSecond = 0;
  for (const [id, h] of two.groups) {
    if (h.mixed) ambiguousSecond++;
    else if (!matchedSecond.has(id)) unmatchedSecond++;
  }
  const side = (votes: number, noKey: number, items: number, unmatched: number, ambiguous: number): SideCounts => ({
    votes,
    noKey,
    items,
    unmatched,
    ambiguous,
  });
  return {
    items,
    first: side(first.length, one.noKey, one.groups.size, unmatchedFirst, ambiguousFirst),
    second: side(second.length, two.noKey, two.groups.size, unmatchedSecond, ambiguousSecond),
    pairDiffers,
  };
}
