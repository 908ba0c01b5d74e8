import { provenanceCsv, type Provenance } from './provenance.ts';

const round = (x: number | null, digits: number) => (x === null || !Number.isFinite(x) ? null : Number(x.toFixed(digits)));

/**
 * A square matrix as CSV: the first column names the row model, then one column per opponent in
 * the same order. Empty cells (unplayed pairs, the diagonal) stay empty, never 0 or 0.5.
 * Fractions keep 5 decimals; counts are written as they are.
 */
export function matrixCsv(
  models: readonly string[],
  values: readonly (readonly (number | null)[])[],
  digits = 5,
  provenance: Provenance | null = null,
): string {
  if (values.length !== models.length || values.some((row) => row.length !== models.length)) {
    throw new RangeError(`matrixCsv: expected a ${models.length}×${models.length} matrix`);
  }
  return provenanceCsv(
    ['model', ...models],
    models.map((m, i) => [m, ...values[i].map((v) => round(v, digits))]),
    provenance,
  );
}
