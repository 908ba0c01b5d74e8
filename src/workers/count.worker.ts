/// <reference lib="webworker" />
/**
 * Counts votes while a parquet source is read (issue 13): only the columns the mapping reads are
 * decoded, row group by row group, coded by value (Utf8 bytes hashed, never turned into a string per
 * row) and tallied (core/tally); the distinct tuples then go through the same row rules as the
 * battles SQL. It never waits for DuckDB, which loads the file alongside and takes over for slices.
 * The preset's low-cardinality filter columns split the tuples further (core/tally/filter-tally.ts)
 * in a second pass (count-split.ts), once the page says the first board is on screen: the first
 * pass reads only what the board needs. Its cube answers those filters before DuckDB holds the rows.
 */
import init, { type RowGroupMetaData } from 'parquet-wasm/esm';
import wasmUrl from 'parquet-wasm/esm/parquet_wasm_bg.wasm?url';
import { tableFromIPC } from 'apache-arrow';
import { detectPreset } from '../core/schema/detect.ts';
import type { ColumnMapping } from '../core/schema/mapping.ts';
import { rowVoteProblem, type CellKind } from '../core/schema/row-vote.ts';
import { TallyReader, tallyColumns, VoteTally } from '../core/tally/vote-tally.ts';
import { winnerDetection } from '../core/tally/tally-detection.ts';
import { schemaColumns } from '../core/schema/arrow-schema.ts';
import { startsAsParquet } from '../core/parquet/footer.ts';
import type { CountHelperRequest, CountHelperResponse, CountRequest, CountResponse, EarlyFilterData, Share } from './count-protocol.ts';
import { kindOf, openPart, readShare, GroupTallier, type GroupColumns } from './count-reading.ts';
import { mergeTally } from '../core/tally/tally-parts.ts';
import { KeptRows, splitShare } from './count-split.ts';
import { FilterTally } from '../core/tally/filter-tally.ts';
import { filterColumnsFor } from '../core/tally/filter-columns.ts';
import { filterCube, type FilterCube } from '../core/tally/filter-cube.ts';

const ready = init({ module_or_path: wasmUrl });
/**
 * A provisional board is worth showing only when the whole file's is far off: none before this long
 * into the reading (a file read faster shows one board, the whole file's, and nothing on the page is
 * reordered for it), and none when the rest is expected within REST_MS. Each one costs a refit and a
 * redraw on the page that compete with the counting for two cores: on 20M battles of 150 models the
 * whole board came 0.2–0.3 s later for a provisional one 0.6 s sooner (1.93, 2.20 s against 2.25,
 * 2.42 s, alternating builds), so a wait of a second or two shows the rows read instead.
 */
const FIRST_BOARD_MS = 700;
const REST_MS = 2000;
/** Between boards, the rows read are posted at most this often (the status bar's progress). */
const PROGRESS_MS = 100;
/** After a provisional board, the next waits this many times longer than the one before (20M battles: three). */
const GAP_GROWTH = 4;
/** A source this long is read by two workers (this one and a helper) when there are two cores. */
const HELPED_ROWS = 4_000_000;
let current = -1;
/** A count waiting for the page's word to split its rows by the filter columns: its id, and the answer (false: superseded). */
let splitWait: { id: number; answer: (go: boolean) => void } | null = null;

function post(message: CountResponse, transfer: Transferable[] = []): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(message, transfer);
}

self.onmessage = (event: MessageEvent<CountRequest>) => {
  const request = event.data;
  if (request.type === 'split') return splitWait?.id === request.id ? splitWait.answer(true) : undefined;
  current = request.id;
  splitWait?.answer(false);
  if (request.type === 'cancel') return;
  void count(request).catch((error) => {
    if (current === request.id) post({ type: 'skipped', id: request.id, reason: error instanceof Error ? error.message : String(error) });
  });
};

