import type { PairCounts } from './pair-counts.ts';

/**
 * The minimum of votes a model needs in a filtered slice (a category board) to be rated and
 * ranked, unless the user sets another. LMArena's category boards hide models with 300 battles or
 * fewer in the category; files here are often far smaller than LMArena's, so the default is lower:
 * with 50 votes a model's 95% interval is about ±100 Elo against average opponents (SE ≈ 347/√n),
 * wide but a rating, while a model with 11 votes (±200) could top a board on luck. The whole file's
 * board has no minimum by default: it is what the file's publisher rates, and every model there is
 * shown (thin ones are flagged).
 */
export const DEFAULT_SLICE_MIN_VOTES = 50;

/** The minimum in force: the user's (null: not set), else the default for a filtered slice, else none. */
export function minVotesInForce(chosen: number | null, sliced: boolean): number {
  return chosen ?? (sliced ? DEFAULT_SLICE_MIN_VOTES : 0);
}

/** A model left out by the minimum, with its record in the slice (ties include both-bad). */
export interface DroppedModel {
  model: string;
  votes: number;
  wins: number;
  losses: number;
  ties: number;
}

export interface MinVotesResult {
  /** The counts without the dropped models; models keep their order, indices are renumbered. */
  counts: PairCounts;
  /** Names of the models left out, in their original order. */
  droppedModels: string[];
  /** The same models with their records, most votes first (a model with no vote in the slice is kept, flagged no-votes). */
  dropped: DroppedModel[];
  /** Votes (summed n) of the cells removed: every vote that involved a dropped model, counted once. */
  droppedVotes: number;
}

/**
 * Leaves out models with fewer than `minVotes` votes, and every cell that involves one of them.
 *
 * A model's votes are the summed n of the cells it plays in, on either side, ties and both-bad
 * included, read once on the counts as given. It is one pass: removing a model also removes
 * votes from its opponents, which may leave one of them under the threshold afterwards; such a
 * model is kept, so that what is dropped is exactly what the threshold names and the result does
 * not depend on iteration order. minVotes ≤ 0 returns the counts unchanged.
 */
export function dropModelsBelow(counts: PairCounts, minVotes: number): MinVotesResult {
  if (!Number.isFinite(minVotes)) throw new Error(`dropModelsBelow: minVotes ${minVotes} is not a finite number`);
  if (minVotes <= 0) return { counts, droppedModels: [], dropped: [], droppedVotes: 0 };

  const m = counts.models.length;
  const votes = new Float64Array(m),
    wins = new Float64Array(m),
    losses = new Float64Array(m);
  for (let k = 0; k < counts.n.length; k++) {
    const a = counts.a[k],
      b = counts.b[k],
      n = counts.n[k];
    votes[a] += n;
    votes[b] += n;
    // Outcome codes (pair-counts.ts): 0 = a won, 1 = b won, 2 = tie, 3 = both bad.
    if (counts.outcome[k] === 0) {
      wins[a] += n;
      losses[b] += n;
    } else if (counts.outcome[k] === 1) {
      wins[b] += n;
      losses[a] += n;
    }
  }
  const newIndex = new Int32Array(m).fill(-1);
  const models: string[] = [];
  const droppedModels: string[] = [];
  for (let i = 0; i < m; i++) {
    // A model with no vote in the slice has no cell to leave out: it stays, flagged as the board flags it.
    if (votes[i] >= minVotes || votes[i] === 0) {
      newIndex[i] = models.length;
      models.push(counts.models[i]);
    } else droppedModels.push(counts.models[i]);
  }
  if (droppedModels.length === 0) return { counts, droppedModels, dropped: [], droppedVotes: 0 };
  const dropped = droppedModels
    .map((model) => {
      const i = counts.models.indexOf(model);
      return { model, votes: votes[i], wins: wins[i], losses: losses[i], ties: votes[i] - wins[i] - losses[i] };
    })
    .sort((x, y) => y.votes - x.votes || (x.model < y.model ? -1 : x.model > y.model ? 1 : 0));

  let kept = 0;
  for (let k = 0; k < counts.n.length; k++) if (newIndex[counts.a[k]] >= 0 && newIndex[counts.b[k]] >= 0) kept++;
  const out: PairCounts = {
    models,
    a: new Int32Array(kept),
    b: new Int32Array(kept),
    outcome: new Uint8Array(kept),
    n: new Float64Array(kept),
  };
  let droppedVotes = 0;
  let j = 0;
  for (let k = 0; k < counts.n.length; k++) {
    const a = newIndex[counts.a[k]];
    const b = newIndex[counts.b[k]];
    if (a < 0 || b < 0) {
      droppedVotes += counts.n[k];
      continue;
    }
    out.a[j] = a;
    out.b[j] = b;
    out.outcome[j] = counts.outcome[k];
    out.n[j] = counts.n[k];
    j++;
  }
  return { counts: out, droppedModels, dropped, droppedVotes };
}
