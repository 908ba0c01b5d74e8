/// <reference lib="webworker" />
/**
 * Counts votes while a parquet source is read (issue 13): only the columns the mapping reads are
 * decoded, row group by row group, coded by value (Utf8 bytes hashed, never turned into a string per
 * row) and tallied (core/tally); the distinct tuples then go through the same row rules as the
 * battles SQL. It never waits for DuckDB, which loads the file alongside and takes over for slices.
 */
import init, { ParquetFile } from 'parquet-wasm/esm';
import wasmUrl from 'parquet-wasm/esm/parquet_wasm_bg.wasm?url';
import { DataType, makeVector, tableFromIPC, type Data, type Vector } from 'apache-arrow';
import { detectPreset } from '../core/schema/detect.ts';
import type { ColumnMapping } from '../core/schema/mapping.ts';
import { rowVoteProblem, type CellKind } from '../core/schema/row-vote.ts';
import { Utf8Codes } from '../core/tally/utf8-codes.ts';
import { TallyReader, tallyColumns, tallyValues, VoteTally } from '../core/tally/vote-tally.ts';
import { schemaColumns } from '../core/schema/arrow-schema.ts';
import type { CountRequest, CountResponse } from './count-protocol.ts';

const ready = init({ module_or_path: wasmUrl });
/**
 * Provisional counts after the first row group, then this long after, then each gap twice the one
 * before: a big file shows a board at once, and its refreshes (each a refit and a redraw on the
 * page, competing with the counting for two cores) stay few however long the file takes.
 */
const FIRST_GAP_MS = 250;
/**
 * Only a file this long gets provisional boards. A smaller one is read in well under a second and
 * shows one board, the whole file's, so nothing on the page is reordered for it (a steady first screen).
 */
const PROVISIONAL_ROWS = 500_000;
let current = -1;

function post(message: CountResponse): void {
  (self as unknown as DedicatedWorkerGlobalScope).postMessage(message);
}

self.onmessage = (event: MessageEvent<CountRequest>) => {
  const request = event.data;
  current = request.id;
  if (request.type === 'cancel') return;
  void count(request).catch((error) => {
    if (current === request.id) post({ type: 'skipped', id: request.id, reason: error instanceof Error ? error.message : String(error) });
  });
};

async function count(request: Extract<CountRequest, { type: 'count' }>): Promise<void> {
  const { id, parts } = request;
  await ready;
  const files: ParquetFile[] = [];
  try {
    files.push(await open(parts[0]));
    const columns = schemaColumns(tableFromIPC(files[0].schema().intoIPCStream()).schema);
    const early = request.mapping ? null : detectPreset(columns);
    if (early && !early.ok) return post({ type: 'skipped', id, reason: early.message });
    const base = request.mapping ?? (early as Extract<typeof early, { ok: true }>).mapping;
    const { columns: tallied, weight } = tallyColumns(base);
    const read = [...tallied, ...(weight ? [weight] : [])];
    const firstRows = files[0].metadata().fileMetadata().numRows();
    const totalRows = firstRows * parts.length;
    const tally = new VoteTally(tallied, !!weight);
    const coders = tallied.map((_, c) => new Utf8Codes((text) => tally.code(c, text)));
    let kinds: Record<string, CellKind | null> | null = null;
    let nextReport = -Infinity;
    let gap = FIRST_GAP_MS / 2;
    let reader: { key: string; reader: TallyReader } | null = null;
    /** Posts the counts so far; false when there is nothing to post (no rows read, or no shape fits). */
    const report = (final: boolean): boolean => {
      if (current !== id || !kinds) return false;
      // The winner labels (and whether values name models) are read from the values counted so far, as detection reads them from the table.
      const mapping = request.mapping ?? mappingFor(columns, tally, base, kinds);
      if (!mapping) return false;
      const key = JSON.stringify(mapping);
      if (reader?.key !== key) reader = { key, reader: new TallyReader(mapping, kinds) };
      const { counts } = reader.reader.read(tally);
      gap *= 2;
      nextReport = performance.now() + gap;
      post({
        type: 'counts',
        id,
        counts,
        rowsRead: tally.totalRows,
        totalRows: final ? tally.totalRows : Math.max(totalRows, tally.totalRows),
        final,
      });
      return true;
    };
    for (let k = 0; k < parts.length; k++) {
      const file = k === 0 ? files[0] : (files[k] = await open(parts[k]));
      const groups = file.metadata().rowGroups().length;
      for (let g = 0; g < groups; g++) {
        if (current !== id) return;
        const table = tableFromIPC((await file.read({ rowGroups: [g], columns: read, batchSize: 1 << 20 })).intoIPCStream());
        if (!kinds) {
          kinds = Object.fromEntries(read.map((name) => [name, kindOf(table.getChild(name))]));
          const problem = rowVoteProblem(base, kinds);
          if (problem) return post({ type: 'skipped', id, reason: problem });
        }
        for (const batch of table.batches) {
          const n = batch.numRows;
          const codes = tallied.map((name, c) => encode(batch.getChild(name)!, tally, c, coders[c], n));
          const w = weight ? weights(batch.getChild(weight)!, n) : null;
          tally.addCoded(codes, w, n);
        }
        const last = k === parts.length - 1 && g === groups - 1;
        if (totalRows >= PROVISIONAL_ROWS && !last && performance.now() >= nextReport) report(false);
      }
    }
    // The page's load waits for this answer: a file with no rows (or none this shape reads) is left to DuckDB's path.
    if (!report(true) && current === id) post({ type: 'skipped', id, reason: 'no rows to count' });
  } finally {
    for (const f of files) f.free();
  }
}

