/**
 * The detection of a file read through a user's column mapping (the page's mapping form, rank's
 * --map) where no preset fits: the generic pairwise shape with the user's mapping and roles.
 */
import type { ColumnInfo, ColumnRole } from './column.ts';
import { detectPreset, type Detection } from './detect.ts';
import { sideColumns, winnerColumns, type ColumnMapping } from './mapping.ts';

/** A user's mapping on a file no preset knows: roles from the mapping, the rest as dimensions. */
export function mappedDetection(columns: ColumnInfo[], mapping: ColumnMapping): Detection {
  const generic = detectPreset([
    { name: 'model_a', type: 'VARCHAR' },
    { name: 'model_b', type: 'VARCHAR' },
    { name: 'winner', type: 'VARCHAR' },
  ]) as Detection;
  const role = (name: string): ColumnRole =>
    sideColumns(mapping.modelA).includes(name)
      ? 'model_a'
      : sideColumns(mapping.modelB).includes(name)
        ? 'model_b'
        : winnerColumns(mapping.winner).includes(name) || mapping.tieFlag === name
          ? 'winner'
          : mapping.weight === name
            ? 'weight'
            : 'dimension';
  return {
    ...generic,
    mapping,
    roles: columns.map((c) => ({ column: c.name, role: role(c.name) })),
    textColumns: [],
    dimensions: [],
    confidence: 1,
    why: ['columns mapped by hand'],
    unmappedWinnerValues: [],
    alternatives: [],
  };
}
