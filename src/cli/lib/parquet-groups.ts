/**
 * A parquet file's row groups tallied by whichever thread claims them: rank's own reader
 * (parquet-count.ts) and the helper thread (cli/helper-thread.ts) each take the next group from a
 * counter they share (an Int32Array on a SharedArrayBuffer), so a thread that started later or runs
 * slower takes fewer, and each tallies its groups into a tally of its own, merged after
 * (core/tally/tally-parts.ts). A group either thread cannot read as DuckDB would stops both: the
 * whole read then answers null and DuckDB reads the file.
 */
import { readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { ColumnChunk, FlatColumn, ParquetFooter } from '../../core/parquet/footer.ts';
import type { PartBytes } from '../../core/parquet/part-footer.ts';
import { readDictionaryChunk, type DictionaryChunk } from '../../core/parquet/dictionary-chunk.ts';
import { uncompressPage } from '../../core/parquet/uncompress.ts';
import { looksLikeJsonObject } from '../../core/schema/json-columns.ts';
import { dictionaryCodes } from '../../core/tally/dictionary-codes.ts';
import { DictionaryTally } from '../../core/tally/dictionary-tally.ts';
import { tallyData, type TallyData } from '../../core/tally/tally-parts.ts';
import { VoteTally } from '../../core/tally/vote-tally.ts';

/** What a thread needs to tally a file's row groups: plain data, so it crosses to a thread as it is. */
export interface GroupPlan {
  path: string;
  /** The columns read: the tallied ones, then the weight when there is one. */
  read: string[];
  weight: string | null;
  /** Each read column's footer entry, in `read`'s order. */
  columns: FlatColumn[];
  /** Each row group's rows and its chunks of the read columns (null: the group lacks one). */
  groups: { rows: number; chunks: (ColumnChunk | null)[] }[];
}

/**
 * A second thread that tallies the row groups it claims from `claims` (shared): its tally, null when
 * a group it took is not read as DuckDB would, or 'failed' when the thread is gone (its groups are
 * lost: read them all again here).
 */
export type GroupShare = Promise<TallyData | null | 'failed'>;
export interface GroupHelper {
  /** The thread's share, or null when there is no thread to help (one core, or a helper already failed). */
  tallyGroups(plan: GroupPlan, claims: SharedArrayBuffer): GroupShare | null;
}

export function groupPlan(path: string, footer: ParquetFooter, read: readonly string[], weight: string | null): GroupPlan {
  return {
    path,
    read: [...read],
    weight,
    columns: read.map((name) => footer.columns.get(name)!),
    groups: footer.rowGroups.map((group) => ({ rows: group.rows, chunks: read.map((name) => group.chunks.get(name) ?? null) })),
  };
}

/** An empty tally of the plan's columns. */
export function planTally(plan: GroupPlan): VoteTally {
  return new VoteTally(plan.weight ? plan.read.slice(0, -1) : plan.read, !!plan.weight);
}

/**
 * Tallies into `tally` each group claimed from `claims` (the next number, until past the last
 * group). Returns how many groups it read, or null when one is not read as DuckDB would: the
 * counter is then moved past the last group, so the other thread stops too.
 */
export async function tallyClaimed(plan: GroupPlan, bytes: PartBytes, tally: VoteTally, claims: Int32Array): Promise<number | null> {
  const groups = plan.groups.length;
  const keyed = new DictionaryTally(tally);
  let read = 0;
  for (let g = Atomics.add(claims, 0, 1); g < groups; g = Atomics.add(claims, 0, 1)) {
    let ok = false;
    try {
      ok = await tallyGroup(plan, g, bytes, tally, keyed);
    } finally {
      if (!ok) Atomics.store(claims, 0, groups);
    }
    if (!ok) return null;
    read++;
  }
  keyed.settle();
  return read;
}

/**
 * The helper thread's share of a plan: the groups it claims from `claims`, tallied; null when one is
 * not read as DuckDB would or the file cannot be read (the other thread is stopped then too).
 */
export async function tallyShare(plan: GroupPlan, claims: Int32Array): Promise<TallyData | null> {
  let handle: FileHandle;
  try {
    handle = await open(plan.path, 'r');
  } catch {
    Atomics.store(claims, 0, plan.groups.length);
    return null;
  }
  try {
    const { size } = await handle.stat();
    const tally = planTally(plan);
    return (await tallyClaimed(plan, fileBytes(handle, size), tally, claims)) === null ? null : tallyData(tally);
  } catch {
    Atomics.store(claims, 0, plan.groups.length);
    return null;
  } finally {
    await handle.close();
  }
}

/**
 * Row group `g`'s chunks of the read columns, each read as dictionary and indices and tallied;
 * false when one is not, or holds a value DuckDB would read otherwise.
 */
async function tallyGroup(plan: GroupPlan, g: number, bytes: PartBytes, tally: VoteTally, keyed: DictionaryTally): Promise<boolean> {
  const { rows, chunks: groupChunks } = plan.groups[g];
  const chunks: DictionaryChunk[] = [];
  for (let c = 0; c < plan.read.length; c++) {
    const chunk = groupChunks[c];
    if (!chunk || chunk.values !== rows) return false;
    const range = await bytes.range(chunk.start, chunk.start + chunk.length);
    const values = readDictionaryChunk(plan.columns[c], chunk, range, uncompressPage, 'text, integers and booleans');
    if (!values || (plan.read[c] !== plan.weight && values.dictionary.some(readOtherwise))) return false;
    chunks.push(values);
  }
  // Weighted rows are coded one by one; unweighted ones counted per combination of indices when they fit.
  const weights = plan.weight ? weightsOf(chunks.pop()!, rows) : null;
  if (weights || !keyed.add(chunks, rows)) {
    tally.addCoded(
      chunks.map((chunk, c) => dictionaryCodes(chunk, tally, c, rows)),
      weights,
      rows,
    );
  }
  return true;
}

/**
 * A value DuckDB's path reads otherwise: text that is a JSON object (its recognition reads such a
 * column as a struct, core/sql/recognise.ts), or an integer past 32 bits (a bigint here; DuckDB gives a number).
 */
const readOtherwise = (v: DictionaryChunk['dictionary'][number]) =>
  typeof v === 'bigint' || (typeof v === 'string' && looksLikeJsonObject(v));

/** Each row's weight as a number (NaN for a null), as TRY_CAST(weight AS DOUBLE) reads it. */
function weightsOf({ dictionary, indices }: DictionaryChunk, rows: number): Float64Array {
  const values = Float64Array.from(dictionary, (v) => Number(v));
  const out = new Float64Array(rows);
  for (let r = 0; r < rows; r++) out[r] = indices[r] < 0 ? NaN : values[indices[r]];
  return out;
}

/**
 * Byte ranges of a local file, read through its descriptor. Synchronously: the thread has nothing
 * else to do meanwhile, and each of some forty asynchronous reads of a file's chunks went through
 * libuv's thread pool (a tenth of the count's time for 1.67M battles).
 */
export function fileBytes(handle: FileHandle, size: number): PartBytes {
  const range = async (start: number, end: number) => {
    const from = Math.max(0, Math.min(start, size));
    const length = Math.max(0, Math.min(end, size) - from);
    const buffer = new Uint8Array(length);
    let at = 0;
    while (at < length) {
      const bytesRead = readSync(handle.fd, buffer, at, length - at, from + at);
      if (bytesRead === 0) break;
      at += bytesRead;
    }
    return at === length ? buffer : buffer.subarray(0, at);
  };
  return { range, tail: (length) => range(size - length, size) };
}

/** rank's thread asks the helper thread for its share of a plan (`claims`: the shared counter), and the helper answers. */
export type GroupsRequest = { type: 'count-groups'; id: number; plan: GroupPlan; claims: SharedArrayBuffer };
export type GroupsResponse = { type: 'groups-counted'; id: number; tally: TallyData | null };

/** The helper thread's answer to a request for its share, the arrays moved rather than copied. */
export async function answerGroups(
  request: GroupsRequest,
  post: (message: GroupsResponse, transfer: ArrayBuffer[]) => void,
): Promise<void> {
  const tally = await tallyShare(request.plan, new Int32Array(request.claims));
  const arrays = tally ? [...tally.codes, tally.rows, tally.weight, tally.invalid] : [];
  post(
    { type: 'groups-counted', id: request.id, tally },
    arrays.map((a) => a.buffer as ArrayBuffer),
  );
}
