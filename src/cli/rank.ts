/**
 * npm run rank -- FILE | --hf owner/name [--config C --split S] [--where COLUMN=VALUE …] [quick toggles]
 *   [--anchor MODEL=RATING] [--bootstrap N] [--seed S] [--ties half|davidson] [--intervals bootstrap|sandwich] [--reweight-pairs]
 *   [--style-control] [--method NAME] [--audit [--pair "A vs B" …] [--budget N] [--trials N] [--folds K]]
 *   [--topics [--topic ID]] [--json|--csv]
 * npm run rank -- FILE --compare-with FILE2 [--match-key KEY] [--bootstrap N] [--seed S] [--json]
 *   (FILE and FILE2 each a path or hf:owner/name[/config[/split]])
 * The page's leaderboard without the page: same presets, SQL builders and statistics.
 * Exit codes: 0 done, 1 the file could not be read or understood, 2 bad usage.
 */
import { openAsBlob } from 'node:fs';
import { leaderboardCsv, leaderboardJson } from '../core/export/leaderboard-export.ts';
import type { Provenance } from '../core/export/provenance.ts';
import { fingerprintFile } from '../core/view/fingerprint.ts';
import { minVotesInForce, type DroppedModel } from '../core/stats/min-votes.ts';
import { UsageError } from './lib/errors.ts';
import { leaderboardText, signalText } from './lib/leaderboard-text.ts';
import { buildBattles, loadAndRecognise, RAW_TABLE, readSummary } from './lib/open-file.ts';
import { styleBoard, styleCsv, styleJson, styleText } from './lib/style-board.ts';
import { hasQuickFilter, NO_QUICK, readSlice, wholeSlice, type Slice } from './lib/slice.ts';
import { rankChanges } from '../core/stats/rank-change.ts';
import { controlsBoard, controlsText } from './lib/controls-board.ts';
import { controlsJson } from '../core/export/controls-export.ts';
import { tallySummary, tallyWholeFile } from './lib/tally.ts';
import { countParquetFile } from './lib/parquet-count.ts';
import type { LoadedFile } from './read-file.ts';
import type { HubFile } from './read-hub.ts';
import { describeInput, inputWarnings } from './lib/report.ts';
import { boardProvenance } from './lib/board-provenance.ts';
import { isEntry, processIo, reportError, runAsEntry, type Io } from './lib/run.ts';
import { createNodeConnector } from './node-connector.ts';
import { BoardThreads } from './parallel-board.ts';
import { runAudit } from '../core/stats/audit.ts';
import { methodScores } from '../core/stats/method-compare.ts';
import { auditJson, auditText, methodCsv, methodJson, methodText, voterText } from './lib/audit-text.ts';
import { readOrderedVotes } from './lib/vote-order.ts';
import { voterCheck } from './lib/voter-check.ts';
import { runCompare } from './lib/compare-sources.ts';
import { runTopics } from './lib/topics-board.ts';
import { parseRankArgs, RANK_USAGE } from './lib/rank-args.ts';

