import type { PairCounts } from './pair-counts.ts';

export interface MinVotesResult {
  /** The counts without the dropped models; models keep their order, indices are renumbered. */
  counts: PairCounts;
  /** Names of the models left out, in their original order. */
  droppedModels: string[];
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
  if (minVotes <= 0) return { counts, droppedModels: [], droppedVotes: 0 };

  const m = counts.models.length;
  const votes = new Float64Array(m);
  for (let k = 0; k < counts.n.length; k++) {
    votes[counts.a[k]] += counts.n[k];
    votes[counts.b[k]] += counts.n[k];
  }
  const newIndex = new Int32Array(m).fill(-1);
  const models: string[] = [];
  const droppedModels: string[] = [];
  for (let i = 0; i < m; i++) {
    if (votes[i] >= minVotes) {
      newIndex[i] = models.length;
      models.push(counts.models[i]);
    } else droppedModels.push(counts.models[i]);
  }
  if (droppedModels.length === 0) return { counts, droppedModels, droppedVotes: 0 };

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
  return { counts: out, droppedModels, droppedVotes };
}