async function count(request: Extract<CountRequest, { type: 'count' }>): Promise<void> {
  const { id, parts } = request;
  if (typeof parts[0] !== 'string' && !(await isParquet(parts[0]))) return post({ type: 'skipped', id, reason: 'not a parquet file' });
  await ready;
  const first = await openPart(parts[0]);
  let helper: Helper | null = null;
  try {
    const schema = tableFromIPC(first.file.schema().intoIPCStream()).schema;
    const columns = schemaColumns(schema);
    const early = request.mapping ? null : detectPreset(columns);
    if (early && !early.ok) return post({ type: 'skipped', id, reason: early.message });
    const base = request.mapping ?? (early as Extract<typeof early, { ok: true }>).mapping;
    const { columns: tallied, weight } = tallyColumns(base);
    // Each column's kind as the battles SQL reads it (from the file's schema, which every row group shares).
    const kinds = Object.fromEntries(columns.map(({ name }) => [name, kindOf(schema.fields.find((f) => f.name === name)?.type)]));
    // The preset's low-cardinality filters, split on in a second pass so they answer before DuckDB has the rows.
    const hints = early ?? detectPreset(columns);
    const dimensions = hints.ok ? hints.dimensions : [];
    const ignored = (hints.ok ? hints.preset.ignored : undefined) ?? [];
    const metadata = first.file.metadata();
    // Long text (prompts, answers) is never a low-cardinality filter, and reading it for the split
    // would fetch most of a remote file: a column wider than a few bytes a row is not considered.
    const narrow = narrowColumns(metadata.rowGroups()[0]);
    const filterColumns = filterColumnsFor(columns, kinds, base, dimensions, ignored, narrow);
    const splitOn = filterColumns.map((c) => c.name);
    const read = [...tallied, ...(weight ? [weight] : [])];
    const problem = rowVoteProblem(base, kinds);
    if (problem) return post({ type: 'skipped', id, reason: problem });
    const firstRows = metadata.fileMetadata().numRows();
    const totalRows = firstRows * parts.length;
    // A big source is read by two: this worker takes every other row group, a helper the rest.
    const share: Share =
      totalRows >= HELPED_ROWS && metadata.rowGroups().length * parts.length >= 2 && (navigator.hardwareConcurrency ?? 1) >= 2
        ? { index: 0, of: 2 }
        : { index: 0, of: 1 };
    helper = share.of > 1 ? startHelper(parts, tallied, weight) : null;
    // The share this worker reads, for the provisional share shown (both readers go at about the same pace).
    const shareRows = Math.round(totalRows / share.of);
    const tally = new VoteTally(tallied, !!weight);
    const tallier = new GroupTallier(tally, tallied, weight);
    // Each row's tuple, for the second pass; the shares read here, in order.
    const kept = splitOn.length ? new KeptRows() : null;
    const sharesRead: Share[] = [share];
    const add = (group: GroupColumns) => {
      const rows = tallier.add(group);
      kept?.keep(rows, tally.tuples);
    };
    const started = performance.now();
    let nextReport = started + FIRST_BOARD_MS;
    let gap = FIRST_BOARD_MS;
    let nextProgress = started + PROGRESS_MS;
    let reader: { key: string; reader: TallyReader } | null = null;
    /** Posts the counts so far and returns their reader; null when there is nothing to post (no rows read, or no shape fits). */
    const report = (final: boolean, splitting = false): TallyReader | null => {
      if (current !== id) return null;
      tallier.settle();
      // The winner labels (and whether values name models) are read from the values counted so far, as detection reads them from the table.
      const mapping = request.mapping ?? mappingFor(columns, tally, base, kinds);
      if (!mapping) return null;
      // The same mapping whatever the order its labels were met in: a new key would read every tuple again.
      const key = JSON.stringify(mapping, (_, v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([x], [y]) => (x < y ? -1 : 1))) : v,
      );
      if (reader?.key !== key) reader = { key, reader: new TallyReader(mapping, kinds) };
      const { counts } = reader.reader.read(tally);
      gap *= GAP_GROWTH;
      nextReport = performance.now() + gap;
      post({
        type: 'counts',
        id,
        counts,
        rowsRead: final ? tally.totalRows : Math.min(tally.totalRows, shareRows),
        totalRows: final ? tally.totalRows : Math.max(shareRows, 1),
        final,
        ...(splitting ? { splitting } : {}),
      });
      return reader.reader;
    };
    const finished = await readShare(
      first,
      parts,
      read,
      share,
      () => current === id,
      (group, last) => {
        add(group);
        const now = performance.now();
        if (last || current !== id) return;
        if (now >= nextReport && restExpected(now - started, tallier.rows, shareRows) >= REST_MS) report(false);
        else if (now >= nextProgress) {
          nextProgress = now + PROGRESS_MS;
          // The helper reads its share at about this pace: the whole source's rows read, estimated.
          post({ type: 'progress', id, rowsRead: Math.min(totalRows, tallier.rows * share.of), totalRows });
        }
      },
    );
    if (!finished) return;
    /** The helper's tuples numbered as here, when it counted its share (and keeps its rows for the second pass). */
    let helped: Int32Array | null = null;
    if (helper) {
      const answer = await helper.next();
      if (current !== id) return;
      if (answer.type === 'tally') helped = mergeTally(tally, answer.tally);
      else {
        // The helper failed: its row groups are read here.
        const rest = { index: 1, of: share.of };
        sharesRead.push(rest);
        if (!(await readShare(first, parts, read, rest, () => current === id, add))) return;
      }
    }
    // The page's load waits for this answer: a file with no rows (or none this shape reads) is left to DuckDB's path.
    const cells = report(true, true);
    if (!cells) {
      if (current === id) post({ type: 'skipped', id, reason: 'no rows to count' });
      return;
    }
    const found = { columns: filterColumns, hints: dimensions, ignored };
    if (!kept) {
      // No column to split on: the tally's own tuples answer the outcome toggles (a few thousand: sent at once).
      const filters = filtersOf(FilterTally.unsplit(tally), found, cells);
      return post({ type: 'filters', id, filters }, 'cube' in filters ? cubeBuffers(filters.cube) : []);
    }
    // The board's counts are out; the filter columns wait until the page has drawn it (or gone on).
    if (!(await splitWanted(id))) return;
    const live = () => current === id;
    const split = new FilterTally(splitOn, !!weight);
    // The helper splits the rows of its share meanwhile, on the other core.
    if (helped) helper!.worker?.postMessage({ type: 'split', split: splitOn } satisfies CountHelperRequest);
    for (const read of sharesRead) if (!(await splitShare(first, parts, read, live, kept, split)) && !split.overflow) return;
    if (helper && helped && !split.overflow) {
      const answer = await helper.next();
      if (!live()) return;
      if (answer.type === 'split') split.merge(answer.split, helped);
      else split.giveUp(answer.type === 'failed' ? answer.reason : 'the helper did not split its rows');
    }
    const filters = filtersOf(split, found, cells);
    post({ type: 'filters', id, filters }, 'cube' in filters ? cubeBuffers(filters.cube) : []);
  } finally {
    first.file.free();
    helper?.worker?.terminate();
  }
}

