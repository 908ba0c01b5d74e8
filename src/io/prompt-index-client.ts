/**
 * Runs the prompt index worker for one file: the prompts go in once (with progress), then each
 * pasted prompt's nearest battles come back. `end()` stops the worker and fails what is pending.
 */
import type { NearChoice } from '../core/topics/nearest.ts';
import type { PromptIndexRequest, PromptIndexResponse } from '../workers/prompt-index-protocol.ts';

export type NearestAnswer = Extract<PromptIndexResponse, { type: 'nearest' }>;

export class PromptIndexClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (a: NearestAnswer) => void; reject: (e: Error) => void }>();
  private next = 1;
  /** Settles once the prompts are indexed. */
  readonly ready: Promise<void>;
  onProgress: (done: number, total: number) => void = () => {};

  constructor(texts: (string | null)[], rowIds: Int32Array) {
    this.worker = new Worker(new URL('../workers/prompt-index.worker.ts', import.meta.url), { type: 'module' });
    let indexed!: () => void, failed!: (e: Error) => void;
    this.ready = new Promise((resolve, reject) => ((indexed = resolve), (failed = reject)));
    this.worker.onmessage = (event: MessageEvent<PromptIndexResponse>) => {
      const m = event.data;
      if (m.type === 'progress') this.onProgress(m.done, m.total);
      else if (m.type === 'indexed') indexed();
      else if (m.type === 'nearest') this.settle(m.id, (p) => p.resolve(m));
      else if (m.id === null) failed(new Error(`prompt index: ${m.message}`));
      else this.settle(m.id, (p) => p.reject(new Error(m.message)));
    };
    this.worker.onerror = (e) => {
      const error = new Error(`prompt index worker: ${e.message}`);
      failed(error);
      this.failAll(error);
    };
    // Whoever asks for a neighbour hears of a failed index; this only keeps it from going unhandled.
    this.ready.catch(() => {});
    this.post({ type: 'index', texts, rowIds });
  }

  async nearest(text: string, choice: NearChoice, slice: Int32Array | null): Promise<NearestAnswer> {
    await this.ready;
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ type: 'nearest', id, text, choice, slice });
    });
  }

  end(): void {
    this.worker.terminate();
    this.failAll(new DOMException('superseded', 'AbortError') as unknown as Error);
  }

  private post(message: PromptIndexRequest): void {
    this.worker.postMessage(message);
  }

  private settle(id: number, act: (p: { resolve: (a: NearestAnswer) => void; reject: (e: Error) => void }) => void): void {
    const p = this.pending.get(id);
    this.pending.delete(id);
    if (p) act(p);
  }

  private failAll(error: Error): void {
    for (const p of this.pending.values()) p.reject(error);
    this.pending.clear();
  }
}
