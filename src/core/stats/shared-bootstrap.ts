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
import type { RoundStart } from './bootstrap-round.ts';
import type { RatingFit } from './fit-groups.ts';
import type { IncrementalLeaderboard, LeaderboardOptions } from './leaderboard.ts';
import type { PairCounts } from './pair-counts.ts';
import type { PoissonTables } from './poisson.ts';

/** Chunks handed out at once: one being run, one waiting, so the helper never idles on a message. */
const IN_FLIGHT = 2;

type Range = { from: number; count: number };

/**
 * Between a board and its helper: `start` has the helper build the rounds' Poisson tables from the
 * counts (boardTables), and send them back when this side has yet to build them, `fit` gives it the board's fit and its rounds' starts
 * (so the same rounds without fitting again), then it runs the rounds it is handed and sends back their θ, which the
 * board absorbs as if it had run them (RatingBootstrap.absorb).
 */
export type HelperRequest =
  | { type: 'start'; job: number; counts: PairCounts; options: LeaderboardOptions; sendTables: boolean }
  | { type: 'fit'; job: number; fit: RatingFit; starts: RoundStart[] }
  | { type: 'rounds'; job: number; from: number; count: number };

export type HelperResponse =
  | { type: 'tables'; job: number; tables: PoissonTables }
  | { type: 'rounds'; job: number; run: RoundsRun }
  | { type: 'error'; job: number; message: string };

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
  /** A job started before its board was fitted here (prepare), waiting for begin. */
  private prepared: { job: number; counts: PairCounts; options: LeaderboardOptions } | null = null;
  /** The tables the helper built for a prepared job: pending until they come (or the job ends). */
  private preparedTables: { job: number; tables: PoissonTables | null; waiting: ((tables: PoissonTables | null) => void)[] } | null = null;
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
   * A new job, ending the one before (unless it is the one prepared for these counts and options):
   * the helper is given `board`'s fit of `counts`. Returns the job's number, which the other calls
   * take (a call for an ended job does nothing).
   */
  begin(board: IncrementalLeaderboard, counts: PairCounts, options: LeaderboardOptions): number {
    const ready = this.prepared;
    this.prepared = null;
    const continued = !!ready && ready.job === this.job && ready.counts === counts && ready.options === options && !this.broken;
    if (!continued) {
      this.stop(this.job);
      if (this.broken || !this.available()) return this.job;
      this.send({ type: 'start', job: this.job, counts, options, sendTables: false });
    }
    this.board = board;
    this.send({ type: 'fit', job: this.job, fit: board.fit, starts: board.roundStarts() });
    return this.job;
  }

  /**
   * Starts a job for `counts` before this side fits them: the helper builds the rounds' tables
   * meanwhile (tables() hands them over) and waits for the fit. A begin with the same counts and
   * options takes this job; any other ends it.
   */
  prepare(counts: PairCounts, options: LeaderboardOptions): void {
    this.stop(this.job);
    if (this.broken || !this.available()) return;
    this.prepared = { job: this.job, counts, options };
    this.preparedTables = { job: this.job, tables: null, waiting: [] };
    this.send({ type: 'start', job: this.job, counts, options, sendTables: true });
  }

  /**
   * The rounds' tables the helper built for a prepared job, once they come: null at once for a job
   * not prepared, and null if the helper fails or the job ends first.
   */
  tables(job: number): Promise<PoissonTables | null> {
    const pending = this.preparedTables;
    if (!pending || pending.job !== job || job !== this.job) return Promise.resolve(null);
    if (pending.tables) return Promise.resolve(pending.tables);
    return new Promise((resolve) => pending.waiting.push(resolve));
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
    this.settleTables(null);
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

  /** Posts to the helper, started if need be; nothing once it has failed (a failed post fails it). */
  private send(message: HelperRequest): void {
    if (this.broken) return;
    try {
      this.port().post(message);
    } catch {
      this.fail();
    }
  }

  private receive(message: HelperResponse): void {
    if (message.job !== this.job) return;
    if (message.type === 'error') return this.fail();
    if (message.type === 'tables') return this.settleTables(message.tables);
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
    this.settleTables(null);
    this.wakeUp();
  }

  /** The prepared job's tables came (kept for tables()), or will not (null: the waiting are told, the job forgotten). */
  private settleTables(tables: PoissonTables | null): void {
    const pending = this.preparedTables;
    if (!pending) return;
    if (tables) pending.tables = tables;
    else this.preparedTables = null;
    for (const resolve of pending.waiting.splice(0)) resolve(tables);
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
    // A prepared job's helper built the rounds' tables while this side fitted: taken, not built again.
    if (board.needsRoundTables) {
      const tables = await helper.tables(job);
      if (tables) board.useRoundTables(tables);
    }
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
