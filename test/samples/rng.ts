/** Small helpers over the project's seeded generator, so every sample is reproducible from one seed. */
import { normal, seededRandom, type Random } from '../../src/core/stats/random.ts';

export class Rng {
  private readonly random: Random;
  constructor(seed: number) {
    this.random = seededRandom(seed);
  }
  next(): number {
    return this.random.next();
  }
  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.random.next() * n);
  }
  /** Integer in [lo, hi] inclusive. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }
  bool(p: number): boolean {
    return this.random.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }
  /** Index drawn with probability proportional to weights. */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let u = this.random.next() * total;
    for (let i = 0; i < weights.length; i++) {
      u -= weights[i]!;
      if (u < 0) return i;
    }
    return weights.length - 1;
  }
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    return items[this.weightedIndex(weights)]!;
  }
  normal(): number {
    return normal(this.random);
  }
  hex(length: number): string {
    let s = '';
    for (let i = 0; i < length; i++) s += '0123456789abcdef'[this.int(16)];
    return s;
  }
  /** Log-uniform in [lo, hi], quantised to two significant digits (keeps parquet dictionaries small). */
  logUniform(lo: number, hi: number): number {
    return sig2(Math.exp(Math.log(lo) + this.random.next() * (Math.log(hi) - Math.log(lo))));
  }
  /** Uniform in [lo, hi], quantised to two significant digits. */
  uniform(lo: number, hi: number): number {
    return sig2(lo + this.random.next() * (hi - lo));
  }
  /** Two distinct indices drawn by weight. */
  pair(weights: readonly number[]): [number, number] {
    const i = this.weightedIndex(weights);
    for (;;) {
      const j = this.weightedIndex(weights);
      if (j !== i) return [i, j];
    }
  }
}

export function sig2(x: number): number {
  return Number(x.toPrecision(2));
}
