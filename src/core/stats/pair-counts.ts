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
}
