/**
 * The page's handle on the rating worker. Requests go in lanes (rating-protocol.ts): a new one supersedes
 * the last of its lane (its callbacks fall silent). If the worker dies, every pending request is
 * sent again, once, to a fresh worker; a second death fails them with a clear message.
 */
import type { PairCounts } from '../core/stats/pair-counts.ts';
import type { CompareOptions, SourceComparison } from '../core/stats/source-compare.ts';
import type { MatchedItem } from '../core/sources/match-items.ts';
import type { Leaderboard, LeaderboardOptions } from '../core/stats/leaderboard.ts';
import type { SliceComparison, SliceCompareOptions } from '../core/stats/slice-compare.ts';
import type { StyleControlFit, StyleControlOptions, StyleVotes } from '../core/stats/style-control.ts';
import type { ControlsFit, ControlVotes } from '../core/stats/controls.ts';
import type { WinMatrix } from '../core/stats/win-matrix.ts';
import type { AuditOptions, AuditReport } from '../core/stats/audit.ts';
import type { VoterAudit, VoterInput } from '../core/stats/voter-audit.ts';
import type { VoterTestOptions } from '../core/stats/voter-outliers.ts';
import type { JudgeBoard, JudgeBoardInput, JudgeBoardOptions } from '../core/stats/judge-board.ts';
import type { RatingRequest, RatingResponse, RequestLane, RequestNotice } from '../workers/rating-protocol.ts';
import { afterPaint } from './marks.ts';

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
  /** A board of the request is painted (after each result). */
  onShown?: () => void;
  /** The final board on the request's standby scale, after the final result (null: none to be had). */
  onStandby?: (leaderboard: Leaderboard | null) => void;
}

export interface CompareHandlers {
  onResult: (comparison: SliceComparison, final: boolean) => void;
  onError: (message: string) => void;
}

export interface AuditHandlers {
  onResult: (report: AuditReport, final: boolean) => void;
  onError: (message: string) => void;
}

type Request = Exclude<RatingRequest, RequestNotice>;

interface Pending {
  request: Request;
  /** Returns true when the request is complete. */
  receive: (message: RatingResponse) => boolean;
  fail: (message: string) => void;
  /** A newer request of the lane took over; streaming requests just fall silent. */
  superseded?: () => void;
  restart?: (message: string) => void;
  retried: boolean;
}

/** A one-shot request that was superseded or cancelled: its promise rejects with this. */
export class Superseded extends Error {
  constructor() {
    super('superseded by a newer request');
    this.name = 'Superseded';
  }
}

export class RatingClient {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  rate(counts: PairCounts, options: LeaderboardOptions, handlers: RatingHandlers, standby?: LeaderboardOptions): number {
    // Typed arrays are copied, not transferred: the page keeps its counts for re-fits.
    return this.send(
      { type: 'rate', id: 0, counts, options, ...(standby ? { standby } : {}) },
      {
        receive: (message) => {
          if (message.type === 'progress') handlers.onProgress?.(message.roundsDone, message.rounds);
          else if (message.type === 'standby') {
            handlers.onStandby?.(message.leaderboard);
            return true;
          } else if (message.type === 'error') {
            handlers.onError(message.error.message);
            return true;
          } else if (message.type === 'result') {
            handlers.onResult({ leaderboard: message.leaderboard, observed: message.observed, final: message.final });
            // Once a board is on screen the worker may go on (it waits only after a point board).
            const { id } = message;
            afterPaint(() => {
              this.worker?.postMessage({ type: 'shown', id } satisfies RatingRequest);
              handlers.onShown?.();
            });
            // A request with a standby scale ends with that board, after the final one.
            return message.final && !standby;
          }
          return false;
        },
        fail: handlers.onError,
        restart: handlers.onRestart,
      },
    );
  }

  /** Bootstraps the difference between two slices; returns the request id (for cancel). */
  compare(left: PairCounts, right: PairCounts, options: SliceCompareOptions, handlers: CompareHandlers): number {
    return this.send(
      { type: 'compare', id: 0, left, right, options },
      {
        receive: (message) => {
          if (message.type === 'error') {
            handlers.onError(message.error.message);
            return true;
          }
          if (message.type !== 'comparison') return false;
          handlers.onResult(message.comparison, message.final);
          return message.final;
        },
        fail: handlers.onError,
      },
    );
  }

  /** The style-controlled fit; rejects with Superseded when a newer one is asked for. */
  style(votes: StyleVotes, options: StyleControlOptions): Promise<StyleControlFit> {
    return this.once({ type: 'style', id: 0, votes, options }, (m) => (m.type === 'style-fit' ? m.fit : undefined));
  }

  /** The controlled board of the chosen covariates; rejects with Superseded when a newer one is asked for. */
  controls(votes: ControlVotes, options: { anchor?: { model: string; value: number } }): Promise<ControlsFit> {
    return this.once({ type: 'controls', id: 0, votes, options }, (m) => (m.type === 'controls-fit' ? m.fit : undefined));
  }

