import type { PairTable } from './pair-table.ts';

/**
 * Why a model has no finite maximum-likelihood rating. Zermelo (1929) / Ford (1957): the MLE
 * exists iff the directed "won at least half a vote against" graph of a group is strongly connected.
 * - never-lost: it (or its block) never lost, even half a vote, to the rest of its group (rating +∞);
 * - never-won: it (or its block) never won against the rest of its group (rating −∞);
 * - isolated: every opponent it had was excluded, so nothing is left to compare it with;
 * - no-votes: it has no votes against another model.
 */
export type ExclusionReason = 'never-lost' | 'never-won' | 'isolated' | 'no-votes';

export interface ComparisonPartition {
  /** Rated groups, largest first; each lists global model indices in increasing order. */
  groups: number[][];
  /** Group id per model. Excluded models: the group they have most votes against, or null. */
  group: (number | null)[];
  excluded: (ExclusionReason | null)[];
}

/**
 * Splits models into groups whose ratings are finite and comparable. Repeats until stable:
 * weakly connected components of the active models, then within each component the strongly
 * connected blocks of the win graph (a tie is an edge both ways). Single models that never lost
 * (a source block) or never won (a sink block) are excluded first; only when every source and
 * sink block has several models are those blocks excluded, keeping the largest block (then the
 * one with most votes). Each removal may expose new ones, hence the repetition.
 */
export function partitionComparisonGraph(table: PairTable): ComparisonPartition {
  const m = table.modelCount;
  const excluded: (ExclusionReason | null)[] = new Array(m).fill(null);
  const votes = new Float64Array(m);
  for (let p = 0; p < table.i.length; p++) {
    const t = table.winsI[p] + table.winsJ[p] + table.ties[p];
    votes[table.i[p]] += t;
    votes[table.j[p]] += t;
  }
  for (let k = 0; k < m; k++) if (!(votes[k] > 0)) excluded[k] = 'no-votes';

  let components: number[][] = [];
  for (let changed = true; changed;) {
    changed = false;
    components = weakComponents(table, excluded);
    for (const members of components) {
      if (members.length === 1) {
        excluded[members[0]] = 'isolated';
        changed = true;
        continue;
      }
      const { label, count, hasIn, hasOut } = winGraphBlocks(table, members);
      if (count === 1) continue;
      const size = new Int32Array(count),
        blockVotes = new Float64Array(count);
      for (const k of members) {
        size[label[k]]++;
        blockVotes[label[k]] += votes[k];
      }
      const extreme = (s: number) => !hasIn[s] || !hasOut[s];
      const singles = members.some((k) => size[label[k]] === 1 && extreme(label[k]));
      let keep = 0;
      for (let s = 1; s < count; s++) if (size[s] > size[keep] || (size[s] === size[keep] && blockVotes[s] > blockVotes[keep])) keep = s;
      for (const k of members) {
        const s = label[k];
        if (!extreme(s) || (singles ? size[s] !== 1 : s === keep)) continue;
        excluded[k] = hasIn[s] ? 'never-won' : 'never-lost';
        changed = true;
      }
    }
  }
  const groups = components.filter((c) => c.length > 1).sort((x, y) => y.length - x.length || x[0] - y[0]);
  const group: (number | null)[] = new Array(m).fill(null);
  groups.forEach((members, id) => {
    for (const k of members) group[k] = id;
  });
  const against = new Map<number, Float64Array>();
  for (let p = 0; p < table.i.length; p++) {
    const t = table.winsI[p] + table.winsJ[p] + table.ties[p];
    for (const [self, other] of [
      [table.i[p], table.j[p]],
      [table.j[p], table.i[p]],
    ]) {
      const g = group[other];
      if (excluded[self] === null || g === null || excluded[other] !== null) continue;
      let row = against.get(self);
      if (!row) against.set(self, (row = new Float64Array(groups.length)));
      row[g] += t;
    }
  }
  for (const [k, row] of against) {
    let best = 0;
    for (let g = 1; g < row.length; g++) if (row[g] > row[best]) best = g;
    group[k] = best;
  }
  return { groups, group, excluded };
}

/** Weakly connected components among non-excluded models (union-find), members sorted. */
function weakComponents(table: PairTable, excluded: (ExclusionReason | null)[]): number[][] {
  const m = table.modelCount;
  const parent = Int32Array.from({ length: m }, (_, k) => k);
  const find = (k: number): number => {
    while (parent[k] !== k) k = parent[k] = parent[parent[k]];
    return k;
  };
  for (let p = 0; p < table.i.length; p++) {
    const x = table.i[p],
      y = table.j[p];
    if (excluded[x] !== null || excluded[y] !== null) continue;
    if (table.winsI[p] + table.winsJ[p] + table.ties[p] > 0) parent[find(x)] = find(y);
  }
  const byRoot = new Map<number, number[]>();
  for (let k = 0; k < m; k++) {
    if (excluded[k] !== null) continue;
    const r = find(k);
    const list = byRoot.get(r);
    if (list) list.push(k);
    else byRoot.set(r, [k]);
  }
  return [...byRoot.values()];
}

/**
 * Strongly connected components of the win graph restricted to `members` (edge winner → loser;
 * ties both ways), by Tarjan's algorithm (1972), iterative. Also reports which blocks have an
 * edge coming in from (hasIn) or going out to (hasOut) another block.
 */
