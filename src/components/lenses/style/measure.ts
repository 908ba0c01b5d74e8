/**
 * Reads the per-vote style features of the current slice from the page's DuckDB: LMArena's own
 * counts from conv_metadata when the file has them, else measured over the answer texts in row_id
 * chunks so the page can show progress (and stop when the load is superseded: `signal`). Above
 * MAX_VOTES rows, a fixed pseudo-random sample of about MAX_VOTES rows is measured instead, and the
 * result says so. The Style lens and the model profile read them the same way.
 */
import type { LensContext } from '../../../state/lens-context.svelte.ts';
import type { OpenedDataset } from '../../../state/dataset.svelte.ts';
import {
  answerColumns,
  readStyleRows,
  SAMPLE_MODULUS,
  styleFeaturesSql,
  styleSliceSizeSql,
  type StyleRows,
} from '../../../core/lenses/style.ts';
import type { SqlCondition } from '../../../core/sql/statement.ts';
import { convMetadataColumn, METADATA_FEATURES, metadataFeaturesSql } from '../../../core/sql/style-metadata.ts';
import { describeSql, readColumns } from '../../../core/sql/summary.ts';
import { BATTLES_TABLE } from '../../../core/sql/battles.ts';

export const MAX_VOTES = 100_000;
const CHUNK_ROWS = 5_000;

export interface Measured {
  rows: StyleRows;
  /** Rows of the slice, and how many were measured (fewer when sampled). */
  sliceRows: number;
  sliceVotes: number;
  measuredRows: number;
  sampled: boolean;
}

export interface MeasureProgress {
  phase: string;
  done: number;
  total: number;
}

/** null when the slice is empty; throws when the dataset has no answer columns. */
export async function measureStyle(
  context: Pick<LensContext, 'query' | 'text'>,
  dataset: OpenedDataset,
  where: SqlCondition,
  onProgress: (p: MeasureProgress) => void,
  signal: AbortSignal,
): Promise<Measured | null> {
  const sides = answerColumns(dataset.source.columns);
  if (!sides) throw new Error('this dataset has no pair of answer columns to measure');
  onProgress({ phase: 'reading the answer texts', done: 0, total: 0 });
  const text = await context.text();
  const size = styleSliceSizeSql(where);
  const [s] = await context.query(size);
  const sliceRows = Number(s.rows);
  signal.throwIfAborted();
  if (sliceRows === 0) return null;
  const lo = Number(s.lo),
    hi = Number(s.hi) + 1;
  const sampled = sliceRows > MAX_VOTES;
  const keepPerMillion = sampled ? Math.floor((SAMPLE_MODULUS * MAX_VOTES) / sliceRows) : null;
  const chunks = Math.min(50, Math.max(1, Math.ceil(sliceRows / CHUNK_ROWS)));
  const step = Math.ceil((hi - lo) / chunks);
  const rows: Record<string, unknown>[] = [];
  for (let from = lo; from < hi; from += step) {
    onProgress({ phase: 'measuring answers', done: from - lo, total: hi - lo });
    const q = styleFeaturesSql(where, { text, ...sides, from, to: Math.min(hi, from + step), keepPerMillion });
    const part = await context.query(q);
    signal.throwIfAborted();
    for (const r of part) rows.push(r);
  }
  onProgress({ phase: 'measuring answers', done: hi - lo, total: hi - lo });
  return { rows: readStyleRows(dataset.counts.models, rows), sliceRows, sliceVotes: Number(s.votes), measuredRows: rows.length, sampled };
}

/** Where the features came from: LMArena's conv_metadata counts, or measured from the answer texts. */
export type StyleSource = 'conv_metadata' | 'text';

/** The slice's features from conv_metadata when battles has that column, else measured from the texts; null for an empty slice. */
export async function readStyleFeatures(
  context: Pick<LensContext, 'query' | 'text'>,
  dataset: OpenedDataset,
  where: SqlCondition,
  onProgress: (p: MeasureProgress) => void,
  signal: AbortSignal,
): Promise<{ source: StyleSource; measured: Measured | null }> {
  const column = convMetadataColumn(readColumns(await context.query(describeSql(BATTLES_TABLE))));
  if (!column) {
    const measured = await measureStyle(context, dataset, where, onProgress, signal);
    return { source: 'text', measured };
  }
  onProgress({ phase: 'reading conv_metadata', done: 0, total: 0 });
  const rows = await context.query(metadataFeaturesSql(column, where));
  signal.throwIfAborted();
  if (rows.length === 0) return { source: 'conv_metadata', measured: null };
  const read = readStyleRows(
    dataset.counts.models,
    rows,
    METADATA_FEATURES.map((f) => f.feature),
  );
  const votes = rows.reduce((s, r) => s + Number(r.weight), 0);
  return { source: 'conv_metadata', measured: { rows: read, sliceRows: votes, sliceVotes: votes, measuredRows: votes, sampled: false } };
}