  /** The judge board (baseline view, length control, self-preference); rejects with Superseded when a newer one is asked for. */
  judgeBoard(input: JudgeBoardInput, options: JudgeBoardOptions): Promise<JudgeBoard> {
    return this.once({ type: 'judgeboard', id: 0, input, options }, (m) => (m.type === 'judgeboard' ? m.board : undefined));
  }

  /** A sub-slice's leaderboard with every bootstrap round run. */
  board(counts: PairCounts, options: LeaderboardOptions): Promise<Leaderboard> {
    return this.once({ type: 'board', id: 0, counts, options }, (m) => (m.type === 'board' ? m.leaderboard : undefined));
  }

  /** Two sources compared on their matched items; rejects with Superseded when a newer comparison is asked for. */
  sources(items: MatchedItem[], options: CompareOptions): Promise<SourceComparison> {
    return this.once({ type: 'sources', id: 0, items, options }, (m) => (m.type === 'sources' ? m.comparison : undefined));
  }

  /** Online Elo over votes in time order; rejects with Superseded when a newer one is asked for. */
  elo(models: number, a: Int32Array, b: Int32Array, outcome: Uint8Array, k: number): Promise<Float64Array> {
    return this.once({ type: 'elo', id: 0, models, a, b, outcome, k }, (m) => (m.type === 'elo' ? m.ratings : undefined));
  }

  /** The Audit's voter checks; rejects with Superseded when newer ones are asked for. */
  voters(counts: PairCounts, input: VoterInput, options: VoterTestOptions): Promise<VoterAudit> {
    return this.once({ type: 'voters', id: 0, counts, input, options }, (m) => (m.type === 'voters' ? m.audit : undefined));
  }

  /** The trust audit, its parts streamed; returns the request id (for cancel). */
  audit(counts: PairCounts, options: AuditOptions, handlers: AuditHandlers): number {
    return this.send(
      { type: 'audit', id: 0, counts, options },
      {
        receive: (message) => {
          if (message.type === 'error') {
            handlers.onError(message.error.message);
            return true;
          }
          if (message.type !== 'audit') return false;
          handlers.onResult(message.report, message.final);
          return message.final;
        },
        fail: handlers.onError,
      },
    );
  }

  /** Stops a request (its callbacks fall silent); with no id, stops the current `rate`. */
  cancel(id?: number): void {
    const target = id ?? [...this.pending].find(([, p]) => p.request.type === 'rate')?.[0];
    if (target === undefined || !this.pending.has(target)) return;
    this.pending.delete(target);
    this.worker?.postMessage({ type: 'cancel', id: target } satisfies RatingRequest);
  }

  /** Ends the worker (tests use it to simulate a crash; the next request starts a new one). */
  terminate(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  private once<T>(request: Request, pick: (m: RatingResponse) => T | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.send(request, {
        receive: (message) => {
          if (message.type === 'error') {
            reject(new Error(message.error.message));
            return true;
          }
          const value = pick(message);
          if (value === undefined) return false;
          resolve(value);
          return true;
        },
        fail: (message) => reject(new Error(message)),
        superseded: () => reject(new Superseded()),
      });
    });
  }

  private send(request: Request, handlers: Omit<Pending, 'request' | 'retried'>): number {
    const id = this.nextId++;
    const lane: RequestLane = request.type;
    if (lane !== 'board') {
      for (const [other, p] of this.pending) {
        if (p.request.type === lane) {
          this.pending.delete(other);
          p.superseded?.();
        }
      }
    }
    const full = { ...request, id } as Request;
    this.pending.set(id, { request: full, ...handlers, retried: false });
    this.ensureWorker().postMessage(full);
    return id;
  }

  /** Starts the worker ahead of the first request: its script loads while the first counts are read. */
  warm(): void {
    this.ensureWorker();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('../workers/rating.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<RatingResponse>) => this.receive(event.data);
    // A worker that dies takes its requests with it: start a new one and ask again, once.
    worker.onerror = (event) => {
      event.preventDefault();
      const what = `the rating worker stopped (${event.message || 'unknown error'})`;
      this.terminate();
      for (const [id, p] of [...this.pending]) {
        if (!p.retried) {
          p.retried = true;
          p.restart?.(`${what}; it was restarted and the ratings are being computed again`);
          this.ensureWorker().postMessage(p.request);
        } else {
          this.pending.delete(id);
          p.fail(`${what} twice on this data; reload the page, or try fewer bootstrap rounds`);
        }
      }
    };
    this.worker = worker;
    return worker;
  }

  private receive(message: RatingResponse): void {
    const p = this.pending.get(message.id);
    if (!p) return; // superseded or cancelled
    if (p.receive(message)) this.pending.delete(message.id);
  }
}
