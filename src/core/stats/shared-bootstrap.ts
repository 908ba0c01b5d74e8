/**
 * A board's bootstrap shared with a helper on a second core (a worker or thread running
 * helper-jobs.ts): this side hands the helper chunks of rounds from the top of the bootstrap while
 * it runs them from the bottom, and absorbs what comes back. The intervals are the ones a single
 * thread gives (each round has its own random stream). A helper that fails is dropped and its
 * rounds are run here; on one core there is no helper. How a helper starts is given: the page's
 * rating worker spawns a browser worker (workers/rating.worker.ts), the command line a Node thread
 * (cli/parallel-board.ts).
 */
import type { RoundsRun } from './bootstrap.ts';
import { boardRounds, type IncrementalLeaderboard, type LeaderboardOptions } from './leaderboard.ts';
import type { PairCounts } from './pair-counts.ts';

/** Chunks handed out at once: one being run, one waiting, so the helper never idles on a message. */
const IN_FLIGHT = 2;

type Range = { from: number; count: number };

/**
 * Between a board and its helper: the helper fits the same counts with the same options, then runs
 * the rounds it is handed and sends back their θ, which the board absorbs as if it had run them
 * (RatingBootstrap.absorb).
 */
export type HelperRequest =
  | { type: 'start'; job: number; counts: PairCounts; options: LeaderboardOptions }
  | { type: 'rounds'; job: number; from: number; count: number };

export type HelperResponse = { type: 'rounds'; job: number; run: RoundsRun } | { type: 'error'; job: number; message: string };

/** A running helper, whichever kind. */
export interface HelperPort {
  post(message: HelperRequest): void;
  terminate(): void;
}
/** Starts a helper that calls `onMessage` with each answer and `onError` if it fails. */
export type SpawnHelper = (onMessage: (message: HelperResponse) => void, onError: () => void) => HelperPort;

export class BootstrapHelper {
  private worker: HelperPort | null = null;
  private broken = false;
  private job = 0;
  private board: IncrementalLeaderboard | null = null;
  /**
   * A job whose start went out before its board was fitted here (prepare), waiting for begin, and
   * the rounds handed out with it (`first`), which begin claims from the board.
   */
  private prepared: { job: number; counts: PairCounts; options: LeaderboardOptions; first: Range[] } | null = null;
  private readonly outstanding = new Map<number, Range>();
  private readonly arrived: RoundsRun[] = [];
  private wake: (() => void) | null = null;
  /** Rounds the helper ran and this side absorbed, over every job. */
  roundsFromHelper = 0;

  /** `cores`: how many the machine has (one means no helper). */
  constructor(
    private readonly spawn: SpawnHelper,
    private readonly cores: () => number,
  ) {}

  /** Whether a second core is there to help. */
  private available(): boolean {
    return this.cores() >= 2;
  }

  /**
   * A new job, ending the one before: the helper fits `counts` with `options` as `board` was
   * fitted. Returns the job's number, which the other calls take (a call for an ended job does nothing).
   */
  begin(board: IncrementalLeaderboard, counts: PairCounts, options: LeaderboardOptions): number {
    const ready = this.prepared;
    this.prepared = null;
    if (ready && ready.job === this.job && ready.counts === counts && ready.options === options && !this.broken) {
      // A fresh board (every round unclaimed) claims first exactly the ranges the helper was handed
      // with its start: firstRanges takes the same chunkOf steps from the same top.
      if (board.roundsUnclaimed === boardRounds(options)) {
        this.board = board;
        for (const range of ready.first) {
          board.claimRounds(range.count);
          // A fast helper may have answered already: its rounds wait in `arrived`, not outstanding.
          if (!this.arrived.some((run) => run.from === range.from)) this.outstanding.set(range.from, range);
        }
        return this.job;
      }
    }
    this.stop(this.job);
    const job = ++this.job;
    if (this.broken || !this.available()) return job;
    this.board = board;
    this.send({ type: 'start', job, counts, options });
    return job;
  }

  /**
   * Has the helper fit `counts` now, while this side fits them too, rather than after, and run the
   * first chunks of rounds (of `chunk`, as feed hands them out) as soon as it has: a begin with the
   * same counts and options then takes this job, and the helper never waits for this side's fit.
   * Any other begin ends it.
   */
  prepare(counts: PairCounts, options: LeaderboardOptions, chunk: number): void {
    this.stop(this.job);
    if (this.broken || !this.available()) return;
    const job = ++this.job;
    const first = firstRanges(boardRounds(options), chunk);
    this.prepared = { job, counts, options, first };
    this.send({ type: 'start', job, counts, options });
    for (const range of first) this.send({ type: 'rounds', job, ...range });
  }

