/**
 * Two-level topics of a file's prompts: vectors (vectors.ts) → spherical k-means with k chosen by
 * the silhouette times the stability across seeds (kmeans.ts) for the broad topics → the same again inside each broad
 * topic → labels by c-TF-IDF (labels.ts). k is chosen on a fixed sample and the centroids fitted
 * on a larger one, then every prompt is assigned: the cost is linear in prompts.
 */
import { assign, chooseK, kmeans, type Points } from './kmeans.ts';
import { classTfIdf } from './labels.ts';
import { promptVectors, TOPIC_DIMS } from './vectors.ts';

export const TOPIC_METHOD =
  'character 3–5-grams of words, hashed TF-IDF, sparse random projection to 128 dimensions, spherical k-means (greedy k-means++, k by silhouette × stability across 4 seeds), labels by class-based TF-IDF (BERTopic’s c-TF-IDF) over words';

export interface TopicOptions {
  seed?: number;
  /** Broad topics: k is chosen in [kMin, kMax]. */
  kMin?: number;
  kMax?: number;
  /** Sub-topics of each broad topic: k in [2, subMax]; a topic of fewer than minSplit prompts is not split. */
  subMax?: number;
  minSplit?: number;
  onProgress?: (stage: string, done: number, total: number) => void;
}

export interface TopicNode {
  id: number;
  /** -1 for a broad topic. */
  parent: number;
  level: 1 | 2;
  size: number;
  terms: string[];
  /** Indices of the prompts nearest the topic's centre. */
  examples: number[];
}

export interface TopicModel {
  /** Broad topics first (largest first), then each one's sub-topics. */
  nodes: TopicNode[];
  /** Per prompt: its broad topic's id, -1 without text. */
  top: Int32Array;
  /** Per prompt: its sub-topic's id (its broad topic's when that one is not split), -1 without text. */
  leaf: Int32Array;
  method: string;
  /** The silhouette × stability of each k tried for the broad topics. */
  scores: { k: number; score: number }[];
}

const CHOOSE_SAMPLE = 2000;
const FIT_SAMPLE = 20000;
const SUB_CHOOSE_SAMPLE = 600;
const SUB_FIT_SAMPLE = 5000;

function sampleRows(rows: Int32Array, want: number): Int32Array {
  if (rows.length <= want) return rows;
  const stride = rows.length / want;
  const out = new Int32Array(want);
  for (let i = 0; i < want; i++) out[i] = rows[Math.floor(i * stride)];
  return out;
}

/** Clusters of `rows` as labels 0 … k-1 by size (largest first), the centroids in that order, and each row's cosine. */
function clusterRows(
  data: Float32Array,
  dims: number,
  rows: Int32Array,
  kMin: number,
  kMax: number,
  seed: number,
  chooseSample: number,
  runs: number,
  fitSample: number,
): { k: number; labels: Int32Array; cos: Float32Array; scores: { k: number; score: number }[] } {
  const chosen = chooseK({ data, dims, rows: sampleRows(rows, chooseSample) }, kMin, kMax, seed, runs);
  const k = chosen.fit.k;
  const fitRows = sampleRows(rows, fitSample);
  const fit = fitRows.length > chooseSample ? kmeans({ data, dims, rows: fitRows }, k, seed + 101, 2, 30) : chosen.fit;
  const all: Points = { data, dims, rows };
  const labels = new Int32Array(rows.length);
  const cos = new Float32Array(rows.length);
  assign(all, fit.centroids, k, labels, cos);
  const sizes = new Array<number>(k).fill(0);
  for (const l of labels) sizes[l]++;
  const order = sizes.map((s, c) => ({ s, c })).sort((x, y) => y.s - x.s || x.c - y.c);
  const rank = new Int32Array(k);
  order.forEach((o, r) => (rank[o.c] = r));
  for (let i = 0; i < labels.length; i++) labels[i] = rank[labels[i]];
  return { k: order.filter((o) => o.s > 0).length, labels, cos, scores: chosen.scores };
}

function examplesOf(rows: Int32Array, labels: Int32Array, cos: Float32Array, c: number, count = 3): number[] {
  const members: { row: number; cos: number }[] = [];
  for (let i = 0; i < rows.length; i++) if (labels[i] === c) members.push({ row: rows[i], cos: cos[i] });
  return members
    .sort((x, y) => y.cos - x.cos || x.row - y.row)
    .slice(0, count)
    .map((m) => m.row);
}