async function open(part: Blob | string): Promise<ParquetFile> {
  return typeof part === 'string' ? ParquetFile.fromUrl(part) : ParquetFile.fromFile(part);
}

/** The detected mapping with the winner values tallied so far; null when the shape no longer fits. */
function mappingFor(
  columns: ReturnType<typeof schemaColumns>,
  tally: VoteTally,
  base: ColumnMapping,
  kinds: Record<string, CellKind | null>,
): ColumnMapping | null {
  if (base.winner.kind !== 'column') return base;
  const values = tallyValues(tally, base.winner.column, kinds[base.winner.column]!).map((v) => v.value);
  const detection = detectPreset(columns, values);
  return detection.ok ? detection.mapping : null;
}

function kindOf(vector: Vector | null): CellKind | null {
  const type = vector?.type;
  if (!type) return null;
  if (DataType.isUtf8(type) || (DataType.isDictionary(type) && DataType.isUtf8(type.dictionary))) return 'text';
  if (DataType.isBool(type)) return 'boolean';
  if (DataType.isInt(type)) return 'integer';
  if (DataType.isFloat(type)) return 'float';
  return null;
}

/** Codes of one column's rows in a batch. */
function encode(vector: Vector, tally: VoteTally, c: number, coder: Utf8Codes, n: number): Int32Array {
  const out = new Int32Array(n);
  const nullCode = tally.code(c, null);
  let at = 0;
  for (const data of vector.data as Data[]) {
    const part = out.subarray(at, at + data.length);
    const validity = data.nullCount > 0 ? (data.nullBitmap ?? null) : null;
    if (DataType.isUtf8(data.type) && data.offset === 0) {
      coder.encode(data.valueOffsets as Int32Array, data.values as Uint8Array, validity, data.length, nullCode, part);
    } else if (DataType.isDictionary(data.type) && data.offset === 0 && data.dictionary) {
      const dictionary = data.dictionary.data[0];
      const keys = new Int32Array(dictionary.length);
      coder.encode(dictionary.valueOffsets as Int32Array, dictionary.values as Uint8Array, null, dictionary.length, nullCode, keys);
      const indices = data.values as ArrayLike<number>;
      for (let r = 0; r < data.length; r++) part[r] = validity && (validity[r >> 3] & (1 << (r & 7))) === 0 ? nullCode : keys[indices[r]];
    } else {
      // Booleans and numbers: few distinct values, read one by one.
      const column = makeVector(data);
      for (let r = 0; r < data.length; r++) part[r] = tally.code(c, column.get(r) as never);
    }
    at += data.length;
  }
  return out;
}

/** Each row's weight as a number (NaN when missing). */
function weights(vector: Vector, n: number): Float64Array {
  const out = new Float64Array(n);
  for (let r = 0; r < n; r++) {
    const v = vector.get(r);
    out[r] = v === null || v === undefined ? NaN : Number(v);
  }
  return out;
}
