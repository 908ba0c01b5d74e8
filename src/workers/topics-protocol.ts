/** Messages of the topics worker: prompts in, progress, then the two-level topics. */
import type { TopicNode } from '../core/topics/cluster.ts';

export interface TopicsRequest {
  texts: (string | null)[];
  seed: number;
}

export type TopicsResponse =
  | { type: 'progress'; stage: string; done: number; total: number }
  | { type: 'done'; nodes: TopicNode[]; top: Int32Array; leaf: Int32Array; method: string }
  | { type: 'error'; message: string };
