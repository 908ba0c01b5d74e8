/**
 * Pairwise confidence from bootstrap draws: for models i and j, the share of rounds in which i is
 * rated above j, P̂(i > j) = (#{r: x_ri > x_rj} + ½·#{r: x_ri = x_rj}) / R. Unlike two overlapping
 * 95% intervals, it answers "how sure is the order of these two" directly, and
 * P̂(i > j) + P̂(j > i) = 1. (Used this way by comparIA and by Chatbot Arena's "win-rate" plots.)
 * `draws` holds R rounds of m ratings back to back (round-major); the result is m×m row-major,
 * NaN on the diagonal.
 */
export function pairwiseAboveShare(draws: ArrayLike<number>, rounds: number, m: number): Float64Array {
  if (!Number.isInteger(rounds) || rounds < 1) throw new RangeError(`pairwiseAboveShare: need at least one round, got ${rounds}`);
  if (draws.length < rounds * m) throw new RangeError(`pairwiseAboveShare: ${draws.length} draws, need ${rounds * m}`);
  // Half-votes above the diagonal only (2 when i is above, 1 for a tie), without branches (the
  // comparisons are coin flips to the branch predictor): below the diagonal is 2R minus it. The
  // shares are halves / 2R, the same doubles as count / R.
  const halves = new Int32Array(m * m);
  for (let r = 0; r < rounds; r++) {
    const o = r * m;
    for (let i = 0; i < m; i++) {
      const xi = draws[o + i],
        row = i * m;
      for (let j = i + 1; j < m; j++) {
        const xj = draws[o + j];
        halves[row + j] += 2 * +(xi > xj) + +(xi === xj);
      }
    }
  }
  const above = new Float64Array(m * m);
  for (let i = 0; i < m; i++)
    for (let j = i + 1; j < m; j++) {
      above[i * m + j] = halves[i * m + j] / (2 * rounds);
      above[j * m + i] = (2 * rounds - halves[i * m + j]) / (2 * rounds);
    }
  for (let i = 0; i < m; i++) above[i * m + i] = NaN;
  return above;
}
