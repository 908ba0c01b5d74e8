/**
 * Predicted win probabilities from Elo-scale ratings (Bradley-Terry on the 400-point scale):
 *   P(i beats j) = 1 / (1 + 10^((R_j − R_i) / 400)).
 * Only rating differences matter, so a shift of all ratings changes nothing. Unrated models
 * (null) give null entries; the diagonal is null (a model never plays itself).
 */
export function predictedWinProbability(ratingI: number, ratingJ: number): number {
  return 1 / (1 + Math.pow(10, (ratingJ - ratingI) / 400));
}

export function predictedWinMatrix(ratings: ArrayLike<number | null>): (number | null)[][] {
  const n = ratings.length;
  const rows: (number | null)[][] = [];
  for (let i = 0; i < n; i++) {
    const row: (number | null)[] = new Array(n).fill(null);
    const ri = ratings[i];
    if (ri !== null && !Number.isFinite(ri)) throw new RangeError(`predictedWinMatrix: rating ${i} is ${ri}; use null for unrated models`);
    for (let j = 0; j < n; j++) {
      const rj = ratings[j];
      if (i !== j && ri !== null && rj !== null) row[j] = predictedWinProbability(ri, rj);
    }
    rows.push(row);
  }
  return rows;
}

/**
 * Average predicted win rate of each model against every other rated model (uniform opponents,
 * no ties), as on the LMArena notebook; null when unrated or when it has no rated opponent.
 * Pass only the models of one comparison group: across groups ratings are not comparable.
 */
export function averagePredictedWinRate(ratings: ArrayLike<number | null>): (number | null)[] {
  const matrix = predictedWinMatrix(ratings);
  return matrix.map((row) => {
    const values = row.filter((v): v is number => v !== null);
    return values.length ? values.reduce((s, v) => s + v, 0) / values.length : null;
  });
}
