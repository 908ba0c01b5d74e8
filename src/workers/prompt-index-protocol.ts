/** Messages of the prompt index worker: a file's prompts once, then any number of pasted prompts. */
import type { NearChoice } from '../core/topics/nearest.ts';

export type PromptIndexRequest =
  /** The file's prompts and their battles' row ids (ascending), placed in the topics' space once. */
  | { type: 'index'; texts: (string | null)[]; rowIds: Int32Array }
  /** The battles nearest `text`, among `slice` (row ids) when given. */
  | { type: 'nearest'; id: number; text: string; choice: NearChoice; slice: Int32Array | null };

export type PromptIndexResponse =
  | { type: 'progress'; done: number; total: number }
  | { type: 'indexed'; prompts: number }
  | { type: 'nearest'; id: number; rowIds: Int32Array; similarity: Float32Array; candidates: number }
  | { type: 'error'; id: number | null; message: string };
