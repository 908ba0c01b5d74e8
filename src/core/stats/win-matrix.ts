import type { PairCounts } from './pair-counts.ts';

/**
 * Observed head-to-head results, both seat orders pooled.
 * - fraction[i][j]: share of the decisive (non-tie, non-both_bad) votes between i and j won by i;
 *   null when they have no decisive vote (DESIGN: unplayed pairs are empty, not 0.5).
 * - battles[i][j]: all votes between i and j, ties included (0 when unplayed; symmetric).
 * - wins / losses / ties per model; ties include both_bad; votes = wins + losses + ties.
 * - averageWinRate[i]: mean of fraction[i][j] over the opponents j with a decisive vote, each
 *   opponent weighted equally (win rate "against the field"); null when there is none.
 */
export interface WinMatrix {
  fraction: (number | null)[][];
  battles: number[][];
  wins: number[];
  losses: number[];
  ties: number[];
  votes: number[];
  averageWinRate: (number | null)[];
}

export function winMatrix(counts: PairCounts): WinMatrix {
  const { models, a, b, outcome, n } = counts;
  const m = models.length;
  if (b.length !== a.length || outcome.length !== a.length || n.length !== a.length) {
    throw new RangeError(`winMatrix: column lengths differ (a ${a.length}, b ${b.length}, outcome ${outcome.length}, n ${n.length})`);
  }
  const won = Array.from({ length: m }, () => new Float64Array(m));
  const battles = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  const wins = new Array<number>(m).fill(0),
    losses = wins.slice(),
    ties = wins.slice();
  for (let c = 0; c < a.length; c++) {
    const x = a[c],
      y = b[c],
      o = outcome[c],
      w = n[c];
    if (x < 0 || x >= m || y < 0 || y >= m) throw new RangeError(`winMatrix: model index out of range in cell ${c} (${x}, ${y})`);
    if (o > 3) throw new RangeError(`winMatrix: unknown outcome code ${o} in cell ${c}`);
    if (!(w >= 0)) throw new RangeError(`winMatrix: count must be >= 0, got ${w} in cell ${c}`);
    if (x === y || w === 0) continue;
    battles[x][y] += w;
    battles[y][x] += w;
    if (o >= 2) {
      ties[x] += w;
      ties[y] += w;
      continue;
    }
    const winner = o === 0 ? x : y,
      loser = o === 0 ? y : x;
    won[winner][loser] += w;
    wins[winner] += w;
    losses[loser] += w;
  }
  const fraction = won.map((row, i) =>
    Array.from(row, (v, j) => {
      const decisive = v + won[j][i];
      return i !== j && decisive > 0 ? v / decisive : null;
    }),
  );
  const averageWinRate = fraction.map((row) => {
    const played = row.filter((v): v is number => v !== null);
    return played.length ? played.reduce((s, v) => s + v, 0) / played.length : null;
  });
  const votes = wins.map((w, i) => w + losses[i] + ties[i]);
  return { fraction, battles, wins, losses, ties, votes, averageWinRate };
}
