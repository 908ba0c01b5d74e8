/**
 * Spherical k-means (Dhillon & Modha, 2001) on unit vectors: each point goes to the centroid of
 * highest cosine, each centroid is its points' mean scaled to unit length. Seeded by k-means++
 * (Arthur & Vassilvitskii, 2007) with distance 1 − cosine, from a seeded PRNG, so a seed gives
 * one answer. The number of clusters is chosen by the silhouette times the stability
 * of the partition across seeds (chooseK).
 */
import { adjustedRand } from '../stats/adjusted-rand.ts';
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

/**
 * Four running sums, so the additions do not each wait on the one before (about twice as fast).
 * stats/matrix-vector.ts's dot on Float32Array. One function for both element types was measured in
 * one process that clusters and bootstraps (as `rank --topics` does): clustering took 1.3× as long,
 * the bootstrap 1.03×, as V8 then compiles loads for either type.
 */
function dot(a: Float32Array, ai: number, b: Float32Array, bi: number, dims: number): number {
  let s0 = 0,
    s1 = 0,
    s2 = 0,
    s3 = 0,
    d = 0;
  for (; d + 3 < dims; d += 4) {
    s0 += a[ai + d] * b[bi + d];
    s1 += a[ai + d + 1] * b[bi + d + 1];
    s2 += a[ai + d + 2] * b[bi + d + 2];
    s3 += a[ai + d + 3] * b[bi + d + 3];
  }
  for (; d < dims; d++) s0 += a[ai + d] * b[bi + d];
  return s0 + s1 + (s2 + s3);
}

/**
 * Greedy k-means++ (as scikit-learn): each new centre is the best of 2 + ln k candidates drawn by
 * D² sampling, the one leaving the least total D², so two centres rarely start in one true cluster.
 * Fills cosines[i·k + c] with row i's cosine to centre c: the first assignment needs no more.
 */
