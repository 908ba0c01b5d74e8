/**
 * Spherical k-means (Dhillon & Modha, 2001) on unit vectors: each point goes to the centroid of
 * highest cosine, each centroid is its points' mean scaled to unit length. Seeded by k-means++
 * (Arthur & Vassilvitskii, 2007) with distance 1 − cosine, from a seeded PRNG, so a seed gives
 * one answer. The number of clusters is chosen by the simplified silhouette (distances to
 * centroids: Hruschka et al., 2004), which costs O(n·k) instead of O(n²).
 */
import { seededRandom, type Random } from '../stats/random.ts';

export interface Points {
  data: Float32Array;
  dims: number;
  /** Row indices into `data` that take part. */
  rows: Int32Array;
}

export interface KMeansFit {
  k: number;
  centroids: Float32Array;
  /** Per entry of `rows`: its cluster. */
  labels: Int32Array;
  /** Sum over points of the cosine to their centroid. */
  cohesion: number;
}

function dot(a: Float32Array, ai: number, b: Float32Array, bi: number, dims: number): number {
  let s = 0;
  for (let d = 0; d < dims; d++) s += a[ai + d] * b[bi + d];
  return s;
}

function seedCentroids(p: Points, k: number, random: Random): Float32Array {
  const { data, dims, rows } = p;
  const n = rows.length;
  const centroids = new Float32Array(k * dims);
  const best = new Float64Array(n).fill(-Infinity);
  let pick = Math.floor(random.next() * n);
  for (let c = 0; c < k; c++) {
    centroids.set(data.subarray(rows[pick] * dims, rows[pick] * dims + dims), c * dims);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const s = dot(data, rows[i] * dims, centroids, c * dims, dims);
      if (s > best[i]) best[i] = s;
      const dist = Math.max(0, 1 - best[i]);
      total += dist * dist;
    }
    if (c === k - 1) break;
    let u = random.next() * total;
    pick = n - 1;
    for (let i = 0; i < n; i++) {
      const dist = Math.max(0, 1 - best[i]);
      u -= dist * dist;
      if (u <= 0) {
        pick = i;
        break;
      }
    }
  }
  return centroids;
}

/** Each row's nearest centroid (highest cosine) and that cosine. */
export function assign(p: Points, centroids: Float32Array, k: number, labels: Int32Array, cos?: Float32Array): number {
  const { data, dims, rows } = p;
  let cohesion = 0;
  for (let i = 0; i < rows.length; i++) {
    let bestC = 0,
      bestS = -Infinity;
    for (let c = 0; c < k; c++) {
      const s = dot(data, rows[i] * dims, centroids, c * dims, dims);
      if (s > bestS) {
        bestS = s;
        bestC = c;
      }
    }
    labels[i] = bestC;
    if (cos) cos[i] = bestS;
    cohesion += bestS;
  }
  return cohesion;
}

function update(p: Points, labels: Int32Array, k: number, centroids: Float32Array): void {
  const { data, dims, rows } = p;
  const sums = new Float64Array(k * dims);
  for (let i = 0; i < rows.length; i++) {
    const off = rows[i] * dims,
      c = labels[i] * dims;
    for (let d = 0; d < dims; d++) sums[c + d] += data[off + d];
  }
  for (let c = 0; c < k; c++) {
    let s = 0;
    for (let d = 0; d < dims; d++) s += sums[c * dims + d] ** 2;
    // An empty cluster keeps its old centroid.
    if (s === 0) continue;
    const inv = 1 / Math.sqrt(s);
    for (let d = 0; d < dims; d++) centroids[c * dims + d] = sums[c * dims + d] * inv;
  }
}

export function kmeans(p: Points, k: number, seed: number, restarts = 3, iterations = 30): KMeansFit {
  const random = seededRandom(seed);
  let best: KMeansFit | null = null;
  for (let r = 0; r < restarts; r++) {
    const centroids = seedCentroids(p, k, random);
    const labels = new Int32Array(p.rows.length);
    let cohesion = assign(p, centroids, k, labels);
    for (let it = 0; it < iterations; it++) {
      update(p, labels, k, centroids);
      const before = labels.slice();
      cohesion = assign(p, centroids, k, labels);
      let moved = 0;
      for (let i = 0; i < labels.length; i++) if (labels[i] !== before[i]) moved++;
      if (moved === 0) break;
    }
    if (!best || cohesion > best.cohesion) best = { k, centroids, labels, cohesion };
  }
  return best!;
}

/** Mean simplified silhouette: (b − a) / max(a, b), a and b the distances to the own and next centroid. */
export function simplifiedSilhouette(p: Points, fit: KMeansFit): number {
  const { data, dims, rows } = p;
  let total = 0;
  for (let i = 0; i < rows.length; i++) {
    const own = fit.labels[i];
    let a = 0,
      b = Infinity;
    for (let c = 0; c < fit.k; c++) {
      const dist = 1 - dot(data, rows[i] * dims, fit.centroids, c * dims, dims);
      if (c === own) a = dist;
      else if (dist < b) b = dist;
    }
    const m = Math.max(a, b);
    total += m > 0 ? (b - a) / m : 0;
  }
  return rows.length ? total / rows.length : 0;
}

/**
 * The fit for k in [kMin, kMax] (fewer when there are few points) with the best simplified silhouette;
 * of scores within `slack` of the best, the smallest k (a split of a real cluster scores about the same).
 */
export function chooseK(
  p: Points,
  kMin: number,
  kMax: number,
  seed: number,
  restarts = 2,
  slack = 0.01,
): { fit: KMeansFit; scores: { k: number; score: number }[] } {
  const fits: { fit: KMeansFit; score: number }[] = [];
  const top = Math.min(kMax, Math.max(kMin, Math.floor(p.rows.length / 5)));
  for (let k = kMin; k <= top; k++) {
    const fit = kmeans(p, k, seed + k, restarts, 20);
    fits.push({ fit, score: simplifiedSilhouette(p, fit) });
  }
  const best = Math.max(...fits.map((f) => f.score));
  const chosen = fits.find((f) => f.score >= best - slack)!;
  return { fit: chosen.fit, scores: fits.map((f) => ({ k: f.fit.k, score: f.score })) };
}
