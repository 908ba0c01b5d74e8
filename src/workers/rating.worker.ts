/// <reference lib="webworker" />
/**
 * Every statistic of the page, off the main thread: the leaderboard (point fit at once, then
 * bootstrap rounds in small chunks), slice comparisons, style-controlled fits, sub-slice boards,
 * online Elo and the judge board.
 * Long runs yield between chunks, so a newer request of the same lane or a cancel is seen within
 * milliseconds; different lanes interleave.
 */
import { IncrementalLeaderboard, type Leaderboard } from '../core/stats/leaderboard.ts';
import type { PairCounts } from '../core/stats/pair-counts.ts';
import { SliceComparer } from '../core/stats/slice-compare.ts';
import { fitStyleControl } from '../core/stats/style-control.ts';
import { fitControls } from '../core/stats/controls.ts';
import { onlineElo } from '../core/stats/elo.ts';
import { runAudit, type AuditReport } from '../core/stats/audit.ts';
import { runVoterAudit } from '../core/stats/voter-audit.ts';
import { computeJudgeBoard } from '../core/stats/judge-board.ts';
import { BootstrapHelper, runBootstrap, type HelperPort, type HelperResponse } from '../core/stats/shared-bootstrap.ts';
import {
  COMPARE_REPORT_EVERY,
  PROGRESS_MS,
  REPORT_EVERY,
  REPORT_MS,
  SHOWN_WAIT_MS,
  type RatingRequest,
  type RatingResponse,
  type RequestLane,
  type RequestNotice,
} from './rating-protocol.ts';
import type { LeaderboardOptions } from '../core/stats/leaderboard.ts';
import { countsFingerprint } from '../core/stats/pair-counts.ts';
import { ShownGate } from './shown-gate.ts';
import { compareSources } from '../core/stats/source-compare.ts';

const CHUNK = 20;
/** A chunk of rounds here lasts about this long at most: a click's fit waits for the one under way. */
const CHUNK_MS = 8;

/** A worker on a second core running bootstrap rounds alongside this one (bootstrap-helper.worker.ts). */
function spawnHelper(onMessage: (message: HelperResponse) => void, onError: () => void): HelperPort {
  const worker = new Worker(new URL('./bootstrap-helper.worker.ts', import.meta.url), { type: 'module' });
  worker.onmessage = (event: MessageEvent<HelperResponse>) => onMessage(event.data);
  worker.onerror = onError;
  return { post: (message) => worker.postMessage(message), terminate: () => worker.terminate() };
}
const helper = new BootstrapHelper(spawnHelper, () => navigator.hardwareConcurrency ?? 1);
const COMPARE_CHUNK = 5;
const latest: Record<RequestLane, number> = {
  rate: -1,
  compare: -1,
  style: -1,
  controls: -1,
  board: -1,
  elo: -1,
  audit: -1,
  judgeboard: -1,
  sources: -1,
  voters: -1,
};
const cancelled = new Set<number>();
/** Each rate request's bootstrap waits for its point board to be painted. */
const shown = new ShownGate(SHOWN_WAIT_MS);

function post(message: RatingResponse): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);
}

/**
 * A macrotask boundary, so queued messages are handled before the next chunk. Not setTimeout(0):
 * nested timers are clamped to 4 ms, which cost 200 ms of idling over a 1000-round bootstrap.
 */
const channel = new MessageChannel();
const waiting: (() => void)[] = [];
channel.port1.onmessage = () => waiting.shift()?.();
const breathe = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
const live = (lane: RequestLane, id: number) => !cancelled.has(id) && (lane === 'board' || latest[lane] === id);

self.onmessage = (event: MessageEvent<RatingRequest>) => {
  const request = event.data;
  if (request.type === 'cancel') {
    cancelled.add(request.id);
    shown.open(request.id);
    return;
  }
  if (request.type === 'shown') {
    shown.open(request.id);
    return;
  }
  latest[request.type] = request.id;
  void run(request)
    .catch((error) => {
      const e = error instanceof Error ? error : new Error(String(error));
      post({ type: 'error', id: request.id, error: { name: e.name, message: e.message, stack: e.stack } });
    })
    .finally(() => cancelled.delete(request.id));
};

