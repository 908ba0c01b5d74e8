/**
 * Ratings of the current slice: asks the worker, keeps the newest answer, and shows progress as
 * bootstrap rounds arrive. A run with the same counts and options as the last is not repeated.
 * Lenses ask their own statistics of the same worker through it (compare, style, subBoard), so
 * nothing statistical runs on the page's thread.
 */
import { untrack } from 'svelte';
import { RatingClient, Superseded, type AuditHandlers, type CompareHandlers } from '../io/rating-client.ts';
import type { AuditOptions } from '../core/stats/audit.ts';
import type { VoterAudit, VoterInput } from '../core/stats/voter-audit.ts';
import type { VoterTestOptions } from '../core/stats/voter-outliers.ts';
import type { JudgeBoard, JudgeBoardInput, JudgeBoardOptions } from '../core/stats/judge-board.ts';
import type { CompareOptions, SourceComparison } from '../core/stats/source-compare.ts';
import type { MatchedItem } from '../core/sources/match-items.ts';
import { afterPaint, mark } from '../io/marks.ts';
import { countsFingerprint, type PairCounts } from '../core/stats/pair-counts.ts';
import type { Leaderboard, LeaderboardOptions } from '../core/stats/leaderboard.ts';
import type { SliceCompareOptions } from '../core/stats/slice-compare.ts';
import type { StyleControlFit, StyleControlOptions, StyleVotes } from '../core/stats/style-control.ts';
import type { ControlsFit, ControlVotes } from '../core/stats/controls.ts';
import type { WinMatrix } from '../core/stats/win-matrix.ts';
import type { BootstrapEnd } from '../core/view/bootstrap-end.ts';
import { rankChanges, type RankChange } from '../core/stats/rank-change.ts';

export { Superseded };

/**
 * The fit is dense in the number of models (Hessian and win matrix are models × models): past this
 * many, a tab runs out of memory or time, so the page says so and how to narrow the board instead.
 */
export const MAX_RATED_MODELS = 1500;

export class RatingsStore {
  leaderboard = $state.raw<Leaderboard | null>(null);
  observed = $state.raw<WinMatrix | null>(null);
  counts = $state.raw<PairCounts | null>(null);
  roundsDone = $state(0);
  rounds = $state(0);
  computing = $state(false);
  /** How the current board's bootstrap ended; null while it runs. */
  ended = $state.raw<BootstrapEnd | null>(null);
  error = $state<string | null>(null);
  /** Something that went wrong and was mended (a restarted worker), said once. */
  notice = $state<string | null>(null);

  /** The whole file's board, fitted alike, while the view is filtered (wholeBoard); null otherwise or until fitted. */
  overall = $state.raw<Leaderboard | null>(null);
  /** Each model's rank on the filtered board against the whole file's (stats/rank-change.ts); null unfiltered. */
  readonly changes = $derived.by<RankChange[] | null>(() =>
    this.overall && this.leaderboard ? rankChanges(this.leaderboard, this.overall) : null,
  );
  private overallKey = '';
  /** The last board whose every round ran, by request key: the whole file's, when the view was unfiltered before. */
  private lastFinal: { key: string; board: Leaderboard } | null = null;

  private readonly client = new RatingClient();
  private last: { counts: PairCounts; options: LeaderboardOptions } | null = null;
  /**
   * The final board on the scale switch's other scale (mean 1000 ↔ LMArena's anchor), by request key:
   * the worker sends it after each final board, so the switch repaints at once with no request, and
   * the board it leaves becomes the way back.
   */
  private standby: { key: string; leaderboard: Leaderboard } | null = null;

  /** Starts the rating worker now: the first board then waits only for its fit. */
  warm(): void {
    this.client.warm();
  }

  /**
   * Bootstraps the difference between two slices in the worker; results stream to `handlers`.
   * Returns a function that stops the run (a newer comparison also stops it).
   */
  compare(left: PairCounts, right: PairCounts, options: SliceCompareOptions, handlers: CompareHandlers): () => void {
    const id = this.client.compare(left, right, options, handlers);
    return () => this.client.cancel(id);
  }