  /** Hands out chunks of `chunk` rounds (smaller near the end: chunkOf) until IN_FLIGHT are out. */
  feed(job: number, chunk: number): void {
    const board = this.board;
    if (job !== this.job || !board || this.broken) return;
    while (this.outstanding.size < IN_FLIGHT) {
      const range = board.claimRounds(chunkOf(board.roundsUnclaimed, chunk));
      if (!range) return;
      this.outstanding.set(range.from, range);
      this.send({ type: 'rounds', job: this.job, ...range });
    }
  }

  /** Absorbs the rounds that came back into the board. */
  absorb(job: number): void {
    if (job !== this.job) return;
    for (const run of this.arrived.splice(0)) {
      this.board?.absorbRounds(run);
      this.roundsFromHelper += run.count;
    }
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

  /** Ends the helper for good (a command about to exit); a later job runs its rounds here. */
  close(): void {
    this.stop(this.job);
    this.worker?.terminate();
    this.worker = null;
    this.broken = true;
  }

  /** Starts the helper now (when it may help), so its start overlaps other work rather than the first job. */
  warm(): void {
    if (!this.broken && this.available()) this.port();
  }

  private port(): HelperPort {
    this.worker ??= this.spawn(
      (answer) => this.receive(answer),
      () => this.fail(),
    );
    return this.worker;
  }

  private send(message: HelperRequest): void {
    try {
      this.port().post(message);
    } catch {
      this.fail();
    }
  }

  private receive(message: HelperResponse): void {
    if (message.job !== this.job) return;
    if (message.type === 'error') return this.fail();
    this.outstanding.delete(message.run.from);
    this.arrived.push(message.run);
    this.wakeUp();
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

/**
 * A chunk of at most `chunk` rounds out of `unclaimed` left, and at most a fifth of those once few
 * are: at the end each side then holds a round or two rather than a chunk or two (this side waiting
 * on the helper's last chunks, or the helper on this side's, was the bootstrap's tail).
 */
const chunkOf = (unclaimed: number, chunk: number) => Math.max(1, Math.min(chunk, Math.floor(unclaimed / (IN_FLIGHT + 3))));

/** The ranges a fresh board of `rounds` rounds hands out first, IN_FLIGHT of them, as feed would (claims from the top). */
function firstRanges(rounds: number, chunk: number): Range[] {
  const ranges: Range[] = [];
  let unclaimed = rounds;
  while (ranges.length < IN_FLIGHT && unclaimed > 0) {
    const count = chunkOf(unclaimed, chunk);
    unclaimed -= count;
    ranges.push({ from: unclaimed, count });
  }
  return ranges;
}

export interface BootstrapRun {
  /** Rounds per chunk run on this side between two looks at the world. */
  chunk: number;
  /**
   * At most about this long a chunk on this side (rounds timed as they run), so a newer request
   * waits no longer for it: on the page a click's fit queues behind the chunk under way (20 rounds
   * of 150 models were ~0.1 s). Unset: `chunk` rounds whatever they take (the command line).
   */
  chunkMs?: number;
  /** A macrotask boundary, so the helper's answers (and newer requests) are delivered. */
  breathe: () => Promise<void>;
  /** False once the run should stop (a newer request); checked before each chunk. */
  live: () => boolean;
  /** After each chunk, to report progress. */
  onChunk: () => void;
}

/**
 * Runs the board's bootstrap to the end on this side and the helper's: a chunk here, a look at
 * what the helper sent back, again. Returns false if `live` said stop; rounds still with the helper
 * then go back to the board, which a later run may go on with.
 */
export async function runBootstrap(
  board: IncrementalLeaderboard,
  helper: BootstrapHelper,
  counts: PairCounts,
  options: LeaderboardOptions,
  run: BootstrapRun,
): Promise<boolean> {
  const job = board.finished ? -1 : helper.begin(board, counts, options);
  /** Milliseconds a round took here, as last measured (0: not yet). */
  let roundMs = 0;
  try {
    while (!board.finished) {
      await run.breathe();
      if (!run.live()) return false;
      helper.absorb(job);
      helper.feed(job, run.chunk);
      const rounds = chunkOf(board.roundsUnclaimed, run.chunk);
      // Timed chunks start with one round, which times them: a first chunk of 20 untimed rounds of 150
      // models (~60 ms cold) was what a click right after a board's point ratings waited for.
      const timed = run.chunkMs === undefined ? rounds : roundMs > 0 ? Math.max(1, Math.min(rounds, Math.floor(run.chunkMs / roundMs))) : 1;
      const started = performance.now();
      const ran = board.runRounds(timed);
      if (ran > 0) roundMs = (performance.now() - started) / ran;
      // Everything left is with the helper: wait for it rather than spin.
      if (ran === 0 && !board.finished) {
        await helper.reply(job);
        helper.absorb(job);
      }
      run.onChunk();
    }
    return true;
  } finally {
    helper.stop(job);
  }
}