export function winGraphBlocks(table: PairTable, members: number[]) {
  const m = table.modelCount;
  const inside = new Uint8Array(m);
  for (const k of members) inside[k] = 1;
  const from: number[] = [],
    to: number[] = [];
  for (let p = 0; p < table.i.length; p++) {
    const x = table.i[p],
      y = table.j[p];
    if (!inside[x] || !inside[y]) continue;
    if (table.winsI[p] + table.ties[p] > 0) {
      from.push(x);
      to.push(y);
    }
    if (table.winsJ[p] + table.ties[p] > 0) {
      from.push(y);
      to.push(x);
    }
  }
  const start = new Int32Array(m + 1);
  for (const f of from) start[f + 1]++;
  for (let k = 0; k < m; k++) start[k + 1] += start[k];
  const adj = new Int32Array(from.length),
    fill = start.slice(0, m);
  for (let e = 0; e < from.length; e++) adj[fill[from[e]]++] = to[e];

  const label = new Int32Array(m).fill(-1),
    index = new Int32Array(m).fill(-1),
    low = new Int32Array(m);
  const onStack = new Uint8Array(m),
    edgePos = new Int32Array(m);
  const stack: number[] = [],
    call: number[] = [];
  let counter = 0,
    count = 0;
  for (const root of members) {
    if (index[root] >= 0) continue;
    call.push(root);
    while (call.length) {
      const v = call[call.length - 1];
      if (index[v] < 0) {
        index[v] = low[v] = counter++;
        edgePos[v] = start[v];
        stack.push(v);
        onStack[v] = 1;
      }
      if (edgePos[v] < start[v + 1]) {
        const w = adj[edgePos[v]++];
        if (index[w] < 0) call.push(w);
        else if (onStack[w]) low[v] = Math.min(low[v], index[w]);
        continue;
      }
      call.pop();
      if (call.length) {
        const u = call[call.length - 1];
        low[u] = Math.min(low[u], low[v]);
      }
      if (low[v] === index[v]) {
        for (let w = -1; w !== v;) {
          w = stack.pop()!;
          onStack[w] = 0;
          label[w] = count;
        }
        count++;
      }
    }
  }
  const hasIn = new Uint8Array(count),
    hasOut = new Uint8Array(count);
  for (let e = 0; e < from.length; e++) {
    const s = label[from[e]],
      t = label[to[e]];
    if (s !== t) {
      hasOut[s] = 1;
      hasIn[t] = 1;
    }
  }
  return { label, count, hasIn, hasOut };
}

/**
 * Fast repeated test "is the win graph of these pairs strongly connected over all models?"
 * for resamples of one table: search from model 0 along edges and along reversed edges
 * (strongly connected ⇔ both reach every model). The adjacency is built once.
 */
export class StrongConnectivityCheck {
  private readonly start: Int32Array;
  private readonly other: Int32Array;
  private readonly pair: Int32Array;
  /** 1 when the model at this slot is table.i of the pair. */
  private readonly isI: Uint8Array;
  private readonly seen: Uint8Array;
  private readonly queue: Int32Array;

  constructor(
    private readonly m: number,
    i: Int32Array,
    j: Int32Array,
  ) {
    const start = new Int32Array(m + 1);
    for (let p = 0; p < i.length; p++) {
      start[i[p] + 1]++;
      start[j[p] + 1]++;
    }
    for (let k = 0; k < m; k++) start[k + 1] += start[k];
    const fill = start.slice(0, m),
      slots = 2 * i.length;
    this.other = new Int32Array(slots);
    this.pair = new Int32Array(slots);
    this.isI = new Uint8Array(slots);
    for (let p = 0; p < i.length; p++) {
      let s = fill[i[p]]++;
      this.other[s] = j[p];
      this.pair[s] = p;
      this.isI[s] = 1;
      s = fill[j[p]]++;
      this.other[s] = i[p];
      this.pair[s] = p;
    }
    this.start = start;
    this.seen = new Uint8Array(m);
    this.queue = new Int32Array(m);
  }

  isStronglyConnected(winsI: Float64Array, winsJ: Float64Array, ties: Float64Array): boolean {
    return this.reachesAll(winsI, winsJ, ties, true) && this.reachesAll(winsI, winsJ, ties, false);
  }

  /** forward: follow "current beat other"; backward: follow "other beat current". */
  private reachesAll(winsI: Float64Array, winsJ: Float64Array, ties: Float64Array, forward: boolean): boolean {
    const { start, other, pair, isI, seen, queue, m } = this;
    if (m === 0) return true;
    seen.fill(0);
    seen[0] = 1;
    queue[0] = 0;
    let head = 0,
      tail = 1;
    while (head < tail) {
      const v = queue[head++];
      for (let s = start[v]; s < start[v + 1]; s++) {
        const w = other[s];
        if (seen[w]) continue;
        const p = pair[s];
        const vIsWinnerSide = (isI[s] === 1) === forward;
        if ((vIsWinnerSide ? winsI[p] : winsJ[p]) + ties[p] > 0) {
          seen[w] = 1;
          queue[tail++] = w;
        }
      }
    }
    return tail === m;
  }
}
