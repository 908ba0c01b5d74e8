/** Reads a sample's pre-aggregated counts ({ models, cells: [[a, b, outcome, n], …] }) into PairCounts. */
import type { PairCounts } from '../core/stats/pair-counts.ts';

export async function loadCountsJson(url: string): Promise<PairCounts> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not read ${url} (HTTP ${response.status})`);
  const { models, cells } = (await response.json()) as { models: string[]; cells: [number, number, number, number][] };
  const k = cells.length;
  const counts: PairCounts = { models, a: new Int32Array(k), b: new Int32Array(k), outcome: new Uint8Array(k), n: new Float64Array(k) };
  cells.forEach(([a, b, o, n], i) => {
    counts.a[i] = a;
    counts.b[i] = b;
    counts.outcome[i] = o;
    counts.n[i] = n;
  });
  return counts;
}
