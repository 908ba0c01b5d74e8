/**
 * A slice cut by outcomes alone ("exclude ties", "exclude both bad") is the whole file's pair counts
 * without those cells: each cell keeps its votes, so no query is needed, and the cells stay in the
 * order pairCountsSql gives (a, b, outcome), as the query on battles would return them.
 */
import { OUTCOME_CODE, OUTCOMES, type Outcome } from '../outcome.ts';
import type { Filter } from '../sql/filters.ts';
import type { PairCounts } from './pair-counts.ts';

/** The outcomes the filters exclude when every filter is an outcome filter; null when any other filter is in force. */
export function outcomesOnly(filters: readonly Filter[]): Set<number> | null {
  const codes = new Set<number>();
  for (const f of filters) {
    if (f.kind !== 'exclude-outcomes') return null;
    for (const o of f.outcomes) {
      // An unknown label is for filtersSql to refuse with its message: not counted here.
      if (!(OUTCOMES as readonly string[]).includes(o)) return null;
      codes.add(OUTCOME_CODE[o as Outcome]);
    }
  }
  return codes;
}

/** `counts` without the cells whose outcome code is in `excluded`. */
export function withoutOutcomes(counts: PairCounts, excluded: ReadonlySet<number>): PairCounts {
  const keep: number[] = [];
  for (let k = 0; k < counts.a.length; k++) if (!excluded.has(counts.outcome[k])) keep.push(k);
  const pick = <T extends Int32Array | Uint8Array | Float64Array>(from: T, to: T): T => {
    keep.forEach((k, i) => (to[i] = from[k]));
    return to;
  };
  const out: PairCounts = {
    models: counts.models,
    a: pick(counts.a, new Int32Array(keep.length)),
    b: pick(counts.b, new Int32Array(keep.length)),
    outcome: pick(counts.outcome, new Uint8Array(keep.length)),
    n: pick(counts.n, new Float64Array(keep.length)),
  };
  if (counts.voteWeight) out.voteWeight = pick(counts.voteWeight, new Float64Array(keep.length));
  return out;
}
