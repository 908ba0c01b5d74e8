/**
 * The trust audit of one slice: worst-case fragility of the top of the board (fragility.ts), fit
 * diagnostics (fit-diagnostics.ts) and the seven rating methods side by side (method-compare.ts).
 * Fragility and diagnostics work on the largest comparison group (the board's first); the
 * methods on every model. Everything is named by model, so the result travels as JSON.
 */
import { partitionComparisonGraph } from './components.ts';
import { fitDiagnostics, type FitDiagnostics } from './fit-diagnostics.ts';
import { pairFragility, Refitter, type CellKind, type PairFragility } from './fragility.ts';
import { compareMethods, type MethodComparison, type OrderedVotes } from './method-compare.ts';
import type { PairCounts } from './pair-counts.ts';
import { collapsePairs, restrictPairs } from './pair-table.ts';

export interface AuditOptions {
  /** Adjacent pairs checked from the top: ranks 1–2, 2–3 … up to this rank (default 10). */
  top?: number;
  /** The first adjacent pair checked is this rank and the next (default 1: #1 vs #2), so a caller can stream them. */
  firstRank?: number;
  /** Extra pairs to check, by model name (either order). */
  pairs?: [string, string][];
  /** Most votes a flip search may remove (default 1% of the group's votes, at least 100). */
  budget?: number;
  randomTrials?: number;
  seed?: number;
  folds?: number;
  /** Votes in time order, for Elo among the methods; without them, `votesMissing` says why Elo is left out. */
  votes?: OrderedVotes | null;
  votesMissing?: string;
  /** Leave out parts (the lens asks for them one by one). */
  parts?: { fragility?: boolean; diagnostics?: boolean; methods?: boolean };
}

export type OutcomeLabel = 'first won' | 'second won' | 'tie';

export interface FlipVotes {
  /** The pair the votes are from (in the counts' model order) and their outcome. */
  first: string;
  second: string;
  outcome: OutcomeLabel;
  count: number;
  /** Votes of that pair and outcome in the slice. */
  available: number;
}

export interface FragilityRow {
  /** 'top' for #1 vs #2, 'adjacent' for the next ones, 'chosen' for a pair asked for. */
  kind: 'top' | 'adjacent' | 'chosen';
  above: string;
  below: string;
  /** Point-rating positions (1 = highest) in the group. */
  rankAbove: number;
  rankBelow: number;
  /** Rating gap, Elo points. */
  gap: number;
  votes: number;
  budget: number;
  /** Smallest confirmed set found; null when no flip was found within the budget. */
  flip: { size: number; share: number; gapAfter: number; votes: FlipVotes[] } | null;
  random: PairFragility['random'];
  refits: number;
}

export interface AuditReport {
  /** The group the fragility and diagnostics are about, best first by point rating. */
  group: string[];
  votes: number;
  fragility: FragilityRow[] | null;
  diagnostics: FitDiagnostics | null;
  methods: MethodComparison | null;
  /** Milliseconds per part, for the record (never asserted). */
  timings: { fragility: number; diagnostics: number; methods: number };
}

const OUTCOME: Record<CellKind, OutcomeLabel> = { winsI: 'first won', winsJ: 'second won', ties: 'tie' };

export function runAudit(counts: PairCounts, options: AuditOptions = {}): AuditReport {
  const { top = 10, firstRank = 1, pairs = [], budget, randomTrials = 100, seed = 0, folds = 5, votes = null } = options;
  const parts = { fragility: true, diagnostics: true, methods: true, ...options.parts };
  const table = collapsePairs(counts);
  const groups = partitionComparisonGraph(table).groups;
  if (groups.length === 0)
    throw new RangeError('runAudit: no group of models can be rated (each needs wins and losses among at least two models)');
  const members = groups[0];
  const sub = restrictPairs(table, members);
  const names = members.map((k) => counts.models[k]);
  const timings = { fragility: 0, diagnostics: 0, methods: 0 };

  let t = performance.now();
  const refitter = Refitter.of(sub);
  const order = [...names.keys()].sort((u, v) => refitter.x[v] - refitter.x[u]);
  const position = new Int32Array(names.length);
  order.forEach((l, r) => (position[l] = r + 1));
  let fragility: FragilityRow[] | null = null;
  if (parts.fragility) {
    const wanted: { kind: FragilityRow['kind']; a: number; b: number }[] = [];
    for (let r = firstRank - 1; r + 1 < Math.min(top, order.length); r++)
      wanted.push({ kind: r === 0 ? 'top' : 'adjacent', a: order[r], b: order[r + 1] });
    for (const [x, y] of pairs) {
      const a = names.indexOf(x),
        b = names.indexOf(y);
      if (a < 0 || b < 0) throw new RangeError(`runAudit: "${a < 0 ? x : y}" is not among the ${names.length} models of the rated group`);
      if (a === b) throw new RangeError(`runAudit: a pair needs two different models, got "${x}" twice`);
      wanted.push({ kind: 'chosen', a, b });
    }
    fragility = wanted.map(({ kind, a, b }) => {
      const [hi, lo] = refitter.x[a] >= refitter.x[b] ? [a, b] : [b, a];
      const f = pairFragility(refitter, hi, lo, { budget, randomTrials, seed });
      return {
        kind,
        above: names[hi],
        below: names[lo],
        rankAbove: position[hi],
        rankBelow: position[lo],
        gap: f.gap,
        votes: f.votes,
        budget: f.budget,
        flip: f.flip && {
          size: f.flip.size,
          share: f.flip.share,
          gapAfter: f.flip.gapAfter,
          votes: f.flip.cells.map((c) => ({
            first: names[sub.i[c.row]],
            second: names[sub.j[c.row]],
            outcome: OUTCOME[c.kind],
            count: c.count,
            available: c.available,
          })),
        },
        random: f.random,
        refits: f.refits,
      };
    });
  }
  timings.fragility = performance.now() - t;

  t = performance.now();
  const diagnostics = parts.diagnostics ? fitDiagnostics(sub, names, { folds, seed }) : null;
  timings.diagnostics = performance.now() - t;

  t = performance.now();
  const methods = parts.methods ? compareMethods(counts, votes, options.votesMissing) : null;
  timings.methods = performance.now() - t;

  return { group: order.map((l) => names[l]), votes: sub.total, fragility, diagnostics, methods, timings };
}
