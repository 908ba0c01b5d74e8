/**
 * The backstop behind core/charts/labels.ts: after a chart is drawn, how far its text reaches
 * outside the svg's viewBox on each side (in the svg's own units). PlotView widens the margins by
 * that much and draws again, before the browser paints, so a label is never clipped ("amma" for
 * "gamma") even where the estimate of its width was short.
 */
import type { PlotOptions } from '@observablehq/plot';

export interface Overflow {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The chart's own svg: Plot returns a <figure> (legend + svg) when the chart has a legend. */
export function mainSvg(chart: Element): SVGSVGElement | null {
  if (chart instanceof SVGSVGElement) return chart;
  return chart.querySelector<SVGSVGElement>(':scope > svg:not([class$="-ramp"])');
}

/** How far text (tips excepted) reaches beyond each edge of the viewBox; 0 where it fits. */
export function textOverflow(svg: SVGSVGElement): Overflow {
  const out = { left: 0, right: 0, top: 0, bottom: 0 };
  const box = svg.getBoundingClientRect();
  const view = svg.viewBox.baseVal;
  if (!box.width || !view || !view.width) return out;
  const scale = view.width / box.width;
  for (const text of svg.querySelectorAll('text')) {
    if (!text.textContent?.trim() || text.closest('g[aria-label="tip"]')) continue;
    const r = text.getBoundingClientRect();
    if (!r.width && !r.height) continue;
    out.left = Math.max(out.left, (box.left - r.left) * scale);
    out.right = Math.max(out.right, (r.right - box.right) * scale);
    out.top = Math.max(out.top, (box.top - r.top) * scale);
    out.bottom = Math.max(out.bottom, (r.bottom - box.bottom) * scale);
  }
  return out;
}

// Plot's own defaults when a chart does not set a margin (close enough: the loop measures again).
const DEFAULTS = { marginLeft: 40, marginRight: 20, marginTop: 20, marginBottom: 30 };

/** Options with each clipped side's margin widened by its overflow (rounded up, plus 2 px). */
export function widened(options: PlotOptions, overflow: Overflow): PlotOptions {
  const grow = (key: keyof typeof DEFAULTS, by: number) =>
    by > 0.5 ? { [key]: Math.ceil(((options[key] as number | undefined) ?? DEFAULTS[key]) + by + 2) } : {};
  return {
    ...options,
    ...grow('marginLeft', overflow.left),
    ...grow('marginRight', overflow.right),
    ...grow('marginTop', overflow.top),
    ...grow('marginBottom', overflow.bottom),
  };
}

export const overflows = (o: Overflow) => o.left > 0.5 || o.right > 0.5 || o.top > 0.5 || o.bottom > 0.5;
