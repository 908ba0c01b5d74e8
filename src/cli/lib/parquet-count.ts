/**
 * rank's whole-file board from a local parquet file without DuckDB, as the page's counting worker
 * makes its first board: the footer gives the columns (recognised by core/schema as DuckDB's
 * describe would be), the mapped columns' dictionary-encoded chunks are read as dictionary and
 * indices (core/parquet) and tallied (core/tally), the winner values tallied are the detection's
 * sample, and the page's row rules give the counts, rows and rejected rows. Anything this reader
 * does not read exactly as DuckDB would (a column stored plainly, a codec it lacks, nested types,
 * JSON text DuckDB would decode, a damaged file) answers null, and the caller takes DuckDB's path,
 * whose output (and error messages) stay the reference.
 */
import { readSync } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { startsAsParquet, PhysicalType, type FlatColumn, type ParquetFooter } from '../../core/parquet/footer.ts';
import { partFooter, type PartBytes } from '../../core/parquet/part-footer.ts';
import { readableColumn, readDictionaryChunk, type DictionaryChunk } from '../../core/parquet/dictionary-chunk.ts';
import { uncompressPage } from '../../core/parquet/uncompress.ts';
import { detectPreset, type Detection } from '../../core/schema/detect.ts';
import { looksLikeJsonObject } from '../../core/schema/json-columns.ts';
import { rowVoteProblem, type CellKind } from '../../core/schema/row-vote.ts';
import { dictionaryCodes } from '../../core/tally/dictionary-codes.ts';
import { tallyDictionaryRows } from '../../core/tally/dictionary-tally.ts';
import { winnerDetection } from '../../core/tally/tally-detection.ts';
import { tallyColumns, tallyKinds, talliedVotes, VoteTally, type TalliedVotes } from '../../core/tally/vote-tally.ts';
import type { LoadedFile } from '../read-file.ts';
import type { OpenedFile } from './open-file.ts';

export interface CountedFile {
  opened: OpenedFile;
  tallied: TalliedVotes;
}

/** The whole file's tallied votes read here, or null when DuckDB must read it. */
export async function countParquetFile(path: string): Promise<CountedFile | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch {
    return null;
  }
  try {
    return await count(path, handle);
  } catch {
    // Bytes this reader does not make sense of: DuckDB reads the file and says what is wrong, if anything.
    return null;
  } finally {
    await handle.close();
  }
}

async function count(path: string, handle: FileHandle): Promise<CountedFile | null> {
  const { size } = await handle.stat();
  const bytes = fileBytes(handle, size);
  if (size < 12 || !startsAsParquet(await bytes.range(0, 4))) return null;
  const footer = await partFooter(bytes);
  if (!footer || footer.rows <= 0 || !Number.isSafeInteger(footer.rows)) return null;
  const columns = footer.schema;
  // DuckDB renames a repeated name; such a file is left to it.
  if (new Set(columns.map((c) => c.name.toLowerCase())).size !== columns.length) return null;
  const early = detectPreset(columns);
  if (!early.ok) return null;
  const { columns: tallied, weight } = tallyColumns(early.mapping);
  const { read, kinds } = tallyKinds(early.mapping, new Map(columns.map((c) => [c.name, c.type])));
  if (rowVoteProblem(early.mapping, kinds)) return null;
  if (!read.every((name) => readsAsDuckDb(footer.columns.get(name), kinds[name]))) return null;
  const tally = await tallyGroups(footer, bytes, read, weight);
  if (!tally || tally.totalRows !== footer.rows) return null;
  const winner = early.mapping.winner;
  const detection: Detection | ReturnType<typeof detectPreset> =
    winner.kind === 'column' ? winnerDetection(columns, winner.column, tally, kinds[winner.column]!) : early;
  if (!detection.ok) return null;
  const file: LoadedFile = {
    name: path,
    format: 'parquet',
    rows: footer.rows,
    columns,
    loadedColumns: tallied,
    malformed: [],
    malformedCount: 0,
  };
  return {
    opened: { file, columns: columns.filter((c) => tallied.includes(c.name)), detection, decode: {} },
    tallied: talliedVotes(tally, detection.mapping, kinds),
  };
}

/**
 * Whether a column's chunks, when the shared reader reads them, give the values DuckDB's tally would:
 * text as text, booleans, and signed integers (numbers; a bigint is checked for when read).
 */
function readsAsDuckDb(column: FlatColumn | undefined, kind: CellKind | null): boolean {
  if (!column || !readableColumn(column, 'text, integers and booleans')) return false;
  if (kind === 'text') return column.physicalType === PhysicalType.BYTE_ARRAY;
  if (kind === 'boolean') return column.physicalType === PhysicalType.BOOLEAN;
  return kind === 'integer' && column.signedInteger;
}

/**
 * Every row group's chunks of the `read` columns (the tallied ones, then the weight when there is
 * one), each read as dictionary and indices and tallied; null when one is not, or holds a value
 * DuckDB would read otherwise.
 */
async function tallyGroups(
  footer: ParquetFooter,
  bytes: PartBytes,
  read: readonly string[],
  weight: string | null,
): Promise<VoteTally | null> {
  const tally = new VoteTally(weight ? read.slice(0, -1) : read, !!weight);
  for (const group of footer.rowGroups) {
    const chunks: DictionaryChunk[] = [];
    for (const name of read) {
      const chunk = group.chunks.get(name);
      if (!chunk || chunk.values !== group.rows) return null;
      const range = await bytes.range(chunk.start, chunk.start + chunk.length);
      const values = readDictionaryChunk(footer.columns.get(name)!, chunk, range, uncompressPage, 'text, integers and booleans');
      if (!values || (name !== weight && values.dictionary.some(readOtherwise))) return null;
      chunks.push(values);
    }
    // Weighted rows are coded one by one; unweighted ones counted per combination of indices when they fit.
    const weights = weight ? weightsOf(chunks.pop()!, group.rows) : null;
    if (weights || !tallyDictionaryRows(tally, chunks, group.rows)) {
      tally.addCoded(
        chunks.map((chunk, c) => dictionaryCodes(chunk, tally, c, group.rows)),
        weights,
        group.rows,
      );
    }
  }
  return tally;
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
 * Byte ranges of a local file, read through its descriptor. Synchronously: the command has nothing
 * else to do meanwhile, and each of some forty asynchronous reads of a file's chunks went through
 * libuv's thread pool (a tenth of the count's time for 1.67M battles).
 */
function fileBytes(handle: FileHandle, size: number): PartBytes {
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
