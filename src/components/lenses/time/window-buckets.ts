/**
 * The slice's votes counted per time step (a week for most spans), as the Time lens and the model
 * profile sum them into windows: the range is read first, its step chosen (stats/time-windows.ts),
 * then each bucket's pair counts in one query.
 */
import type { LensContext } from '../../../state/lens-context.svelte.ts';
import type { SqlCondition } from '../../../core/sql/statement.ts';
import { bucketPairCountsSql, readBucketCounts, timeRangeSql, type BucketCounts, type TimeColumn } from '../../../core/sql/time-windows.ts';
import { defaultStep, type TimeStep } from '../../../core/stats/time-windows.ts';

export interface WindowBuckets {
  /** Unix seconds of the first vote: bucket k starts at origin + k · step.seconds. */
  origin: number;
  step: TimeStep;
  buckets: BucketCounts;
  /** Buckets from the first to the last vote. */
  count: number;
}

/** null when no vote of the slice has a time. */
export async function readWindowBuckets(
  context: Pick<LensContext, 'query' | 'dataset'>,
  column: TimeColumn,
  where: SqlCondition,
): Promise<WindowBuckets | null> {
  const [range] = await context.query(timeRangeSql(column, where));
  if (range.first === null) return null;
  const origin = Number(range.first);
  const step = defaultStep(Number(range.last) - origin);
  const buckets = readBucketCounts(
    context.dataset.counts.models,
    await context.query(bucketPairCountsSql(column, origin, step.seconds, where)),
  );
  return { origin, step, buckets, count: buckets.bucket.length ? Math.max(...buckets.bucket) + 1 : 0 };
}
