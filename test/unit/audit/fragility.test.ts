import { describe, expect, it } from 'vitest';
import { runAudit, type FlipVotes } from '../../../src/core/stats/audit.ts';
import { fitBradleyTerry } from '../../../src/core/stats/bradley-terry.ts';
import { CELL_KINDS, pairFragility, Refitter, type CellKind } from '../../../src/core/stats/fragility.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import { collapsePairs } from '../../../src/core/stats/pair-table.ts';
import { countsOf, loadArenaCounts } from '../stats/fixtures.ts';

/** The counts with the listed votes taken out (any seat, tie and both_bad alike for a tie). */
function withoutVotes(counts: PairCounts, votes: FlipVotes[]): PairCounts {
  const n = counts.n.slice();
  const id = (name: string) => counts.models.indexOf(name);
  for (const v of votes) {
    const f = id(v.first),
      s = id(v.second);
    let left = v.count;
    for (let c = 0; c < n.length && left > 0; c++) {
      const a = counts.a[c],
        b = counts.b[c],
        o = counts.outcome[c];
      if (!((a === f && b === s) || (a === s && b === f))) continue;
      const winner = o === 0 ? a : o === 1 ? b : -1;
      const match = v.outcome === 'tie' ? winner === -1 : winner === (v.outcome === 'first won' ? f : s);
      if (!match) continue;
      const k = Math.min(left, n[c]);
      n[c] -= k;
      left -= k;
    }
    expect(left).toBe(0);
  }
  return { ...counts, n };
}

/** The leaderboard's own fit (fit-groups, Newton), independent of the search's refits: is `below` now above `above`? */
function flippedByBoardFit(counts: PairCounts, above: string, below: string): boolean {
  const fit = fitBradleyTerry(counts);
  const ra = fit.ratings[counts.models.indexOf(above)],
    rb = fit.ratings[counts.models.indexOf(below)];
  return ra !== null && rb !== null && rb > ra;
}

// Three models, every pair with wins both ways and ties.
const tiny = countsOf(
  ['A', 'B', 'C'],
  [
    [0, 1, 0, 9],
    [0, 1, 1, 5],
    [0, 1, 2, 2],
    [0, 2, 0, 8],
    [0, 2, 1, 4],
    [0, 2, 2, 2],
    [1, 2, 0, 7],
    [1, 2, 1, 4],
    [1, 2, 2, 2],
  ],
);

describe('pairFragility on a small constructed example', () => {
  const table = collapsePairs(tiny);
  const refitter = Refitter.of(table);
  const [above, below] = refitter.x[0] > refitter.x[1] ? [0, 1] : [1, 0];
  const f = pairFragility(refitter, above, below, { randomTrials: 50, seed: 3 });

  it('finds a set whose removal flips the order by an exact refit of the board', () => {
    expect(f.flip).not.toBeNull();
    const votes: FlipVotes[] = f.flip!.cells.map((c) => ({
      first: tiny.models[table.i[c.row]],
      second: tiny.models[table.j[c.row]],
      outcome: c.kind === 'winsI' ? 'first won' : c.kind === 'winsJ' ? 'second won' : 'tie',
      count: c.count,
      available: c.available,
    }));
    expect(votes.reduce((s, v) => s + v.count, 0)).toBe(f.flip!.size);
    expect(flippedByBoardFit(tiny, tiny.models[above], tiny.models[below])).toBe(false);
    expect(flippedByBoardFit(withoutVotes(tiny, votes), tiny.models[above], tiny.models[below])).toBe(true);
    expect(f.flip!.gapAfter).toBeLessThan(0);
  });

  it('no smaller set flips it: every removal of fewer votes, searched exhaustively', () => {
    const size = f.flip!.size;
    const cells: { row: number; kind: CellKind; cap: number }[] = [];
    for (let p = 0; p < table.i.length; p++) for (const kind of CELL_KINDS) cells.push({ row: p, kind, cap: table[kind][p] });
    let checked = 0,
      smallerFlips = 0;
    const removal = new Array<number>(cells.length).fill(0);
    const visit = (c: number, left: number) => {
      if (c === cells.length) {
        const removed = { winsI: new Float64Array(3), winsJ: new Float64Array(3), ties: new Float64Array(3) };
        cells.forEach((cell, k) => (removed[cell.kind][cell.row] += removal[k]));
        const y = refitter.refit(refitter.without(removed));
        checked++;
        if (y[below] > y[above]) smallerFlips++;
        return;
      }
      for (let k = 0; k <= Math.min(left, cells[c].cap); k++) {
        removal[c] = k;
        visit(c + 1, left - k);
      }
      removal[c] = 0;
    };
    visit(0, size - 1);
    expect(checked).toBeGreaterThan(100);
    expect(smallerFlips).toBe(0);
    // The same search one vote further does find flips, so it can see them.
    visit(0, size);
    expect(smallerFlips).toBeGreaterThan(0);
  });

  it('gives the random baseline at the flip size, the same for the same seed', () => {
    expect(f.random).toMatchObject({ size: f.flip!.size, trials: 50 });
    expect(f.random!.flips).toBeGreaterThanOrEqual(0);
    expect(f.random!.flips).toBeLessThanOrEqual(50);
    expect(pairFragility(refitter, above, below, { randomTrials: 50, seed: 3 }).random).toEqual(f.random);
  });

  it('says no flip was found when the budget is too small', () => {
    const none = pairFragility(refitter, above, below, { budget: 1 });
    expect(none.flip).toBeNull();
    expect(none.budget).toBe(1);
  });
});

