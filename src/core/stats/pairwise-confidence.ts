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
  // Each model's lowest and highest draw: a pair whose ranges do not overlap is ordered the same way
  // in every round (share exactly 1 or 0), so only overlapping pairs are compared round by round:
  // a few in ten on a board of 129 models, where comparing every pair took ~35 ms at a board's end.
  // A model with a NaN draw has range [NaN, NaN]: every comparison with it fails, so it is compared.
  const low = new Float64Array(m).fill(Infinity),
    high = new Float64Array(m).fill(-Infinity);
  for (let r = 0; r < rounds; r++)
    for (let i = 0, o = r * m; i < m; i++) {
      const x = draws[o + i];
      if (x !== x) low[i] = high[i] = NaN;
      if (x < low[i]) low[i] = x;
      if (x > high[i]) high[i] = x;
    }
  // Half-votes above the diagonal only (2 when i is above, 1 for a tie), without branches (the
  // comparisons are coin flips to the branch predictor): below the diagonal is 2R minus it. The
  // shares are halves / 2R, the same doubles as count / R.
  const halves = new Int32Array(m * m);
  const first: number[] = [],
    second: number[] = [];
  for (let i = 0; i < m; i++)
    for (let j = i + 1; j < m; j++) {
      if (low[i] > high[j]) halves[i * m + j] = 2 * rounds;
      else if (!(high[i] < low[j])) {
        first.push(i);
        second.push(j);
      }
    }
  const pi = Int32Array.from(first),
    pj = Int32Array.from(second);
  for (let r = 0; r < rounds; r++) {
    const o = r * m;
    for (let p = 0; p < pi.length; p++) {
      const i = pi[p],
        j = pj[p];
      const xi = draws[o + i],
        xj = draws[o + j];
      halves[i * m + j] += 2 * +(xi > xj) + +(xi === xj);
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
