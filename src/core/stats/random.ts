/**
 * Seeded pseudo-random numbers: xoshiro128** (Blackman & Vigna, 2018), seeded through splitmix32.
 * Every statistic that resamples takes a `Random` so results are reproducible from a seed.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
}

function splitmix32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function seededRandom(seed: number): Random {
  return new Xoshiro128(seed);
}

/**
 * A class, not a closure: every bootstrap round makes its own generator, and a closure per round
 * is a new function at the sampling loop's call site each time, which V8 then stops inlining.
 */
class Xoshiro128 implements Random {
  private s0: number;
  private s1: number;
  private s2: number;
  private s3: number;

  constructor(seed: number) {
    const init = splitmix32(seed);
    this.s0 = init();
    this.s1 = init();
    this.s2 = init();
    this.s3 = init();
    if ((this.s0 | this.s1 | this.s2 | this.s3) === 0) this.s0 = 1;
  }

  next(): number {
    const s1 = this.s1;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    const s2 = this.s2 ^ this.s0;
    const s3 = this.s3 ^ s1;
    this.s1 = s1 ^ s2;
    this.s0 = this.s0 ^ s3;
    this.s2 = s2 ^ t;
    this.s3 = rotl(s3, 11);
    return result / 4294967296;
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

/** Standard normal by the polar Box-Muller method. */
export function normal(random: Random): number {
  for (;;) {
    const u = 2 * random.next() - 1;
    const v = 2 * random.next() - 1;
    const s = u * u + v * v;
    if (s > 0 && s < 1) return u * Math.sqrt((-2 * Math.log(s)) / s);
  }
}