/** Set (to anything): every input is read by DuckDB, as before rank read parquet files itself (to compare the two). */
export const DUCKDB_ONLY = 'ARENA_LENS_DUCKDB_ONLY';

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  try {
    const args = parseRankArgs(argv);
    if (args === 'help') {
      io.stdout(RANK_USAGE);
      return 0;
    }
    if ('compare' in args) return await runCompare(args.compare, io);
    if (args.topics) return await runTopics({ ...args, topic: args.topics.topic }, await fileFingerprint(args.file), io);
    const threads = new BoardThreads();
    const boardWanted = !args.styleControl && !args.method && !args.audit && args.controls.length === 0;
    // The helper thread starts while the file is read, so it is ready when the rounds are.
    if (args.bootstrapRounds > 0 && boardWanted) threads.warm();
    // --style-control may read the answer texts, so it keeps them in `raw`. A board of the whole
    // file needs only the mapped columns, counted by their distinct values (no battles table):
    // a local parquet file's dictionary-coded columns are read here as the page's counting worker
    // reads them (no DuckDB loaded at all); else DuckDB reads the file (a view, not loaded first).
    // Elo (--method elo, and among --audit's methods) needs the votes in order, so the battles table.
    const wantsOrder = args.method === 'elo' || !!args.audit;
    const whole = boardWanted && !wantsOrder && args.where.length === 0 && !hasQuickFilter(args.quick);
    // The page's reader counts the columns a recognised shape names; a file read through --map goes to DuckDB.
    const counted = whole && !args.hf && !args.map && !process.env[DUCKDB_ONLY] ? await countParquetFile(args.file, threads) : null;
    const db = counted ? null : await createNodeConnector();
    try {
      const opened =
        counted?.opened ??
        (await loadAndRecognise(db!, args.hf ?? args.file, {
          ...(args.styleControl ? { keep: 'all' } : whole ? { keep: { columns: [] }, view: true } : {}),
          mapping: args.map,
        }));
      const tallied = counted?.tallied ?? (whole ? await tallyWholeFile(db!, opened) : null);
      if (!tallied) await buildBattles(db!, opened);
      const summary = tallied ? tallySummary(tallied) : await readSummary(db!);
      // The default minimum is the page's: for a filtered slice (a category board) only.
      const minVotes = minVotesInForce(args.quick.minVotes, args.where.length > 0);
      const slice = tallied ? wholeSlice(tallied.counts, minVotes) : await readSlice(db!, args.where, { ...args.quick, minVotes });
      const { counts } = slice;
      if (args.anchor && !counts.models.includes(args.anchor.model)) {
        throw new UsageError(`--anchor: model "${args.anchor.model}" is not among the ${counts.models.length} models of ${args.file}`);
      }
      const provenance: Provenance = {
        ...boardProvenance(args, opened.file.name, await fileFingerprint(args.file), minVotes),
        reweighted: args.reweightPairs,
        // Set once the board is fitted: `rank` runs every round before it writes.
        roundsDone: null,
        seed: args.seed,
      };
      io.stderr(describeInput(opened.file, opened.detection, summary, !!args.map) + '\n');
      io.stderr(sliceLine(slice, summary.votes, opened.file));
      if (args.styleControl) {
        const style = await styleBoard(db!, RAW_TABLE, opened.columns, opened.file.name, args.anchor);
        for (const w of inputWarnings(opened.file, summary)) io.stderr(`warning: ${w}\n`);
        for (const w of style.fit.warnings) io.stderr(`warning: ${w}\n`);
        if (style.missingVotes > 0) io.stderr(`warning: ${style.missingVotes} votes have no style features and are left out\n`);
        io.stdout(
          args.output === 'json'
            ? styleJson(style, { ...provenance, anchor: style.fit.anchor })
            : args.output === 'csv'
              ? styleCsv(style)
              : styleText(style),
        );
        return 0;
      }
      if (args.controls.length) {
        const board = await controlsBoard(db!, args.controls, slice.where, opened.file.name, args.anchor);
        for (const w of inputWarnings(opened.file, summary)) io.stderr(`warning: ${w}\n`);
        for (const w of board.fit.warnings) io.stderr(`warning: ${w}\n`);
        if (board.missingVotes > 0) io.stderr(`warning: ${board.missingVotes} votes have an empty control column and are left out\n`);
        io.stdout(args.output === 'json' ? controlsJson(board, { ...provenance, anchor: board.fit.anchor }) : controlsText(board));
        return 0;
      }
      if (args.method || args.audit) {
        for (const w of inputWarnings(opened.file, summary)) io.stderr(`warning: ${w}\n`);
        const isCounts = !!opened.detection.mapping.weight;
        const votes = wantsOrder && !isCounts ? await readOrderedVotes(db!, slice.where, slice.columns ?? [], counts.models) : null;
        if (args.method) {
          const scores = methodScores(args.method, counts, votes);
          if (!scores) throw new UsageError(`--method elo needs the votes in order; ${args.file} holds pre-aggregated counts`);
          io.stdout(
            args.output === 'json'
              ? methodJson(args.method, counts.models, scores, provenance)
              : args.output === 'csv'
                ? methodCsv(counts.models, scores)
                : methodText(args.method, counts.models, scores),
          );
          return 0;
        }
        const a = args.audit!;
        const report = runAudit(counts, {
          pairs: a.pairs,
          budget: a.budget,
          randomTrials: a.trials,
          folds: a.folds,
          seed: args.seed,
          votes,
        });
        const names = (slice.columns ?? []).map((c) => c.name);
        const voters = await voterCheck(db!, names, slice.where, counts, {
          cap: a.voterCap,
          seed: args.seed,
          weighted: isCounts,
          alpha: a.voterAlpha,
        });
        io.stdout(args.output === 'json' ? auditJson(report, provenance, voters) : auditText(report) + voterText(voters));
        return 0;
      }
      const options = {
        anchor: args.anchor,
        bootstrapRounds: args.bootstrapRounds,
        seed: args.seed,
        ties: args.ties,
        intervals: args.intervals,
        reweightPairs: args.reweightPairs,
      };
      const board = await threads.leaderboard(counts, options);
      // A slice's board says each model's rank against the whole file's board, fitted alike.
      const sliced = !tallied && (args.where.length > 0 || hasQuickFilter(args.quick));
      const changes = sliced ? rankChanges(board, await threads.leaderboard((await readSlice(db!, [], NO_QUICK)).counts, options)) : null;
      for (const w of inputWarnings(opened.file, summary, board.warnings)) io.stderr(`warning: ${w}\n`);
      const signal = signalText(board);
      if (signal) io.stderr(`${signal}\n`);
      const done = { ...provenance, roundsDone: board.roundsDone };
      const apart = { minVotes, dropped: slice.dropped };
      io.stdout(
        args.output === 'json'
          ? leaderboardJson(board, done, apart, changes)
          : args.output === 'csv'
            ? leaderboardCsv(board, done, apart, changes)
            : leaderboardText(board, changes) + apartText(apart),
      );
      return 0;
    } finally {
      db?.close();
      threads.close();
    }
  } catch (error) {
    return reportError(error, 'rank', io);
  }
}

