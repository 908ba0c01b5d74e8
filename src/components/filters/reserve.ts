/**
 * The height a filter group will have once its values are counted, reserved while it counts so
 * the groups below do not jump down one after another (layout shift). Pixel sizes of the widgets
 * as theme.css and the filter components draw them; an unknown count reserves four rows.
 */
import { MAX_CATEGORIES, type Dimension } from '../../core/view/dimensions.ts';

const ROW = 22;
const BASE = 30;
const MORE = 20;
const FOLDED = 8;

export function reservedHeight(dim: Dimension, distinct: number | undefined): number {
  if (dim.kind === 'number') return 103;
  if (dim.kind === 'date' || dim.kind === 'unix-seconds') return 137;
  const values = dim.kind === 'boolean' ? Math.min(distinct ?? 2, 3) : (distinct ?? 4);
  // Past MAX_CATEGORIES values a line says "top 60 of N values".
  return BASE + ROW * Math.min(values, FOLDED) + (values > FOLDED ? MORE : 0) + (values > MAX_CATEGORIES ? ROW : 0);
}