  /** The style-controlled fit, in the worker; rejects with Superseded when a newer one is asked for. */
  style(votes: StyleVotes, options: StyleControlOptions = {}): Promise<StyleControlFit> {
    return this.client.style(votes, options);
  }

  /** The controlled board of the chosen covariates, in the worker; rejects with Superseded when a newer one is asked for. */
  controls(votes: ControlVotes, options: { anchor?: { model: string; value: number } } = {}): Promise<ControlsFit> {
    return this.client.controls(votes, options);
  }

  /** Two sources on their matched items (agreement, both boards, τ and ρ), in the worker; rejects with Superseded when a newer one is asked for. */
  sources(items: MatchedItem[], options: CompareOptions): Promise<SourceComparison> {
    return this.client.sources(items, options);
  }

  /** The trust audit of some counts, its parts streamed to `handlers`; returns a function that stops it. */
  audit(counts: PairCounts, options: AuditOptions, handlers: AuditHandlers): () => void {
    const id = this.client.audit(counts, options, handlers);
    return () => this.client.cancel(id);
  }

  /** The judge board of a slice, in the worker; rejects with Superseded when a newer one is asked for. */
  judgeBoard(input: JudgeBoardInput, options: JudgeBoardOptions): Promise<JudgeBoard> {
    return this.client.judgeBoard(input, options);
  }

  /** The Audit's voter checks, in the worker; rejects with Superseded when newer ones are asked for. */
  voters(counts: PairCounts, input: VoterInput, options: VoterTestOptions): Promise<VoterAudit> {
    return this.client.voters(counts, input, options);
  }

  /** A sub-slice's leaderboard (one tool's LLM, one benchmark), in the worker. */
  subBoard(counts: PairCounts, options: LeaderboardOptions): Promise<Leaderboard> {
    return this.client.board(counts, options);
  }

  /** Online Elo (K = k) replayed over votes in time order, in the worker. */
  elo(models: number, a: Int32Array, b: Int32Array, outcome: Uint8Array, k: number): Promise<Float64Array> {
    return this.client.elo(models, a, b, outcome, k);
  }

  /**
   * Keeps `overall` as the board of `counts` (the whole file's) with `options`, for a filtered
   * view's rank changes; null counts forget it. The board just shown unfiltered is reused, else
   * it is fitted in the worker once per counts and options.
   */
  wholeBoard(counts: PairCounts | null, options: LeaderboardOptions): void {
    untrack(() => {
      const key = counts ? `${countsFingerprint(counts)}|${JSON.stringify(options)}` : '';
      if (key === this.overallKey) return;
      this.overallKey = key;
      this.overall = null;
      if (!counts) return;
      if (this.lastFinal?.key === key) {
        this.overall = this.lastFinal.board;
        return;
      }
      this.client.board(counts, options).then(
        (board) => {
          if (this.overallKey === key) this.overall = board;
        },
        () => {
          // Without the whole file's board the filtered board simply shows no change column.
          if (this.overallKey === key) this.overallKey = '';
        },
      );
    });
  }

  /** Runs the last request again (after an error). */
  retry(): void {
    if (!this.last) return;
    this.lastKey = '';
    this.run(this.last.counts, this.last.options);
  }
  private lastKey = '';

  /** Forgets the board: a new dataset must never show the previous one's ratings. */
  reset(): void {
    this.client.cancel();
    this.ended = null;
    this.leaderboard = null;
    this.observed = null;
    this.counts = null;
    this.computing = false;
    this.lastKey = '';
    this.overall = null;
    this.overallKey = '';
    this.lastFinal = null;
    this.standby = null;
    this.settleShown();
  }