/**
 * A topic's prompts less their mean, re-normalised: what its prompts share no longer dominates the
 * cosines, so its sub-topics separate on what differs among them.
 */
function centre(data: Float32Array, dims: number, rows: Int32Array): Float32Array {
  const mean = new Float64Array(dims);
  for (const r of rows) for (let d = 0; d < dims; d++) mean[d] += data[r * dims + d];
  for (let d = 0; d < dims; d++) mean[d] /= rows.length;
  const out = new Float32Array(rows.length * dims);
  rows.forEach((r, i) => {
    let s = 0;
    for (let d = 0; d < dims; d++) {
      const v = data[r * dims + d] - mean[d];
      out[i * dims + d] = v;
      s += v * v;
    }
    const inv = s > 0 ? 1 / Math.sqrt(s) : 0;
    for (let d = 0; d < dims; d++) out[i * dims + d] *= inv;
  });
  return out;
}

export function clusterTopics(texts: readonly (string | null | undefined)[], options: TopicOptions = {}): TopicModel {
  const { seed = 1, kMin = 2, kMax = 14, subMax = 6, minSplit = 40, onProgress } = options;
  const n = texts.length;
  const vectors = promptVectors(texts, TOPIC_DIMS, (done, total) => onProgress?.('reading prompts', done, total));
  const { data, dims } = vectors;
  const present: number[] = [];
  for (let i = 0; i < n; i++) if (vectors.present[i]) present.push(i);
  const rows = Int32Array.from(present);
  const top = new Int32Array(n).fill(-1);
  const leaf = new Int32Array(n).fill(-1);
  const nodes: TopicNode[] = [];
  if (rows.length < 2 * kMin) return { nodes, top, leaf, method: TOPIC_METHOD, scores: [] };
  onProgress?.('broad topics', 0, 1);
  const broad = clusterRows(data, dims, rows, kMin, kMax, seed, CHOOSE_SAMPLE, 4, FIT_SAMPLE);
  for (let i = 0; i < rows.length; i++) top[rows[i]] = broad.labels[i];
  for (let c = 0; c < broad.k; c++)
    nodes.push({ id: c, parent: -1, level: 1, size: 0, terms: [], examples: examplesOf(rows, broad.labels, broad.cos, c) });
  for (let i = 0; i < rows.length; i++) nodes[broad.labels[i]].size++;
  for (let c = 0; c < broad.k; c++) {
    onProgress?.('sub-topics', c, broad.k);
    const members = rows.filter((_, i) => broad.labels[i] === c);
    if (members.length < minSplit) {
      for (const r of members) leaf[r] = c;
      continue;
    }
    const centred = centre(data, dims, members);
    const local = Int32Array.from(members, (_, i) => i);
    const sub = clusterRows(centred, dims, local, 2, subMax, seed + 1000 * (c + 1), SUB_CHOOSE_SAMPLE, 3, SUB_FIT_SAMPLE);
    const first = nodes.length;
    for (let s = 0; s < sub.k; s++)
      nodes.push({ id: first + s, parent: c, level: 2, size: 0, terms: [], examples: examplesOf(members, sub.labels, sub.cos, s) });
    for (let i = 0; i < members.length; i++) {
      leaf[members[i]] = first + sub.labels[i];
      nodes[first + sub.labels[i]].size++;
    }
  }
  onProgress?.('labels', 0, 1);
  const broadTerms = classTfIdf(texts, top, broad.k);
  broadTerms.forEach((t, c) => (nodes[c].terms = t));
  // Sub-topics are labelled against every sub-topic (BERTopic labels each topic against all others).
  const subIds = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) if (leaf[i] >= broad.k) subIds[i] = leaf[i] - broad.k;
  const subTerms = classTfIdf(texts, subIds, nodes.length - broad.k);
  subTerms.forEach((t, s) => (nodes[broad.k + s].terms = t));
  onProgress?.('labels', 1, 1);
  return { nodes, top, leaf, method: TOPIC_METHOD, scores: broad.scores };
}