/** Models below the minimum, listed apart under the table with their records. */
function apartText({ minVotes, dropped }: { minVotes: number; dropped: DroppedModel[] }): string {
  if (!dropped.length) return '';
  const lines = dropped.map((d) => `  ${d.model}: ${d.votes} votes (${d.wins} W, ${d.losses} L, ${d.ties} T)`);
  return `\n${dropped.length} models with fewer than ${minVotes} votes in the slice, not rated or ranked:\n${lines.join('\n')}\n`;
}

/** The page's fingerprint of a file (io/fingerprint.ts); null for a glob or a file that cannot be read again. */
async function fileFingerprint(path: string): Promise<string | null> {
  try {
    return await fingerprintFile(await openAsBlob(path));
  } catch {
    return null;
  }
}

/** What was read from the Hub and which slice is rated, when either applies. */
function sliceLine(slice: Slice, votes: number, file: LoadedFile | HubFile): string {
  const lines: string[] = [];
  if ('plan' in file)
    lines.push(
      `read ${file.plan.shards.length} parquet shard(s) of ${file.name} (config ${file.plan.config}, split ${file.plan.split}): ${file.bytes} bytes by range requests`,
    );
  if (slice.filters.length || slice.droppedModels.length) {
    let inSlice = 0;
    for (const n of slice.counts.n) inSlice += n;
    lines.push(
      `slice: ${inSlice} of ${votes} votes (${slice.filters.map((f) => JSON.stringify(f)).join(' AND ') || 'all'})${slice.droppedModels.length ? `, ${slice.droppedModels.length} models under --min-votes left out` : ''}`,
    );
  }
  return lines.map((l) => `${l}\n`).join('');
}

if (isEntry(import.meta.url)) runAsEntry(main);
