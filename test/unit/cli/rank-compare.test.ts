/**
 * rank --compare-with on llmfao's crowd and GPT-4 comparisons of the same pairs (test/fixtures/llmfao):
 * every figure is recomputed here from the two CSV files by plain code written apart from
 * src/ — its own CSV reading, plurality verdicts, Cohen's κ, a Bradley-Terry fit by Hunter's (2004)
 * MM iterations and Kendall's τ-b — and the command must reproduce it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/rank.ts';
import { LLMFAO_CROWD, LLMFAO_GPT4 } from '../../fixtures/paths.ts';
import { run, tempDir } from './helpers.ts';

type Row = Record<string, string>;
const readCsv = (path: string): Row[] => {
  const [head, ...lines] = readFileSync(path, 'utf8').trim().split('\n');
  const names = head.split(',');
  return lines.map((l) => Object.fromEntries(l.split(',').map((v, i) => [names[i], v])));
};

interface Item {
  left: string;
  right: string;
  crowd: number[]; // [left wins, right wins, ties]
  gpt4: number[];
}

/** Items by llmfao's pair id, in the crowd's first orientation (every GPT-4 row has the same one here). */
function items(crowd: Row[], gpt4: Row[]): Map<string, Item> {
  const byId = new Map<string, Item>();
  const add = (r: Row, side: 'crowd' | 'gpt4') => {
    let item = byId.get(r.id);
    if (!item) byId.set(r.id, (item = { left: r.left, right: r.right, crowd: [0, 0, 0], gpt4: [0, 0, 0] }));
    const leftWon = r.winner === 'tie' ? null : (r.winner === 'left' ? r.left : r.right) === item.left;
    item[side][leftWon === null ? 2 : leftWon ? 0 : 1]++;
  };
  crowd.forEach((r) => add(r, 'crowd'));
  gpt4.forEach((r) => add(r, 'gpt4'));
  return byId;
}

const verdict = ([l, r, t]: number[]) => (l > r && l > t ? 0 : r > l && r > t ? 1 : 2);

/** Bradley-Terry strengths by MM (Hunter 2004), a tie half a win each side; 400·log10 scale. */
function bradleyTerry(games: { i: string; j: string; wi: number; wj: number }[]): Map<string, number> {
  const models = [...new Set(games.flatMap((g) => [g.i, g.j]))];
  const p = new Map(models.map((m) => [m, 1]));
  for (let iter = 0; iter < 20000; iter++) {
    const wins = new Map(models.map((m) => [m, 0]));
    const denom = new Map(models.map((m) => [m, 0]));
    for (const g of games) {
      const n = g.wi + g.wj;
      const s = n / (p.get(g.i)! + p.get(g.j)!);
      wins.set(g.i, wins.get(g.i)! + g.wi);
      wins.set(g.j, wins.get(g.j)! + g.wj);
      denom.set(g.i, denom.get(g.i)! + s);
      denom.set(g.j, denom.get(g.j)! + s);
    }
    let change = 0;
    for (const m of models) {
      const next = wins.get(m)! / denom.get(m)!;
      change = Math.max(change, Math.abs(Math.log(next / p.get(m)!)));
      p.set(m, next);
    }
    const mean = models.reduce((s, m) => s + Math.log(p.get(m)!), 0) / models.length;
    for (const m of models) p.set(m, Math.exp(Math.log(p.get(m)!) - mean));
    if (change < 1e-12) break;
  }
  return new Map(models.map((m) => [m, 1000 + (400 / Math.LN10) * Math.log(p.get(m)!)]));
}

function kendallTauB(x: number[], y: number[]): number {
  let c = 0,
    d = 0,
    tx = 0,
    ty = 0,
    n = 0;
  for (let i = 0; i < x.length; i++)
    for (let j = i + 1; j < x.length; j++) {
      n++;
      const s = Math.sign(x[i] - x[j]) * Math.sign(y[i] - y[j]);
      if (x[i] === x[j]) tx++;
      if (y[i] === y[j]) ty++;
      if (s > 0) c++;
      if (s < 0) d++;
    }
  return (c - d) / Math.sqrt((n - tx) * (n - ty));
}

function reference(crowdRows: Row[], gpt4Rows: Row[]) {
  const all = [...items(crowdRows, gpt4Rows).values()].filter((it) => it.crowd.some((x) => x) && it.gpt4.some((x) => x));
  const table = [0, 1, 2].map(() => [0, 0, 0]);
  for (const it of all) table[verdict(it.crowd)][verdict(it.gpt4)]++;
  const n = all.length;
  const po = (table[0][0] + table[1][1] + table[2][2]) / n;
  const rowSum = table.map((r) => r.reduce((a, b) => a + b, 0) / n);
  const colSum = [0, 1, 2].map((j) => table.reduce((a, r) => a + r[j], 0) / n);
  const pe = rowSum.reduce((s, r, i) => s + r * colSum[i], 0);
  const board = (side: 'crowd' | 'gpt4') =>
    bradleyTerry(all.map((it) => ({ i: it.left, j: it.right, wi: it[side][0] + it[side][2] / 2, wj: it[side][1] + it[side][2] / 2 })));
  const crowd = board('crowd'),
    gpt4 = board('gpt4');
  const models = [...crowd.keys()];
  const tau = kendallTauB(
    models.map((m) => crowd.get(m)!),
    models.map((m) => gpt4.get(m)!),
  );
  return { n, table, agreement: po, kappa: (po - pe) / (1 - pe), crowd, gpt4, tau, disagreements: n - po * n };
}

