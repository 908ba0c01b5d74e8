/**
 * What the filter panel loads, by the lenses' one loading rule (live(): the newest answer wins, one
 * error): the columns' profile that decides which dimensions it offers, and each widget's counts in
 * the slice of the other filters. The widgets keep no staleness flag of their own.
 */
import type { Row, RunQuery } from '../core/sql/connector.ts';
import type { SqlQuery } from '../core/sql/statement.ts';
import type { ColumnInfo } from '../core/schema/column.ts';
import type { DimensionHint } from '../core/schema/preset.ts';
import type { Outcome } from '../core/outcome.ts';
import { BATTLES_TABLE } from '../core/sql/battles.ts';
import { columnProfileSql, outcomeDistributionSql, readColumnProfile } from '../core/sql/summary.ts';
import { decideDimensions, type Dimension } from '../core/view/dimensions.ts';
import { live, type Live } from './lens-context.svelte.ts';

export interface ColumnsProfile {
  dims: Dimension[];
  /** Votes per outcome (which quick toggles apply). */
  outcomes: Partial<Record<Outcome, number>>;
  /** Distinct values per scalar column (the room a widget reserves). */
  distinct: Record<string, number>;
}

export interface ProfileInputs {
  query: RunQuery;
  /** DESCRIBE battles. */
  columns: ColumnInfo[];
  hints: DimensionHint[];
  /** Columns never offered. */
  ignored: string[];
}

/** One profile scan: distinct counts decide which columns are categories. */
export async function readProfile({ query, columns, hints, ignored }: ProfileInputs): Promise<ColumnsProfile> {
  const scalar = columns.filter(
    (c) => !/^(row_id|model_a|model_b|outcome|weight)$/.test(c.name) && !/^(STRUCT|MAP|UNION)\b|\]$/.test(c.type),
  );
  // The model columns are profiled too: an integer column with as many values holds their ids.
  const modelCols = columns.filter((c) => c.name === 'model_a' || c.name === 'model_b');
  const profiled = [...scalar, ...modelCols];
  const all = profiled.length ? readColumnProfile(profiled, (await query(columnProfileSql(BATTLES_TABLE, profiled)))[0]) : [];
  const profile = all.slice(0, scalar.length);
  const models = all.slice(scalar.length).map((c) => c.distinct);
  const dist = await query(outcomeDistributionSql());
  const distinct = Object.fromEntries(profile.map((c) => [c.name, c.distinct]));
  return {
    outcomes: Object.fromEntries(dist.map((r) => [String(r.outcome), Number(r.votes)])),
    distinct,
    dims: decideDimensions({ columns, hints, ignored, distinct, models }),
  };
}

/** The profile of the data `inputs` names, read again when they change. */
export function liveProfile(inputs: () => ProfileInputs): Live<ColumnsProfile> {
  return live(() => readProfile(inputs()), 'read the columns');
}

/** A filter widget's counts: the statement `ask` names (reading the props it depends on), read by `read`. */
export function liveCounts<T>(ask: () => { query: RunQuery; q: SqlQuery }, read: (rows: Row[]) => T, what: string): Live<T> {
  return live(() => {
    const { query, q } = ask();
    return query(q).then(read);
  }, what);
}
