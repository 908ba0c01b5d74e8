/**
 * Adjusted Rand index (Hubert & Arabie, 1985) between two labellings of the same items: 1 for the
 * same partition, about 0 for independent ones. The formula of scikit-learn's adjusted_rand_score.
 */
export function adjustedRand(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) throw new Error('adjustedRand: labellings of different lengths');
  const n = a.length;
  const table = new Map<string, number>();
  const rowSums = new Map<number, number>();
  const colSums = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const key = `${a[i]}\u0000${b[i]}`;
    table.set(key, (table.get(key) ?? 0) + 1);
    rowSums.set(a[i], (rowSums.get(a[i]) ?? 0) + 1);
    colSums.set(b[i], (colSums.get(b[i]) ?? 0) + 1);
  }
  const pairs = (x: number) => (x * (x - 1)) / 2;
  let index = 0;
  for (const v of table.values()) index += pairs(v);
  let rows = 0,
    cols = 0;
  for (const v of rowSums.values()) rows += pairs(v);
  for (const v of colSums.values()) cols += pairs(v);
  const expected = (rows * cols) / pairs(n);
  const max = (rows + cols) / 2;
  // Both labellings one cluster each (or each item its own): the partitions agree.
  if (max === expected) return 1;
  return (index - expected) / (max - expected);
}