interface Compared {
  matched_items: number;
  first: { items: number; unmatched_items: number };
  second: { items: number; unmatched_items: number };
  agreement: number;
  kappa: { value: number; lower: number; upper: number };
  confusion: { counts: number[][] };
  kendall_tau: { value: number; lower: number; upper: number };
  spearman_rho: { value: number; lower: number; upper: number };
  models: { model: string; first_rating: number; second_rating: number; difference: number }[];
  disagreements: { key: string; model_a: string; model_b: string; first: { verdict: string }; second: { verdict: string } }[];
}

async function compare(first: string, second: string, ...more: string[]): Promise<Compared> {
  const r = await run(main, first, '--compare-with', second, '--json', '--bootstrap', '40', ...more);
  expect(r.stderr).not.toMatch(/^rank:/m);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

const dir = tempDir();

describe('rank --compare-with on llmfao (crowd vs GPT-4 on the same pairs)', () => {
  const crowdRows = readCsv(LLMFAO_CROWD),
    gpt4Rows = readCsv(LLMFAO_GPT4);
  const ref = reference(crowdRows, gpt4Rows);

  it('reproduces the matched count, agreement, κ, confusion, both boards and τ of an independent computation', async () => {
    const out = await compare(LLMFAO_CROWD, LLMFAO_GPT4);
    expect(ref.n).toBe(2139); // every GPT-4 pair has crowd votes
    expect(out.matched_items).toBe(ref.n);
    expect([out.first.unmatched_items, out.second.unmatched_items]).toEqual([0, 0]);
    expect(out.confusion.counts).toEqual(ref.table);
    expect(out.agreement).toBeCloseTo(ref.agreement, 6);
    expect(out.kappa.value).toBeCloseTo(ref.kappa, 6);
    expect(out.kappa.lower).toBeLessThan(ref.kappa);
    expect(out.kappa.upper).toBeGreaterThan(ref.kappa);
    for (const m of out.models) {
      expect(Math.abs(m.first_rating - ref.crowd.get(m.model)!), m.model).toBeLessThan(0.05);
      expect(Math.abs(m.second_rating - ref.gpt4.get(m.model)!), m.model).toBeLessThan(0.05);
    }
    expect(out.models).toHaveLength(59);
    expect(out.kendall_tau.value).toBeCloseTo(ref.tau, 6);
    expect(out.kendall_tau.lower).toBeLessThanOrEqual(out.kendall_tau.upper);
    expect(out.spearman_rho.value).toBeGreaterThan(out.kendall_tau.value); // ρ > τ for a positive association this strong
    expect(out.disagreements).toHaveLength(Math.round(ref.disagreements));
    for (const d of out.disagreements) expect(d.first.verdict).not.toBe(d.second.verdict);
  });

  it('finds the same figures when the judge file seats every pair the other way round', async () => {
    // Swap left and right (and the verdicts with them): the same judgements in the other orientation.
    const swap: Record<string, string> = { left: 'right', right: 'left', tie: 'tie' };
    const lines = gpt4Rows.map((r) => [r.id, r.prompt, r.model_y, r.model_x, swap[r.winner], r.right, r.left].join(','));
    const swapped = join(dir, 'gpt4-swapped.csv');
    writeFileSync(swapped, ['id,prompt,model_x,model_y,winner,left,right', ...lines].join('\n') + '\n');
    const out = await compare(LLMFAO_CROWD, swapped, '--match-key', 'pair+prompt');
    expect(out.matched_items).toBe(ref.n);
    expect(out.confusion.counts).toEqual(ref.table);
    expect(out.kappa.value).toBeCloseTo(ref.kappa, 6);
    expect(out.kendall_tau.value).toBeCloseTo(ref.tau, 6);
  });

  it('names a missing key column and refuses options of the board', async () => {
    const missing = await run(main, LLMFAO_CROWD, '--compare-with', LLMFAO_GPT4, '--match-key', 'worker');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/gpt4-crowd-comparisons\.csv has no column "worker"/);
    const other = await run(main, LLMFAO_CROWD, '--compare-with', LLMFAO_GPT4, '--where', 'prompt=8');
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/--where cannot be used with --compare-with/);
  });
});
