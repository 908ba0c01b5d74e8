/**
 * Aggregated votes: one cell per (model_a, model_b, outcome) with its vote count (or summed weight).
 * This is the only input statistics ever see: SQL produces it, so cost grows with cells, not votes.
 * Model indices point into `models`; outcome codes follow OUTCOME_CODE (0 a, 1 b, 2 tie, 3 both_bad).
 */
export interface PairCounts {
  models: string[];
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  n: Float64Array;
  /**
   * When n holds weighted counts (pair-reweight.ts): the weight of one vote of the cell, so the
   * sandwich can weigh each vote's score by w² (its n already carries one w). Absent: every vote weighs 1.
   */
  voteWeight?: Float64Array;
}

/**
 * A cheap identity of the counts' contents (the model list, the cell count and an FNV-1a hash of
 * every cell, the vote counts by their exact bits), so the same counts arriving as a new object
 * are known for a repeat: the page skips such a request, the rating worker keeps its fit.
 */
export function countsFingerprint(counts: PairCounts): string {
  let known = fingerprints.get(counts);
  if (known === undefined) fingerprints.set(counts, (known = fingerprintOf(counts)));
  return known;
}

/**
 * Counts are never changed once made (a slice, a filter or a reweighting makes new arrays), so each
 * object's fingerprint is worked out once: a filter toggled back off hands the same counts again,
 * and hashing 90,000 cells anew took a click 10-15 ms of the page's thread.
 */
const fingerprints = new WeakMap<PairCounts, string>();

function fingerprintOf(counts: PairCounts): string {
  const { a, b, outcome, n } = counts;
  // The count's two 32-bit halves (a weight may have a fraction); the copy keeps n's buffer untouched.
  const bits = new Uint32Array(Float64Array.from(n).buffer);
  let h = 2166136261;
  for (let k = 0; k < a.length; k++) {
    h = Math.imul(h ^ a[k], 16777619);
    h = Math.imul(h ^ b[k], 16777619);
    h = Math.imul(h ^ outcome[k], 16777619);
    h = Math.imul(h ^ bits[2 * k], 16777619);
    h = Math.imul(h ^ bits[2 * k + 1], 16777619);
  }
  return `${counts.models.join('\u0000')}|${a.length}|${h >>> 0}`;
}

/**
 * Counts summed under the key (a · m + b) · outcomes + outcome (m models, `outcomes` codes per pair),
 * as PairCounts, one cell per key in key order.
 */
export function pairCountsFromKeys(models: string[], sums: ReadonlyMap<number, number>, outcomes: number): PairCounts {
  const m = models.length;
  const keys = [...sums.keys()].sort((x, y) => x - y);
  const counts: PairCounts = {
    models,
    a: new Int32Array(keys.length),
    b: new Int32Array(keys.length),
    outcome: new Uint8Array(keys.length),
    n: new Float64Array(keys.length),
  };
  keys.forEach((key, k) => {
    counts.outcome[k] = key % outcomes;
    const pair = Math.floor(key / outcomes);
    counts.a[k] = Math.floor(pair / m);
    counts.b[k] = pair % m;
    counts.n[k] = sums.get(key)!;
  });
  return counts;
}

/** The votes in the counts and the models that have any, worked out once per counts object (see fingerprints). */
export function countsTotals(counts: PairCounts): { votes: number; models: number } {
  let known = totals.get(counts);
  if (known === undefined) {
    let votes = 0;
    for (let k = 0; k < counts.n.length; k++) votes += counts.n[k];
    // Flags, not a Set of every cell's two models: a click's slice has some 90,000 cells.
    const seen = new Uint8Array(counts.models.length);
    for (let k = 0; k < counts.a.length; k++) seen[counts.a[k]] = seen[counts.b[k]] = 1;
    let models = 0;
    for (const s of seen) models += s;
    totals.set(counts, (known = { votes, models }));
  }
  return known;
}

const totals = new WeakMap<PairCounts, { votes: number; models: number }>();