async function run(request: Exclude<RatingRequest, RequestNotice>): Promise<void> {
  const { id } = request;
  if (request.type === 'rate') return rate(request);
  if (request.type === 'compare') return compare(request);
  if (request.type === 'audit') return audit(request);
  // One-shot requests still wait a tick, so a burst of them keeps only the newest of a lane.
  await breathe();
  if (!live(request.type, id)) return;
  if (request.type === 'style') post({ type: 'style-fit', id, fit: fitStyleControl(request.votes, request.options) });
  else if (request.type === 'controls') post({ type: 'controls-fit', id, fit: fitControls(request.votes, request.options) });
  else if (request.type === 'judgeboard') post({ type: 'judgeboard', id, board: computeJudgeBoard(request.input, request.options) });
  else if (request.type === 'voters') post({ type: 'voters', id, audit: runVoterAudit(request.counts, request.input, request.options) });
  else if (request.type === 'elo')
    post({ type: 'elo', id, ratings: onlineElo(request.models, request.a, request.b, request.outcome, { k: request.k }) });
  else if (request.type === 'sources') post({ type: 'sources', id, comparison: compareSources(request.items, request.options) });
  else post({ type: 'board', id, leaderboard: subBoard(request.counts, request.options) });
}

/** A board fitted for a request: its counts' fingerprint and fit options (fitKey). */
type KeptBoard = { counts: string; options: string; board: IncrementalLeaderboard };
/** Whether `kept` is the fit of these counts and fit options. */
const holds = (kept: KeptBoard | null, key: { counts: string; options: string }) =>
  !!kept && kept.counts === key.counts && kept.options === key.options;
/** The last sub-board fitted (the whole file's, beside a filtered board): a new scale only translates it. */
let lastSub: KeptBoard | null = null;

function subBoard(counts: PairCounts, options: LeaderboardOptions): Leaderboard {
  const key = { counts: countsFingerprint(counts), options: fitKey(options) };
  if (holds(lastSub, key) && lastSub!.board.finished) {
    lastSub!.board.rescale({ anchor: options.anchor, mean: options.mean });
    return lastSub!.board.current();
  }
  const board = new IncrementalLeaderboard(counts, options);
  board.runRounds(Infinity);
  lastSub = { ...key, board };
  return board.current();
}

/** The last leaderboard asked for, kept so a new anchor (or mean) only translates it. */
let last: KeptBoard | null = null;
/** The one asked for before it, kept so a filter toggled back off shows its board again, its rounds going on, with no refit. */
let previous: KeptBoard | null = null;

/** Everything about a request but its scale (anchor, mean), which never needs a refit. */
function fitKey(options: LeaderboardOptions): string {
  const { anchor: _anchor, mean: _mean, ...rest } = options;
  return JSON.stringify(rest);
}

async function rate(request: Extract<RatingRequest, { type: 'rate' }>): Promise<void> {
  const { id } = request;
  const key = { counts: countsFingerprint(request.counts), options: fitKey(request.options) };
  const kept = holds(last, key) ? last : holds(previous, key) ? previous : null;
  if (!kept || kept === previous) {
    // The board left (the whole file's, when a filter comes in) is what a filtered board's rank changes compare with.
    if (last?.board.finished) lastSub = last;
    previous = last;
    last = kept ?? { ...key, board: new IncrementalLeaderboard(request.counts, request.options) };
  }
  const board = last!.board;
  // A kept fit on this request's scale: rounds already run are translated, the rest continue.
  if (kept) board.rescale({ anchor: request.options.anchor, mean: request.options.mean });
  // The point ratings at once; the sandwich columns come with the first intervals (a board that is already final has them).
  post({ type: 'result', id, leaderboard: board.current({ quick: !board.finished }), observed: board.observed, final: board.finished });
  if (!board.finished && board.roundsDone === 0) await shown.wait(id);
  const rounds = request.options.bootstrapRounds ?? 1000;
  let reportedAt = -Infinity,
    progressAt = -Infinity;
  await runBootstrap(board, helper, request.counts, request.options, {
    chunk: CHUNK,
    chunkMs: CHUNK_MS,
    breathe,
    live: () => live('rate', id),
    onChunk: () => {
      // Each message redraws part of the page, whose thread shares the two cores with this one: few.
      const done = board.roundsDone,
        now = performance.now();
      if (now - progressAt >= PROGRESS_MS || board.finished) {
        progressAt = now;
        post({ type: 'progress', id, roundsDone: done, rounds });
      }
      if ((done >= REPORT_EVERY && now - reportedAt >= REPORT_MS) || board.finished) {
        reportedAt = now;
        post({ type: 'result', id, leaderboard: board.current(), observed: null, final: board.finished });
      }
    },
  });
  if (!request.standby || !board.finished) return;
  await breathe();
  if (live('rate', id)) post({ type: 'standby', id, leaderboard: onOtherScale(board, request.options, request.standby) });
}

