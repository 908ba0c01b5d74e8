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
import { open, type FileHandle } from 'node:fs/promises';
import { startsAsParquet, PhysicalType, type FlatColumn } from '../../core/parquet/footer.ts';
import { partFooter, type PartBytes } from '../../core/parquet/part-footer.ts';
import { readableColumn } from '../../core/parquet/dictionary-chunk.ts';
import { detectPreset, type Detection } from '../../core/schema/detect.ts';
import { rowVoteProblem, type CellKind } from '../../core/schema/row-vote.ts';
import { mergeTally } from '../../core/tally/tally-parts.ts';
import { winnerDetection } from '../../core/tally/tally-detection.ts';
import { tallyColumns, tallyKinds, talliedVotes, type TalliedVotes, type VoteTally } from '../../core/tally/vote-tally.ts';
import type { LoadedFile } from '../read-file.ts';
import type { OpenedFile } from './open-file.ts';
import { fileBytes, groupPlan, planTally, tallyClaimed, type GroupHelper, type GroupPlan } from './parquet-groups.ts';

export interface CountedFile {
  opened: OpenedFile;
  tallied: TalliedVotes;
}

/**
 * The whole file's tallied votes read here, or null when DuckDB must read it. `helper`: a second
 * thread that reads some of the row groups meanwhile (rank's BoardThreads).
 */
export async function countParquetFile(path: string, helper: GroupHelper | null = null): Promise<CountedFile | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch {
    return null;
  }
  try {
    return await count(path, handle, helper);
  } catch {
    // Bytes this reader does not make sense of: DuckDB reads the file and says what is wrong, if anything.
    return null;
  } finally {
    await handle.close();
  }
}

async function count(path: string, handle: FileHandle, helper: GroupHelper | null): Promise<CountedFile | null> {
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
  const tally = await tallyGroups(groupPlan(path, footer, read, weight), bytes, helper);
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
 * Every row group tallied, split with the helper thread when there is one (each claims the next
 * group); null when a group either thread took is not read as DuckDB would. A helper that fails
 * loses its groups: they are all read again here.
 */
async function tallyGroups(plan: GroupPlan, bytes: PartBytes, helper: GroupHelper | null): Promise<VoteTally | null> {
  const claims = new Int32Array(new SharedArrayBuffer(4));
  const share = plan.groups.length > 1 ? (helper?.tallyGroups(plan, claims.buffer as SharedArrayBuffer) ?? null) : null;
  const tally = planTally(plan);
  const mine = await tallyClaimed(plan, bytes, tally, claims);
  if (mine === null) return null;
  // Every group read here (a helper too slow to start took none): its answer is not waited for.
  if (mine === plan.groups.length || !share) return tally;
  const theirs = await share;
  if (theirs === 'failed') {
    const alone = planTally(plan);
    return (await tallyClaimed(plan, bytes, alone, new Int32Array(1))) === null ? null : alone;
  }
  if (!theirs) return null;
  mergeTally(tally, theirs);
  return tally;
}
