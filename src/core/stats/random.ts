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

export function seededRandom(seed: number): Xoshiro128 {
  return new Xoshiro128(seed);
}

/**
 * xoshiro128**. The state is an Int32Array, not four fields: Chromium's V8 keeps small integers in 31
 * bits, so a field holding a 32-bit state word becomes a boxed double and each draw cost three times
 * as much (measured). Hot loops (PoissonSampler.sampleAll) copy `state` into locals, step it inline
 * and write it back: the same stream as next().
 */
export class Xoshiro128 implements Random {
  readonly state = new Int32Array(4);

  constructor(seed: number) {
    const init = splitmix32(seed);
    for (let k = 0; k < 4; k++) this.state[k] = init();
    if ((this.state[0] | this.state[1] | this.state[2] | this.state[3]) === 0) this.state[0] = 1;
  }

  next(): number {
    const st = this.state;
    const s0 = st[0],
      s1 = st[1];
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    const s2 = st[2] ^ s0;
    const s3 = st[3] ^ s1;
    st[1] = s1 ^ s2;
    st[0] = s0 ^ s3;
    st[2] = s2 ^ t;
    st[3] = rotl(s3, 11);
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
