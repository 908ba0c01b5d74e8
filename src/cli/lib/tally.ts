/**
 * The command line's board of a whole file without the battles table: the mapped columns' distinct
 * values counted by DuckDB, then the page's own row rules (core/tally) on each distinct tuple.
 */
import { rowVoteProblem } from '../../core/schema/row-vote.ts';
import { tallyKinds, type TalliedVotes } from '../../core/tally/vote-tally.ts';
import type { Connector } from '../../core/sql/connector.ts';
import { readTally } from '../../core/sql/vote-tally.ts';
import { summariseCounts } from '../../core/stats/count-summary.ts';
import { readFailure } from '../read-file.ts';
import { RAW_TABLE, type OpenedFile, type Summary } from './open-file.ts';

/** The whole file's tallied votes, or null when a mapped column has a type only SQL reads (then build battles). */
export async function tallyWholeFile(db: Connector, opened: OpenedFile): Promise<TalliedVotes | null> {
  const mapping = opened.detection.mapping;
  const { kinds } = tallyKinds(mapping, new Map(opened.columns.map((c) => [c.name, c.type])));
  if (rowVoteProblem(mapping, kinds)) return null;
  // `raw` may be a view of the file (rank's whole-file board): reading it can still fail here.
  return readTally(db, RAW_TABLE, mapping, kinds).catch(readFailure(opened.file.name, opened.file.format));
}

export function tallySummary(tallied: TalliedVotes): Summary {
  const { votes, models } = summariseCounts(tallied.counts);
  return { rows: tallied.rows, votes, models, rejected: tallied.rejected, rejectedRows: tallied.rejectedRows };
}