/**
 * The final board on the standby scale: the rounds translated, nothing refitted (the worker's kept
 * board stays there; the next request puts it on its own scale). Null for options that are not
 * the same fit, or a scale the fit cannot take (an anchor without a finite rating).
 */
function onOtherScale(board: IncrementalLeaderboard, options: LeaderboardOptions, standby: LeaderboardOptions): Leaderboard | null {
  if (fitKey(options) !== fitKey(standby)) return null;
  try {
    board.rescale({ anchor: standby.anchor, mean: standby.mean });
    return board.current();
  } catch {
    return null;
  }
}

async function compare(request: Extract<RatingRequest, { type: 'compare' }>): Promise<void> {
  const { id } = request;
  await breathe();
  if (!live('compare', id)) return;
  const run = new SliceComparer(request.left, request.right, request.options);
  post({ type: 'comparison', id, comparison: run.current(), final: run.finished });
  while (!run.finished) {
    await breathe();
    if (!live('compare', id)) return;
    // Each round refits both slices: small chunks keep the other lanes moving.
    run.runRounds(COMPARE_CHUNK);
    if (run.roundsDone % COMPARE_REPORT_EVERY === 0 || run.finished)
      post({ type: 'comparison', id, comparison: run.current(), final: run.finished });
  }
}

/**
 * The audit in parts, each posted as soon as it is ready (the reader sees #1 vs #2 first): the top
 * pair, the other adjacent pairs and chosen ones, the fit diagnostics, the methods side by side.
 */
async function audit(request: Extract<RatingRequest, { type: 'audit' }>): Promise<void> {
  const { id, counts, options } = request;
  const none = { fragility: false, diagnostics: false, methods: false };
  const want = { fragility: true, diagnostics: true, methods: true, ...options.parts };
  const top = options.top ?? 10;
  const stages = [
    ...(want.fragility && top >= 2 ? [{ ...options, top: 2, pairs: [], parts: { ...none, fragility: true } }] : []),
    ...(want.fragility && (top > 2 || (options.pairs ?? []).length > 0)
      ? [{ ...options, firstRank: 2, parts: { ...none, fragility: true } }]
      : []),
    ...(want.diagnostics ? [{ ...options, parts: { ...none, diagnostics: true } }] : []),
    ...(want.methods ? [{ ...options, parts: { ...none, methods: true } }] : []),
  ];
  let report: AuditReport | null = null;
  for (let s = 0; s < stages.length; s++) {
    await breathe();
    if (!live('audit', id)) return;
    const part = runAudit(counts, stages[s]);
    report = report ? mergeAudit(report, part) : part;
    post({ type: 'audit', id, report, final: s === stages.length - 1 });
  }
}

/** A later part of the audit added to what came before. */
function mergeAudit(before: AuditReport, part: AuditReport): AuditReport {
  return {
    ...before,
    fragility: part.fragility ? [...(before.fragility ?? []), ...part.fragility] : before.fragility,
    diagnostics: part.diagnostics ?? before.diagnostics,
    methods: part.methods ?? before.methods,
    timings: {
      fragility: before.timings.fragility + (part.fragility ? part.timings.fragility : 0),
      diagnostics: before.timings.diagnostics + part.timings.diagnostics,
      methods: before.timings.methods + part.timings.methods,
    },
  };
}
