/**
 * The rating worker's side of its bootstrap helper (bootstrap-helper.worker.ts): hands the helper
 * chunks of rounds from the top of the board's bootstrap while the rating worker runs them from the
 * bottom, and absorbs what comes back. The intervals are the ones a single worker gives (each round
 * has its own random stream). A helper that fails is dropped and its rounds are run here; on one
 * core there is no helper.
 */
import type { RoundsRun } from '../core/stats/bootstrap.ts';
import type { IncrementalLeaderboard, LeaderboardOptions } from '../core/stats/leaderboard.ts';
import type { PairCounts } from '../core/stats/pair-counts.ts';
import type { HelperRequest, HelperResponse } from './rating-protocol.ts';

/** Chunks handed out at once: one being run, one waiting, so the helper never idles on a message. */
const IN_FLIGHT = 2;

type Range = { from: number; count: number };

export class BootstrapHelper {
  private worker: Worker | null = null;
  private broken = false;
  private job = 0;
  private board: IncrementalLeaderboard | null = null;
  private readonly outstanding = new Map<number, Range>();
  private readonly arrived: RoundsRun[] = [];
  private wake: (() => void) | null = null;

  /** Whether a second core is there to help. */
  static available(): boolean {
    return typeof Worker !== 'undefined' && (navigator.hardwareConcurrency ?? 1) >= 2;
  }

  /**
   * A new job, ending the one before: the helper fits `counts` with `options` as `board` was
   * fitted. Returns the job's number, which the other calls take (a call for an ended job does nothing).
   */
  begin(board: IncrementalLeaderboard, counts: PairCounts, options: LeaderboardOptions): number {
    this.stop(this.job);
    const job = ++this.job;
    if (this.broken || !BootstrapHelper.available()) return job;
    this.board = board;
    this.send({ type: 'start', job, counts, options });
    return job;
  }

  /** Hands out chunks of `chunk` rounds until IN_FLIGHT are out. */
  feed(job: number, chunk: number): void {
    const board = this.board;
    if (job !== this.job || !board || this.broken) return;
    while (this.outstanding.size < IN_FLIGHT) {
      const range = board.claimRounds(chunk);
      if (!range) return;
      this.outstanding.set(range.from, range);
      this.send({ type: 'rounds', job: this.job, ...range });
    }
  }

  /** Absorbs the rounds that came back into the board. */
  absorb(job: number): void {
    if (job !== this.job) return;
    for (const run of this.arrived.splice(0)) this.board?.absorbRounds(run);
  }

  /** Settles when the helper answers, fails or the job ends: for when nothing is left to run here. */
  reply(job: number): Promise<void> {
    if (job !== this.job || this.arrived.length > 0 || this.outstanding.size === 0) return Promise.resolve();
    return new Promise((resolve) => (this.wake = resolve));
  }

  /** Ends the job: rounds handed out and not back are returned to the board, late answers ignored. */
  stop(job: number): void {
    if (job !== this.job) return;
    this.absorb(job);
    this.releaseOutstanding();
    this.board = null;
    this.job++;
    this.wakeUp();
  }

  private send(message: HelperRequest): void {
    try {
      this.worker ??= this.spawn();
      this.worker.postMessage(message);
    } catch {
      this.fail();
    }
  }

  private spawn(): Worker {
    const worker = new Worker(new URL('./bootstrap-helper.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<HelperResponse>) => {
      const message = event.data;
      if (message.job !== this.job) return;
      if (message.type === 'error') return this.fail();
      this.outstanding.delete(message.run.from);
      this.arrived.push(message.run);
      this.wakeUp();
    };
    worker.onerror = () => this.fail();
    return worker;
  }

  /** The helper is gone for good: its rounds are run here from now on. */
  private fail(): void {
    this.broken = true;
    this.worker?.terminate();
    this.worker = null;
    this.releaseOutstanding();
    this.wakeUp();
  }

  /** Rounds handed out and not back go back to the board, which runs them itself. */
  private releaseOutstanding(): void {
    for (const range of this.outstanding.values()) this.board?.releaseRounds(range);
    this.outstanding.clear();
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}
