/**
 * The k-means that skips cosines by bounds must end where plain Lloyd iterations end: at a fixed
 * point where every row's label is its first highest cosine to the final centroids (a full search,
 * assign()) and every centroid is its rows' mean at unit length, with the cohesion those give.
 */
import { describe, expect, it } from 'vitest';
import { assign, kmeans, type Points } from '../../../src/core/topics/kmeans.ts';
import { seededRandom, normal } from '../../../src/core/stats/random.ts';

/** n unit vectors around `clusters` random directions (spread `noise`), a few of them repeated exactly. */
function points(n: number, dims: number, clusters: number, noise: number, seed: number): Points {
  const random = seededRandom(seed);
  const centres = Array.from({ length: clusters }, () => Array.from({ length: dims }, () => normal(random)));
  const data = new Float32Array(n * dims);
  for (let i = 0; i < n; i++) {
    if (i > 10 && i % 17 === 0) {
      data.copyWithin(i * dims, (i - 7) * dims, (i - 6) * dims);
      continue;
    }
    const centre = centres[i % clusters];
    let norm = 0;
    for (let d = 0; d < dims; d++) norm += (data[i * dims + d] = centre[d] + noise * normal(random)) ** 2;
    for (let d = 0; d < dims; d++) data[i * dims + d] /= Math.sqrt(norm);
  }
  return { data, dims, rows: Int32Array.from({ length: n }, (_, i) => i) };
}

describe('spherical k-means with bounds', () => {
  const cases = [
    { n: 400, dims: 16, clusters: 5, noise: 0.8, k: 5, seed: 1 },
    { n: 700, dims: 32, clusters: 3, noise: 2.5, k: 8, seed: 2 },
    { n: 300, dims: 8, clusters: 10, noise: 0.3, k: 4, seed: 3 },
    { n: 1000, dims: 128, clusters: 6, noise: 4, k: 12, seed: 4 },
  ];
  for (const c of cases) {
    it(`ends at Lloyd's fixed point: ${c.n} rows, ${c.dims} dimensions, k = ${c.k}, spread ${c.noise}`, () => {
      const p = points(c.n, c.dims, c.clusters, c.noise, c.seed);
      const fit = kmeans(p, c.k, c.seed, 2, 500);
      const searched = new Int32Array(c.n);
      const cohesion = assign(p, fit.centroids, c.k, searched);
      expect(Array.from(fit.labels)).toEqual(Array.from(searched));
      expect(fit.cohesion).toBeCloseTo(cohesion, 9);
      for (let cluster = 0; cluster < c.k; cluster++) {
        const sum = new Float64Array(c.dims);
        let members = 0;
        for (let i = 0; i < c.n; i++) {
          if (fit.labels[i] !== cluster) continue;
          members++;
          for (let d = 0; d < c.dims; d++) sum[d] += p.data[i * c.dims + d];
        }
        if (members === 0) continue;
        const norm = Math.hypot(...sum);
        for (let d = 0; d < c.dims; d++) expect(fit.centroids[cluster * c.dims + d]).toBeCloseTo(sum[d] / norm, 6);
      }
    });
  }

  it('gives the same fit for the same seed, and uses every cluster on separated data', () => {
    const p = points(500, 24, 4, 0.2, 9);
    const a = kmeans(p, 4, 7);
    const b = kmeans(p, 4, 7);
    expect(Array.from(a.labels)).toEqual(Array.from(b.labels));
    expect(new Set(a.labels).size).toBe(4);
  });
});
