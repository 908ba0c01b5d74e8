/**
 * An independent computation of two sources compared, from llmfao's two CSV files, written apart
 * from src/: its own CSV reading, plurality verdicts, Cohen's κ, a Bradley-Terry fit by Hunter's
 * (2004) MM iterations and Kendall's τ-b. rank-compare.test.ts (the command) and
 * e2e/two-sources.test.ts (the page) must reproduce it.
 */
import { readFileSync } from 'node:fs';

export type Row = Record<string, string>;
export const readCsv = (path: string): Row[] => {
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

export function reference(crowdRows: Row[], gpt4Rows: Row[]) {
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