function seedCentroids(p: Points, k: number, random: Random, cosines: Float64Array): Float32Array {
  const { data, dims, rows } = p;
  const n = rows.length;
  const centroids = new Float32Array(k * dims);
  const best = new Float64Array(n).fill(-Infinity);
  const tries = 2 + Math.floor(Math.log(k));
  const d2 = (s: number) => Math.max(0, 1 - s) ** 2;
  // The rows' cosines to the picked candidate (a row itself, so the new centre's), and to the one being tried.
  let picked = new Float64Array(n);
  let tried = new Float64Array(n);
  let pick = Math.floor(random.next() * n);
  for (let i = 0; i < n; i++) picked[i] = dot(data, rows[i] * dims, data, rows[pick] * dims, dims);
  for (let c = 0; c < k; c++) {
    centroids.set(data.subarray(rows[pick] * dims, rows[pick] * dims + dims), c * dims);
    let total = 0;
    for (let i = 0; i < n; i++) {
      const s = (cosines[i * k + c] = picked[i]);
      if (s > best[i]) best[i] = s;
      total += d2(best[i]);
    }
    if (c === k - 1) break;
    let bestPot = Infinity;
    for (let t = 0; t < tries; t++) {
      let u = random.next() * total;
      let cand = n - 1;
      for (let i = 0; i < n; i++) {
        u -= d2(best[i]);
        if (u <= 0) {
          cand = i;
          break;
        }
      }
      let pot = 0;
      for (let i = 0; i < n; i++) pot += d2(Math.max(best[i], (tried[i] = dot(data, rows[i] * dims, data, rows[cand] * dims, dims))));
      if (pot < bestPot) {
        bestPot = pot;
        pick = cand;
        [picked, tried] = [tried, picked];
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

/**
 * Each centroid whose cluster `changed` (all when null) becomes its rows' mean scaled to unit length;
 * the others have the same rows in the same order, so the same centroid.
 */
function update(p: Points, labels: Int32Array, k: number, centroids: Float32Array, changed: Uint8Array | null): void {
  const { data, dims, rows } = p;
  const sums = new Float64Array(k * dims);
  for (let i = 0; i < rows.length; i++) {
    if (changed && !changed[labels[i]]) continue;
    const off = rows[i] * dims,
      c = labels[i] * dims;
    let d = 0;
    // Each dimension's sum takes the rows in order, as one addition at a time would: four lanes a step.
    for (; d + 3 < dims; d += 4) {
      sums[c + d] += data[off + d];
      sums[c + d + 1] += data[off + d + 1];
      sums[c + d + 2] += data[off + d + 2];
      sums[c + d + 3] += data[off + d + 3];
    }
    for (; d < dims; d++) sums[c + d] += data[off + d];
  }
  for (let c = 0; c < k; c++) {
    if (changed && !changed[c]) continue;
    let s = 0;
    for (let d = 0; d < dims; d++) s += sums[c * dims + d] * sums[c * dims + d];
    // An empty cluster keeps its old centroid.
    if (s === 0) continue;
    const inv = 1 / Math.sqrt(s);
    for (let d = 0; d < dims; d++) centroids[c * dims + d] = sums[c * dims + d] * inv;
  }
}

/**
 * Lloyd's iterations, each row's cosines looked at again only where its label may change: the
 * labels are those of a full search every iteration, found with a fraction of the dot products.
 * For a row x and a centroid that moved by δ, |x·c_new − x·c_old| ≤ ‖x‖·δ, so a lower bound on
 * the row's cosine to its own centroid and an upper bound on its cosine to each other one follow
 * every move (Elkan, 2003, "Using the triangle inequality to accelerate k-means", on
 * similarities). A centroid whose bound stays below the row's own cosine by MARGIN cannot take the
 * row and its cosine is not computed.
 */
export function kmeans(p: Points, k: number, seed: number, restarts = 3, iterations = 30): KMeansFit {
  const random = seededRandom(seed);
  const { data, dims, rows } = p;
  const n = rows.length;
  const norms = new Float64Array(n);
  for (let i = 0; i < n; i++) norms[i] = Math.sqrt(dot(data, rows[i] * dims, data, rows[i] * dims, dims));
  let best: KMeansFit | null = null;
  for (let r = 0; r < restarts; r++) {
    // own[i]: a lower bound on row i's cosine to its centroid; above[i·k + c]: an upper bound on its cosine to centroid c.
    const above = new Float64Array(n * k);
    const centroids = seedCentroids(p, k, random, above);
    const labels = new Int32Array(n);
    const own = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let bestC = 0,
        bestS = -Infinity;
      for (let c = 0; c < k; c++) {
        const s = above[i * k + c];
        if (s > bestS) {
          bestS = s;
          bestC = c;
        }
      }
      labels[i] = bestC;
      own[i] = bestS;
    }
    const previous = new Float32Array(centroids.length);
    const moves = new Float64Array(k);
    // The clusters that gained or lost a row in the last assignment (null: all, at first).
    let changed: Uint8Array | null = null;
    for (let it = 0; it < iterations; it++) {
      previous.set(centroids);
      update(p, labels, k, centroids, changed);
      changed = new Uint8Array(k);
      let most = 0;
      for (let c = 0; c < k; c++) {
        let m = 0;
        for (let d = 0; d < dims; d++) m += (centroids[c * dims + d] - previous[c * dims + d]) ** 2;
        most = Math.max(most, (moves[c] = Math.sqrt(m)));
      }
      if (most === 0) break;
      let moved = 0;
      for (let i = 0; i < n; i++) {
        const label = labels[i],
          at = i * k,
          norm = norms[i];
        own[i] -= norm * moves[label];
        let rival = -Infinity;
        for (let c = 0; c < k; c++) if (c !== label) rival = Math.max(rival, (above[at + c] += norm * moves[c]));
        if (own[i] > rival + MARGIN) continue;
        // Exact cosines: the own centroid's, then each other one's that may still come near it.
        let bestS = (own[i] = above[at + label] = dot(data, rows[i] * dims, centroids, label * dims, dims));
        let bestC = label;
        for (let c = 0; c < k; c++) {
          if (c === label || above[at + c] <= own[i] - MARGIN) continue;
          const s = (above[at + c] = dot(data, rows[i] * dims, centroids, c * dims, dims));
          // The first of the highest cosines, as a search of every centroid in order picks.
          if (s > bestS || (s === bestS && c < bestC)) {
            bestS = s;
            bestC = c;
          }
        }
        if (bestC !== label) {
          labels[i] = bestC;
          own[i] = bestS;
          changed[label] = changed[bestC] = 1;
          moved++;
        }
      }
      if (moved === 0) break;
    }
    // The cosines to the final centroids, as a full search's last pass sums them.
    let cohesion = 0;
    for (let i = 0; i < n; i++) cohesion += dot(data, rows[i] * dims, centroids, labels[i] * dims, dims);
    if (!best || cohesion > best.cohesion) best = { k, centroids, labels, cohesion };
  }
  return best!;
}

/** Far above the rounding of the bounds (about 1e-15), far below the gaps between cosines that decide a label. */
const MARGIN = 1e-9;

/**
 * Mean silhouette (Rousseeuw, 1987) with distance 1 − cosine, exact yet O(n·k·d): for unit vectors
 * the mean distance from x to a cluster is 1 − x·(the cluster's sum) / its size, x itself left out
 * of its own cluster (which the simplified silhouette keeps, so it rises with k on small samples).
 */
export function silhouette(p: Points, fit: KMeansFit): number {
  const { data, dims, rows } = p;
  const k = fit.k;
  const sums = new Float64Array(k * dims);
  const sizes = new Float64Array(k);
  for (let i = 0; i < rows.length; i++) {
    const c = fit.labels[i];
    sizes[c]++;
    for (let d = 0; d < dims; d++) sums[c * dims + d] += data[rows[i] * dims + d];
  }
  let total = 0;
  for (let i = 0; i < rows.length; i++) {
    const own = fit.labels[i];
    // A point alone in its cluster scores 0 (Rousseeuw's convention).
    if (sizes[own] < 2) continue;
    let a = 0,
      b = Infinity;
    for (let c = 0; c < k; c++) {
      if (sizes[c] === 0) continue;
      let s = 0;
      for (let d = 0; d < dims; d++) s += data[rows[i] * dims + d] * sums[c * dims + d];
      if (c === own) a = 1 - (s - 1) / (sizes[c] - 1);
      else b = Math.min(b, 1 - s / sizes[c]);
    }
    const m = Math.max(a, b);
    if (m > 0 && Number.isFinite(b)) total += (b - a) / m;
  }
  return rows.length ? total / rows.length : 0;
}

/**
 * The k in [kMin, kMax] (fewer when there are few points) whose clusters are both separated and
 * reproducible: `runs` fits from different seeds, scored by their best silhouette times their
 * stability (the mean adjusted Rand index between the runs' partitions, Ben-Hur et al., 2002). A
 * split of a real cluster or a bad local optimum changes from run to run, so stability discounts
 * the k where the silhouette alone is high by chance. The fit kept is the runs' most cohesive.
 */
export function chooseK(
  p: Points,
  kMin: number,
  kMax: number,
  seed: number,
  runs = 4,
): { fit: KMeansFit; scores: { k: number; score: number }[] } {
  let chosen: { fit: KMeansFit; score: number } | null = null;
  const scores: { k: number; score: number }[] = [];
  const top = Math.min(kMax, Math.max(kMin, Math.floor(p.rows.length / 5)));
  for (let k = kMin; k <= top; k++) {
    const fits = Array.from({ length: runs }, (_, r) => kmeans(p, k, seed + k + 7919 * r, 1, 20));
    let agreement = 0,
      pairs = 0;
    for (let a = 0; a < runs; a++) for (let b = a + 1; b < runs; b++, pairs++) agreement += adjustedRand(fits[a].labels, fits[b].labels);
    const fit = fits.reduce((x, y) => (y.cohesion > x.cohesion ? y : x));
    const score = silhouette(p, fit) * (pairs ? agreement / pairs : 1);
    scores.push({ k, score });
    if (!chosen || score > chosen.score) chosen = { fit, score };
  }
  return { fit: chosen!.fit, scores };
}
