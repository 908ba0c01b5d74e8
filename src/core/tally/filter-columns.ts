/**
 * The columns the counting worker splits its tally on before DuckDB holds the rows (issue 28;
 * filter-tally.ts splits them): a few low-cardinality columns the filter panel will offer.
 */
import type { ColumnMapping } from '../schema/mapping.ts';
import { mappingColumns } from '../schema/mapping.ts';
import type { CellKind } from '../schema/row-vote.ts';
import type { DimensionHint } from '../schema/preset.ts';
import type { ColumnInfo } from '../schema/column.ts';
import { ID_NAME } from '../view/dimensions.ts';
import { keptColumns } from '../sql/battles.ts';

/** At most this many columns are split on (each multiplies the combinations kept). */
export const MAX_SPLIT_COLUMNS = 4;

/**
 * The columns the tally can split on: text, boolean and integer columns that battles keeps under
 * their own name (not mapped, not renamed, not ignored by the preset, no id), the preset's hinted
 * ones first, then in the file's order. Which of them the panel offers, and as what, decideDimensions
 * says on the page from their values, as it will once DuckDB describes battles. `narrow`, when
 * given, names the columns cheap enough to read for it (long text is not).
 */
export function filterColumnsFor(
  columns: readonly ColumnInfo[],
  kinds: Readonly<Record<string, CellKind | null | undefined>>,
  mapping: ColumnMapping,
  hints: readonly DimensionHint[],
  ignored: readonly string[],
  narrow: ReadonlySet<string> | null = null,
): ColumnInfo[] {
  const kept = new Set(
    keptColumns({ raw: 'raw', columns, mapping })
      .filter((k) => k.source === k.name)
      .map((k) => k.name),
  );
  const skip = new Set([...mappingColumns(mapping), ...ignored]);
  const usable = columns.filter(
    (c) =>
      kept.has(c.name) &&
      !skip.has(c.name) &&
      (!narrow || narrow.has(c.name)) &&
      !ID_NAME.test(c.name) &&
      ['text', 'boolean', 'integer'].includes(kinds[c.name] ?? ''),
  );
  const hinted = new Set(hints.filter((h) => h.path.length === 1).map((h) => h.path[0]));
  return [...usable.filter((c) => hinted.has(c.name)), ...usable.filter((c) => !hinted.has(c.name))].slice(0, MAX_SPLIT_COLUMNS);
}
