/** True ratings and Bradley-Terry outcome draws (400 points per factor of 10 in odds, mean 1000). */
import type { Outcome } from '../../src/core/outcome.ts';
import type { Rng } from './rng.ts';

export type Ratings = Record<string, number>;

/** Shift ratings so their mean is exactly 1000, rounded to 0.01 (the rounding keeps JSON readable). */
export function centre(raw: Ratings): Ratings {
  const names = Object.keys(raw);
  const mean = names.reduce((s, n) => s + raw[n]!, 0) / names.length;
  const out: Ratings = {};
  for (const n of names) out[n] = round2(raw[n]! - mean + 1000);
  return out;
}

export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

export function round4(x: number): number {
  return Math.round(x * 10000) / 10000;
}

/** P(A beats B) under Bradley-Terry on the Elo scale. */
export function pWin(ra: number, rb: number): number {
  return 1 / (1 + 10 ** ((rb - ra) / 400));
}

/**
 * One vote. Ties and both_bad come with the given probabilities (lowered for very uneven pairs), and the decisive
 * win probability is set so that the expected score with a tie or both_bad counted as half a win equals the
 * Bradley-Terry probability: P(a) + (P(tie) + P(both_bad)) / 2 = pWin(ra, rb). So a Bradley-Terry fit under the
 * project's convention (ties = half a win each) recovers the true ratings, with no shrinkage from the ties.
 */
export function drawOutcome(rng: Rng, ra: number, rb: number, pTie: number, pBothBad: number): Outcome {
  const p = pWin(ra, rb);
  const asked = pTie + pBothBad;
  const draw = Math.min(asked, 2 * p, 2 * (1 - p));
  const scale = asked > 0 ? draw / asked : 0;
  const u = rng.next();
  if (u < pTie * scale) return 'tie';
  if (u < draw) return 'both_bad';
  const decisive = draw < 1 ? (p - draw / 2) / (1 - draw) : 0.5;
  return rng.bool(decisive) ? 'a' : 'b';
}

/** Ratings plus per-slice offsets, re-centred: the "true" ratings of that slice. */
export function withEffects(base: Ratings, effects: Record<string, number>): Ratings {
  const raw: Ratings = {};
  for (const [n, r] of Object.entries(base)) raw[n] = r + (effects[n] ?? 0);
  return centre(raw);
}

/**
 * Accumulates, for every generated vote, its expected score under the ratings of the slice it was drawn in;
 * `fit()` gives the Bradley-Terry ratings the pooled votes imply in expectation (the "true" ratings of a sample
 * whose slices have different ratings). Minorise-maximise iterations on the expected wins.
 */
export class ExpectedScores {
  private readonly n = new Map<string, number>();
  private readonly w = new Map<string, number>();
  add(a: string, b: string, ra: number, rb: number): void {
    this.addScore(a, b, pWin(ra, rb));
  }
  /** A vote whose expected score for a (a win 1, a tie ½) is `score`. */
  addScore(a: string, b: string, score: number): void {
    const [x, y, s] = a < b ? [a, b, score] : [b, a, 1 - score];
    const k = `${x}\u0000${y}`;
    this.n.set(k, (this.n.get(k) ?? 0) + 1);
    this.w.set(k, (this.w.get(k) ?? 0) + s);
  }
  fit(iterations = 3000): Ratings {
    const pairs = [...this.n.keys()].map((k) => {
      const [a, b] = k.split('\u0000') as [string, string];
      return [a, b, this.n.get(k)!, this.w.get(k)!] as const;
    });
    const names = [...new Set(pairs.flatMap(([a, b]) => [a, b]))].sort();
    const idx = new Map(names.map((m, i) => [m, i]));
    let p = names.map(() => 1);
    for (let it = 0; it < iterations; it++) {
      const wins = names.map(() => 0);
      const den = names.map(() => 0);
      for (const [a, b, n, w] of pairs) {
        const i = idx.get(a)!;
        const j = idx.get(b)!;
        wins[i] += w;
        wins[j] += n - w;
        const d = n / (p[i]! + p[j]!);
        den[i] += d;
        den[j] += d;
      }
      p = p.map((_, i) => wins[i]! / den[i]!);
      const g = Math.exp(p.reduce((s, x) => s + Math.log(x), 0) / p.length);
      p = p.map((x) => x / g);
    }
    return centre(Object.fromEntries(names.map((m, i) => [m, 400 * Math.log10(p[i]!)])));
  }
}
