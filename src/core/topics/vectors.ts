/**
 * Prompt vectors for topic clustering: character 3-5-grams of each word (with boundary spaces, as
 * fastText's subwords, so any script works without a tokenizer or a language model), hashed into
 * 2^18 buckets, weighted by sublinear TF × IDF, then projected to a few dozen dimensions by a very
 * sparse random projection (each bucket adds ±1 to four fixed dimensions: inner products are kept
 * in expectation) and L2-normalised. Deterministic: the hashes are fixed, IDF comes from a fixed
 * sample of the documents.
 */

/** Dimensions of the space the topics are found in, and pasted prompts compared. */
export const TOPIC_DIMS = 128;
export const BUCKET_BITS = 18;
const BUCKETS = 1 << BUCKET_BITS;
const MASK = BUCKETS - 1;
const TOUCHES = 4;
/** Characters of a prompt read: the topic is in its opening, and cost stays linear in rows. */
export const MAX_CHARS = 600;
const IDF_SAMPLE = 20000;

/** Lower case, compatibility-normalised, letters and digits of any script kept, the rest a space. */
export function normaliseText(text: string): string {
  return text
    .slice(0, MAX_CHARS * 2)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .slice(0, MAX_CHARS);
}

/**
 * Calls `emit(bucket)` for each 3-, 4- and 5-gram of each word padded with spaces (" cat " gives
 * " ca", "cat", "at ", " cat", "cat ", " cat "). FNV-1a over UTF-16 units. `text` is normalised
 * (words separated by one space).
 */
export function forEachGram(text: string, emit: (bucket: number) => void): void {
  const n = text.length;
  let from = 0;
  while (from < n) {
    let to = text.indexOf(' ', from);
    if (to < 0) to = n;
    // The padded word is positions from-1 .. to (inclusive), the ends read as spaces.
    const first = from - 1;
    const last = to;
    for (let s = first; s <= last - 2; s++) {
      let h = 0x811c9dc5;
      for (let i = s; i <= last && i < s + 5; i++) {
        const c = i === first || i === last ? 32 : text.charCodeAt(i);
        h = Math.imul(h ^ c, 0x01000193);
        if (i - s >= 2) emit((h ^ (h >>> 15)) & MASK);
      }
    }
    from = to + 1;
  }
}

/** Bucket → TOUCHES (dimension, sign) pairs, from a fixed hash of the bucket. */
function projectionTable(dims: number): { dim: Uint16Array; sign: Int8Array } {
  const dim = new Uint16Array(BUCKETS * TOUCHES);
  const sign = new Int8Array(BUCKETS * TOUCHES);
  for (let b = 0; b < BUCKETS; b++) {
    for (let t = 0; t < TOUCHES; t++) {
      let z = Math.imul(b * TOUCHES + t + 0x9e3779b9, 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      z = (z ^ (z >>> 16)) >>> 0;
      dim[b * TOUCHES + t] = z % dims;
      sign[b * TOUCHES + t] = z & 0x80000000 ? -1 : 1;
    }
  }
  return { dim, sign };
}

export interface PromptVectors {
  /** n × dims, row-major, each row of unit length (all zero for an empty prompt). */
  data: Float32Array;
  dims: number;
  n: number;
  /** Whether each prompt had any text. */
  present: Uint8Array;
  /** The space the rows lie in: a new text (a pasted prompt) is placed in it by `embedText`. */
  space: PromptSpace;
}

/** What places a text among a file's prompts: the file's IDF and the fixed projection. */
export interface PromptSpace {
  dims: number;
  idf: Float32Array;
  dim: Uint16Array;
  sign: Int8Array;
}

/** Stride of a fixed sample of about `want` of `n` rows. */
const strideOf = (n: number, want: number) => Math.max(1, Math.floor(n / want));

/** Bucket counts of one normalised text, reset by `drain`. */
class GramCounts {
  readonly counts = new Float32Array(BUCKETS);
  readonly touched: number[] = [];
  readonly emit = (b: number) => {
    if (this.counts[b] === 0) this.touched.push(b);
    this.counts[b]++;
  };
  /** Calls `use(bucket, count)` for each bucket of the text read, and clears them. */
  drain(use: (bucket: number, count: number) => void): void {
    for (const b of this.touched) {
      use(b, this.counts[b]);
      this.counts[b] = 0;
    }
    this.touched.length = 0;
  }
}

/** Adds the normalised text's projected TF-IDF to `out` at `off` and scales it to unit length; false when it has no grams. */
function embedInto(space: PromptSpace, grams: GramCounts, norm: string, out: Float32Array, off: number): boolean {
  const { dims, idf, dim, sign } = space;
  forEachGram(norm, grams.emit);
  grams.drain((b, count) => {
    const w = (1 + Math.log(count)) * idf[b];
    for (let t = 0; t < TOUCHES; t++) out[off + dim[b * TOUCHES + t]] += sign[b * TOUCHES + t] * w;
  });
  let s = 0;
  for (let d = 0; d < dims; d++) s += out[off + d] * out[off + d];
  if (!(s > 0)) return false;
  const inv = 1 / Math.sqrt(s);
  for (let d = 0; d < dims; d++) out[off + d] *= inv;
  return true;
}

export function promptVectors(
  texts: readonly (string | null | undefined)[],
  dims = 96,
  onProgress?: (done: number, total: number) => void,
): PromptVectors {
  const n = texts.length;
  const norm = texts.map((t) => (t ? normaliseText(t) : ''));
  const grams = new GramCounts();
  // Document frequency over a fixed sample.
  const df = new Float32Array(BUCKETS);
  const stride = strideOf(n, IDF_SAMPLE);
  let sampled = 0;
  for (let i = 0; i < n; i += stride) {
    if (!norm[i]) continue;
    sampled++;
    forEachGram(norm[i], grams.emit);
    grams.drain((b) => df[b]++);
  }
  const idf = new Float32Array(BUCKETS);
  for (let b = 0; b < BUCKETS; b++) idf[b] = Math.log((1 + sampled) / (1 + df[b])) + 1;
  const space: PromptSpace = { dims, idf, ...projectionTable(dims) };
  const data = new Float32Array(n * dims);
  const present = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (onProgress && i % 5000 === 0) onProgress(i, n);
    if (norm[i] && embedInto(space, grams, norm[i], data, i * dims)) present[i] = 1;
  }
  onProgress?.(n, n);
  return { data, dims, n, present, space };
}

/** A text placed in a file's space (read as the file's prompts are read), of unit length; null when it has no letters or digits. */
export function embedText(space: PromptSpace, text: string): Float32Array | null {
  const out = new Float32Array(space.dims);
  const norm = normaliseText(text);
  return norm && embedInto(space, new GramCounts(), norm, out, 0) ? out : null;
}