  /**
   * Fits `counts` with `options` (a repeat of the last request is skipped). Untracked: callers run it
   * from effects, and its reads of its own state must not make those effects re-run it.
   * Settles once its first board is painted (or it failed, or a newer run took over).
   */
  run(counts: PairCounts, options: LeaderboardOptions, standby?: LeaderboardOptions | null): Promise<void> {
    return untrack(() => this.start(counts, options, standby ?? undefined));
  }
  /** Settles the last run's promise of a painted board. */
  private settleShown: () => void = () => undefined;
  /** The last run's promise of a painted board: what a repeat of its request waits on too. */
  private shown: Promise<void> = Promise.resolve();

  private start(counts: PairCounts, options: LeaderboardOptions, standby?: LeaderboardOptions): Promise<void> {
    const fingerprint = countsFingerprint(counts);
    const key = `${fingerprint}|${JSON.stringify(options)}`;
    if (key === this.lastKey && !this.error) return this.shown;
    const ready = this.standby;
    const board = this.leaderboard;
    if (ready && ready.key === key && board && !this.computing && !this.error && this.ended?.how === 'done') {
      // The other scale of a final board: shown at once; the board left is the way back when it is this one's standby.
      const back =
        standby && `${fingerprint}|${JSON.stringify(standby)}` === this.lastKey ? { key: this.lastKey, leaderboard: board } : null;
      this.settleShown();
      this.standby = back;
      this.lastKey = key;
      this.last = { counts, options };
      this.counts = counts;
      this.leaderboard = ready.leaderboard;
      this.lastFinal = { key, board: ready.leaderboard };
      this.roundsDone = ready.leaderboard.roundsDone;
      this.rounds = ready.leaderboard.rounds;
      this.ended = { how: 'done', roundsDone: ready.leaderboard.roundsDone, rounds: ready.leaderboard.rounds, reason: null };
      mark('intervals-done');
      return (this.shown = new Promise<void>((resolve) => afterPaint(resolve)));
    }
    this.standby = null;
    this.settleShown();
    let settle!: () => void;
    const shown = (this.shown = new Promise<void>((resolve) => (settle = resolve)));
    this.settleShown = settle;
    this.lastKey = key;
    this.counts = counts;
    this.error = null;
    this.last = { counts, options };
    if (counts.models.length > MAX_RATED_MODELS) {
      this.client.cancel();
      this.leaderboard = null;
      this.observed = null;
      this.computing = false;
      this.ended = null;
      this.error =
        `ratings: ${counts.models.length.toLocaleString('en-US')} models are too many to rate together in a browser tab ` +
        `(at most ${MAX_RATED_MODELS.toLocaleString('en-US')}). Raise "min. votes per model" in the filters to keep the models with enough votes, or filter the data.`;
      settle();
      return shown;
    }
    this.computing = true;
    this.ended = null;
    this.roundsDone = 0;
    this.rounds = options.bootstrapRounds ?? 1000;
    this.client.rate(
      counts,
      options,
      {
        onResult: ({ leaderboard, observed, final }) => {
          this.leaderboard = leaderboard;
          if (observed) this.observed = observed;
          if (final) {
            this.lastFinal = { key, board: leaderboard };
            this.computing = false;
            this.ended = { how: 'done', roundsDone: leaderboard.roundsDone, rounds: leaderboard.rounds, reason: null };
            mark('intervals-done');
          }
        },
        onProgress: (done, total) => {
          this.roundsDone = done;
          this.rounds = total;
        },
        onRestart: (message) => {
          this.notice = message;
        },
        onShown: settle,
        onStandby: (leaderboard) => {
          if (leaderboard && this.lastKey === key && standby)
            this.standby = { key: `${fingerprint}|${JSON.stringify(standby)}`, leaderboard };
        },
        onError: (message) => {
          this.standby = null;
          this.error = `ratings: ${message}`;
          this.computing = false;
          const board = this.leaderboard;
          this.ended = { how: 'failed', roundsDone: board?.roundsDone ?? 0, rounds: board?.rounds ?? this.rounds, reason: message };
          this.lastKey = '';
          settle();
        },
      },
      standby,
    );
    return shown;
  }
}