/** Whether a file starts as parquet does (CSV and JSON are loaded by DuckDB alone). */
async function isParquet(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
  return startsAsParquet(head);
}

/** How long the rows left should take, at the pace so far (startup included: it errs towards a board). */
function restExpected(elapsed: number, rowsRead: number, rows: number): number {
  return rowsRead > 0 ? (elapsed / rowsRead) * Math.max(0, rows - rowsRead) : Infinity;
}

/** A helper counting the other share: its worker (to end it, or ask for its split), and its answers in turn. */
interface Helper {
  worker: Worker | null;
  next(): Promise<CountHelperResponse>;
}

/** Whether the page asks for count `id`'s rows to be split by the filter columns (false: a newer count or a cancel came first). */
function splitWanted(id: number): Promise<boolean> {
  return new Promise((resolve) => {
    splitWait = {
      id,
      answer: (go) => {
        splitWait = null;
        resolve(go);
      },
    };
  });
}

/** Bytes a row a split column may take in the file (dictionary-coded labels take well under one). */
const SPLIT_BYTES_PER_ROW = 8;

/** The top-level columns stored in at most SPLIT_BYTES_PER_ROW compressed bytes a row in this row group. */
function narrowColumns(group: RowGroupMetaData | undefined): Set<string> {
  const narrow = new Set<string>();
  if (!group || group.numRows() === 0) return narrow;
  const bytes = new Map<string, number>();
  for (const chunk of group.columns()) {
    const top = chunk.columnPath()[0];
    bytes.set(top, (bytes.get(top) ?? 0) + chunk.compressedSize());
  }
  for (const [name, size] of bytes) if (size / group.numRows() <= SPLIT_BYTES_PER_ROW) narrow.add(name);
  return narrow;
}

function startHelper(parts: (Blob | string)[], columns: string[], weight: string | null): Helper {
  // Answers not yet asked for, and askers not yet answered; after a crash, every answer is that.
  const answers: CountHelperResponse[] = [];
  const askers: ((answer: CountHelperResponse) => void)[] = [];
  let crash: CountHelperResponse | null = null;
  const next = () =>
    new Promise<CountHelperResponse>((resolve) => {
      const answer = answers.shift() ?? crash;
      if (answer) resolve(answer);
      else askers.push(resolve);
    });
  try {
    const worker = new Worker(new URL('./count-helper.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CountHelperResponse>) => {
      const asker = askers.shift();
      if (asker) asker(event.data);
      else answers.push(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      crash = { type: 'failed', reason: event.message };
      for (const asker of askers.splice(0)) asker(crash);
    };
    worker.postMessage({ type: 'count', parts, columns, weight, share: { index: 1, of: 2 } } satisfies CountHelperRequest);
    return { worker, next };
  } catch (error) {
    crash = { type: 'failed', reason: String(error) };
    return { worker: null, next };
  }
}

/** The filter cube of the whole file's split tuples, or why there is none. */
function filtersOf(split: FilterTally, found: Omit<EarlyFilterData, 'cube'>, reader: TallyReader): EarlyFilterData | { skipped: string } {
  if (split.overflow) return { skipped: split.overflow };
  const layout = reader.cellsInLayout();
  const cube = layout && filterCube(split, layout);
  return cube
    ? { ...found, columns: found.columns.filter((_, c) => !split.dropped[c]), cube }
    : { skipped: 'a pair counted without a valid weight' };
}

function cubeBuffers(cube: FilterCube): ArrayBuffer[] {
  return [cube.a, cube.b, cube.outcome, cube.weight, cube.rows, ...cube.dims.map((d) => d.codes)].map((a) => a.buffer as ArrayBuffer);
}

/** The detected mapping with the winner values tallied so far; null when the shape no longer fits. */
function mappingFor(
  columns: ReturnType<typeof schemaColumns>,
  tally: VoteTally,
  base: ColumnMapping,
  kinds: Record<string, CellKind | null>,
): ColumnMapping | null {
  if (base.winner.kind !== 'column') return base;
  const detection = winnerDetection(columns, base.winner.column, tally, kinds[base.winner.column]!);
  return detection.ok ? detection.mapping : null;
}
