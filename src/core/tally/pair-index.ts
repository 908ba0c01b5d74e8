/**
 * Pairs of small non-negative integers numbered in order of first sight: the vote tally folds its
 * columns' codes into tuple numbers with one per column (vote-tally.ts).
 */

/** A dense pair table holds at most this many slots (16 MiB); beyond it, pairs are hashed. */
const DENSE_LIMIT = 2 ** 22;

/**
 * Numbers pairs of non-negative integers 0, 1, 2, … in order of first sight. While the values seen
 * stay small (a few hundred models, a handful of winner labels) a pair is found by direct indexing
 * in a dense table, which grows by powers of two; past DENSE_LIMIT it is found by open addressing.
 */
export class PairIndex {
  private firsts = new Int32Array(1024);
  private seconds = new Int32Array(1024);
  /** Dense mode: slot (x << yBits) | y holds the pair's number + 1 (0: unseen); null once hashing. */
  private dense: Int32Array | null = new Int32Array(1);
  private xCap = 1;
  private yBits = 0;
  private slots = new Int32Array(0);
  size = 0;

  get(x: number, y: number): number {
    const dense = this.dense;
    if (dense !== null && x < this.xCap && y < 1 << this.yBits) {
      const slot = (x << this.yBits) | y;
      const k = dense[slot] - 1;
      if (k >= 0) return k;
      dense[slot] = this.size + 1;
      return this.append(x, y);
    }
    if (dense !== null) {
      this.regrow(x, y);
      return this.get(x, y);
    }
    const mask = this.slots.length - 1;
    let s = hashPair(x, y) & mask;
    for (;;) {
      const k = this.slots[s];
      if (k < 0) break;
      if (this.firsts[k] === x && this.seconds[k] === y) return k;
      s = (s + 1) & mask;
    }
    const k = this.append(x, y);
    if (2 * this.size > this.slots.length) {
      this.rehash(2 * this.slots.length);
    } else {
      this.slots[s] = k;
    }
    return k;
  }

  /** xs[r] = get(xs[r], ys[r]) for rows [0, count): a column at a time, the dense table kept in locals. */
  fold(xs: Int32Array, ys: ArrayLike<number>, count: number): void {
    let r = 0;
    while (r < count) {
      const dense = this.dense;
      if (dense !== null) {
        const xCap = this.xCap,
          yBits = this.yBits,
          yCap = 1 << yBits;
        for (; r < count; r++) {
          const x = xs[r],
            y = ys[r];
          if (x >= xCap || y >= yCap) break;
          const slot = (x << yBits) | y;
          const k = dense[slot] - 1;
          if (k >= 0) xs[r] = k;
          else {
            dense[slot] = this.size + 1;
            xs[r] = this.append(x, y);
          }
        }
      }
      // A pair past the dense table (which regrows, or turns to hashing) or a hashed table: one by one.
      if (r < count) {
        xs[r] = this.get(xs[r], ys[r]);
        r++;
      }
    }
  }

  private append(x: number, y: number): number {
    const k = this.size++;
    if (k === this.firsts.length) {
      const f = new Int32Array(2 * k),
        g = new Int32Array(2 * k);
      f.set(this.firsts);
      g.set(this.seconds);
      this.firsts = f;
      this.seconds = g;
    }
    this.firsts[k] = x;
    this.seconds[k] = y;
    return k;
  }

  /** A dense table wide enough for (x, y), or hashing from now on when it would be too big. */
  private regrow(x: number, y: number): void {
    const xCap = Math.max(this.xCap, nextPowerOfTwo(x + 1));
    const yBits = Math.max(this.yBits, Math.ceil(Math.log2(y + 1)));
    if (xCap * 2 ** yBits > DENSE_LIMIT) {
      this.dense = null;
      this.rehash(Math.max(1024, nextPowerOfTwo(4 * this.size)));
      return;
    }
    const dense = new Int32Array(xCap << yBits);
    for (let k = 0; k < this.size; k++) dense[(this.firsts[k] << yBits) | this.seconds[k]] = k + 1;
    this.dense = dense;
    this.xCap = xCap;
    this.yBits = yBits;
  }

  private rehash(length: number): void {
    this.slots = new Int32Array(length).fill(-1);
    const mask = length - 1;
    for (let j = 0; j < this.size; j++) {
      let t = hashPair(this.firsts[j], this.seconds[j]) & mask;
      while (this.slots[t] >= 0) t = (t + 1) & mask;
      this.slots[t] = j;
    }
  }
}

const hashPair = (x: number, y: number) => Math.imul(x, 0x9e3779b1) ^ Math.imul(y, 0x85ebca6b);
const nextPowerOfTwo = (n: number) => 2 ** Math.ceil(Math.log2(Math.max(1, n)));