describe('pairFragility on two models rated exactly alike', () => {
  // A and B have the same record against C and split their own votes evenly: one rating for both.
  const twins = countsOf(
    ['A', 'B', 'C'],
    [
      [0, 1, 0, 3],
      [0, 1, 1, 3],
      [0, 2, 0, 5],
      [0, 2, 1, 2],
      [1, 2, 0, 5],
      [1, 2, 1, 2],
    ],
  );
  const refitter = Refitter.of(collapsePairs(twins));

  it('reports their order as a tie that no removal is needed to flip, instead of failing the audit', () => {
    const tied = { ...refitter, x: Float64Array.from([1, 1, 0]) } as unknown as Refitter;
    const f = pairFragility(tied, 0, 1);
    expect(f.gap).toBe(0);
    expect(f.flip).toEqual({ size: 0, share: 0, cells: [], gapAfter: 0 });
    expect(() => runAudit(twins, { randomTrials: 5 })).not.toThrow();
  });

  it('still refuses a pair given in the wrong order', () => {
    const [hi, lo] = refitter.x[0] >= refitter.x[1] ? [0, 1] : [1, 0];
    if (refitter.x[hi] > refitter.x[lo]) expect(() => pairFragility(refitter, lo, hi)).toThrow(/not rated above/);
  });
});

describe('runAudit fragility on the 1.67M Chatbot Arena battles', async () => {
  const counts = await loadArenaCounts();
  const report = runAudit(counts, { parts: { diagnostics: false, methods: false }, randomTrials: 20 });
  const top = report.fragility![0];

  it('#1 vs #2: a set of votes that the board’s own fit, redone without them, confirms flips the order', () => {
    expect(report.votes).toBe(1_670_250);
    expect(top.kind).toBe('top');
    expect([top.rankAbove, top.rankBelow]).toEqual([1, 2]);
    expect(top.flip).not.toBeNull();
    expect(top.flip!.size).toBe(top.flip!.votes.reduce((s, v) => s + v.count, 0));
    expect(top.flip!.size).toBeLessThan(top.budget);
    expect(flippedByBoardFit(counts, top.above, top.below)).toBe(false);
    expect(flippedByBoardFit(withoutVotes(counts, top.flip!.votes), top.above, top.below)).toBe(true);
  });

  it('checks the adjacent pairs down to rank 10, each flip confirmed the same way', () => {
    expect(report.fragility!.map((r) => [r.rankAbove, r.rankBelow])).toEqual(Array.from({ length: 9 }, (_, r) => [r + 1, r + 2]));
    for (const row of report.fragility!.slice(1, 4))
      if (row.flip) expect(flippedByBoardFit(withoutVotes(counts, row.flip.votes), row.above, row.below)).toBe(true);
  });
});
