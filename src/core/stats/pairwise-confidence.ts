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
  const above = new Float64Array(m * m);
  for (let r = 0; r < rounds; r++) {
    const o = r * m;
    for (let i = 0; i < m; i++) {
      const xi = draws[o + i],
        row = i * m;
      for (let j = i + 1; j < m; j++) {
        const xj = draws[o + j];
        if (xi > xj) above[row + j] += 1;
        else if (xi === xj) {
          above[row + j] += 0.5;
          above[j * m + i] += 0.5;
        } else above[j * m + i] += 1;
      }
    }
  }
  for (let k = 0; k < m * m; k++) above[k] /= rounds;
  for (let i = 0; i < m; i++) above[i * m + i] = NaN;
  return above;
}
