/**
 * Online Elo (Elo 1978, The Rating of Chessplayers): for each vote in order,
 *   E_a = 1 / (1 + base^((R_b − R_a) / scale)),  R_a += K·(S_a − E_a),  R_b −= K·(S_a − E_a),
 * with S_a = 1, 0 or ½ (tie and both_bad). The result DEPENDS ON THE ORDER of the votes (recent
 * votes weigh more), unlike Bradley-Terry; feed votes in timestamp order. Defaults follow
 * FastChat's compute_online_elo: K = 4, base 10, scale 400, initial rating 1000.
 */
export interface OnlineEloOptions {
  k?: number;
  base?: number;
  scale?: number;
  initial?: number;
}

export function onlineElo(
  modelCount: number,
  a: Int32Array,
  b: Int32Array,
  outcome: Uint8Array,
  options: OnlineEloOptions = {},
): Float64Array {
  const { k = 4, base = 10, scale = 400, initial = 1000 } = options;
  if (!Number.isInteger(modelCount) || modelCount < 0)
    throw new RangeError(`onlineElo: modelCount must be a non-negative integer, got ${modelCount}`);
  if (b.length !== a.length || outcome.length !== a.length)
    throw new RangeError(`onlineElo: column lengths differ (a ${a.length}, b ${b.length}, outcome ${outcome.length})`);
  if (!(base > 1) || !(scale > 0) || !Number.isFinite(k)) throw new RangeError('onlineElo: need base > 1, scale > 0 and a finite k');
  const ratings = new Float64Array(modelCount).fill(initial);
  const logBase = Math.log(base);
  for (let v = 0; v < a.length; v++) {
    const x = a[v],
      y = b[v],
      o = outcome[v];
    if (x < 0 || x >= modelCount || y < 0 || y >= modelCount)
      throw new RangeError(`onlineElo: model index out of range in vote ${v} (${x}, ${y})`);
    if (o > 3) throw new RangeError(`onlineElo: unknown outcome code ${o} in vote ${v}`);
    const expected = 1 / (1 + Math.exp(((ratings[y] - ratings[x]) / scale) * logBase));
    const score = o === 0 ? 1 : o === 1 ? 0 : 0.5;
    const delta = k * (score - expected);
    ratings[x] += delta;
    ratings[y] -= delta;
  }
  return ratings;
}
