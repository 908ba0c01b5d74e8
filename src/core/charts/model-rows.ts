/** Shared by the charts that draw one row per model (slice comparison, style control). */
import { labelMargin } from './labels.ts';
import { shortLabel } from './matrix.ts';

const ROW = 20;

/** Size and margins for one row per model, the left margin fitted to the longest axis label. */
export function modelRowsFrame(models: readonly string[], width: number) {
  return {
    width: Math.max(300, Math.round(width)),
    height: 64 + ROW * Math.max(1, models.length),
    marginLeft: labelMargin(
      models.map((m) => shortLabel(m)),
      { gap: 14 },
    ),
    marginTop: 30,
    marginBottom: 34,
    marginRight: 16,
    style: { fontSize: '11px' },
  };
}

/** A rating to one decimal, as marks show it. */
export const r1 = (x: number) => Math.round(x * 10) / 10;
/** A difference to one decimal with its sign (a true minus). */
export const signed = (x: number) => `${x >= 0 ? '+' : '−'}${Math.abs(x).toFixed(1)}`;
