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
}

export class RatingClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private current: { id: number; handlers: RatingHandlers } | null = null;

  rate(counts: PairCounts, options: LeaderboardOptions, handlers: RatingHandlers): number {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    this.current = { id, handlers };
    // Typed arrays are copied, not transferred: the page keeps its counts for re-fits.
    worker.postMessage({ type: 'rate', id, counts, options } satisfies RatingRequest);
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
    worker.onerror = (event) => {
      event.preventDefault();
      const pending = this.current;
      this.terminate();
      this.current = null;
      pending?.handlers.onError(`the rating worker stopped (${event.message || 'unknown error'}); it has been restarted — try again`);
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
