/**
 * The page's handle on the rating worker. One request at a time: a new `rate` supersedes the last
 * (its callbacks fall silent). If the worker dies, the pending request fails with a clear message
 * and the next request starts a fresh worker.
 */
import type { PairCounts } from '../core/stats/pair-counts';
import type { Leaderboard, LeaderboardOptions } from '../core/stats/leaderboard';
import type { WinMatrix } from '../core/stats/win-matrix';
import type { RatingRequest, RatingResponse } from '../workers/protocol';

export interface RatingUpdate {
  leaderboard: Leaderboard;
  observed: WinMatrix | null;
  final: boolean;
}

export interface RatingHandlers {
  onResult: (update: RatingUpdate) => void;
  onProgress?: (roundsDone: number, rounds: number) => void;
  onError: (message: string) => void;
  /** The worker died and was restarted; the request is being computed again. */
  onRestart?: (message: string) => void;
}

interface Pending {
  id: number;
  request: Extract<RatingRequest, { type: 'rate' }>;
  handlers: RatingHandlers;
  retried: boolean;
}

export class RatingClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private current: Pending | null = null;

  rate(counts: PairCounts, options: LeaderboardOptions, handlers: RatingHandlers): number {
    const id = this.nextId++;
    this.current = { id, request: { type: 'rate', id, counts, options }, handlers, retried: false };
    // Typed arrays are copied, not transferred: the page keeps its counts for re-fits.
    this.ensureWorker().postMessage(this.current.request);
    return id;
  }

  cancel(): void {
    if (this.current && this.worker) this.worker.postMessage({ type: 'cancel', id: this.current.id } satisfies RatingRequest);
    this.current = null;
  }

  /** Ends the worker (tests use it to simulate a crash; the next rate() starts a new one). */
  terminate(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('../workers/rating.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<RatingResponse>) => this.receive(event.data);
    // A worker that dies takes its request with it: start a new one and ask again, once.
    worker.onerror = (event) => {
      event.preventDefault();
      const pending = this.current;
      const what = `the rating worker stopped (${event.message || 'unknown error'})`;
      this.terminate();
      if (pending && !pending.retried) {
        pending.retried = true;
        pending.handlers.onRestart?.(`${what}; it was restarted and the ratings are being computed again`);
        this.ensureWorker().postMessage(pending.request);
      } else if (pending) {
        this.current = null;
        pending.handlers.onError(`${what} twice on this data; reload the page, or try fewer bootstrap rounds`);
      }
    };
    this.worker = worker;
    return worker;
  }

  private receive(message: RatingResponse): void {
    const current = this.current;
    if (!current || message.id !== current.id) return; // superseded
    if (message.type === 'progress') current.handlers.onProgress?.(message.roundsDone, message.rounds);
    else if (message.type === 'error') {
      this.current = null;
      current.handlers.onError(message.error.message);
    } else {
      if (message.final) this.current = null;
      current.handlers.onResult({ leaderboard: message.leaderboard, observed: message.observed, final: message.final });
    }
  }
}
