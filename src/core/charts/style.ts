/**
 * Style lens charts: data → Observable Plot options (no rendering). The fitted style coefficients
 * in Elo points per SD with their 95% intervals, and each model's move from its raw rating to its
 * style-controlled one. Pure.
 */
import type { PlotOptions } from '@observablehq/plot';
import * as Plot from '@observablehq/plot';
import { STYLE_FEATURE_LABELS, type StyleFeature } from '../lenses/style.ts';
import type { StyleCoefficient, StyleModelRow } from '../stats/style-control.ts';
import { labelMargin } from './labels.ts';
import { shortLabel } from './matrix.ts';
import { modelRowsFrame, r1, signed } from './model-rows.ts';

const RAW = '#8a8f98';
const CONTROLLED = '#1f77b4';

/** "longer answers (characters): +12.3 points per SD" */
export function coefficientSentence(c: StyleCoefficient): string {
  const label = STYLE_FEATURE_LABELS[c.feature as StyleFeature]?.long ?? c.feature;
  if (!c.used || c.eloPerSd === null) return `${label}: not fitted (the same in every vote)`;
  return `${label}: ${signed(c.eloPerSd)} points per SD`;
}

/** What one SD of a feature's normalised difference means, e.g. "one answer 1.9× the other". */
export function sdMeaning(c: StyleCoefficient): string {
  const sd = Math.min(c.sd, 0.99);
  const ratio = (1 + sd) / (1 - sd);
  return `1 SD = a normalised difference of ${c.sd.toFixed(2)}, about one answer ${ratio.toFixed(1)}× the other`;
}

export function coefficientOptions(coefficients: readonly StyleCoefficient[], width: number): PlotOptions {
  const used = coefficients.filter((c) => c.used && c.eloPerSd !== null);
  const points = used.map((c) => ({
    label: STYLE_FEATURE_LABELS[c.feature as StyleFeature]?.long ?? c.feature,
    value: r1(c.eloPerSd!),
    lower: r1(c.eloLower!),
    upper: r1(c.eloUpper!),
    text: `${signed(c.eloPerSd!)} pts / SD`,
    tip: `${coefficientSentence(c)} (95% CI ${signed(c.eloLower!)} to ${signed(c.eloUpper!)}; logit ${c.logit!.toFixed(3)} ± ${c.se!.toFixed(3)}). ${sdMeaning(c)}`,
  }));
  return {
    width: Math.max(300, Math.round(width)),
    height: 60 + 34 * Math.max(1, points.length),
    marginLeft: labelMargin(
      points.map((p) => p.label),
      { gap: 14, min: 60 },
    ),
    marginRight: 70,
    marginBottom: 36,
    style: { fontSize: '11px' },
    ariaLabel: 'Fitted style coefficients in Elo points per standard deviation, with 95% intervals',
    x: { label: '← helps lose · Elo points per 1 SD of the feature · helps win →', grid: true, nice: true, zero: true },
    y: { domain: points.map((p) => p.label), label: null, tickSize: 0 },
    marks: [
      Plot.ruleX([0], { stroke: 'currentColor', strokeOpacity: 0.6 }),
      Plot.barX(points, {
        y: 'label',
        x: 'value',
        fill: (p: { value: number }) => (p.value >= 0 ? CONTROLLED : '#e8731a'),
        fillOpacity: 0.35,
      }),
      Plot.ruleY(points, { y: 'label', x1: 'lower', x2: 'upper', stroke: 'currentColor', strokeWidth: 2 }),
      Plot.dot(points, { y: 'label', x: 'value', fill: 'currentColor', r: 3 }),
      Plot.text(points, { y: 'label', x: 'upper', text: 'text', dx: 6, textAnchor: 'start' }),
      Plot.tip(points, Plot.pointerY({ y: 'label', x: 'value', title: 'tip' })),
    ],
  };
}

/** Raw → controlled per model: an arrow from the raw rating to the controlled one, best controlled first. */
export function moveOptions(rows: readonly StyleModelRow[], width: number): PlotOptions {
  const rated = rows.filter((r) => r.raw !== null && r.controlled !== null);
  const order = [...rated].sort((x, y) => y.controlled! - x.controlled! || (x.model < y.model ? -1 : 1)).map((r) => r.model);
  const dots = rated.flatMap((r) => [
    { model: r.model, kind: 'raw', rating: r1(r.raw!), tip: `${r.model}: raw ${r.raw!.toFixed(1)} (rank ${r.rawRank})` },
    {
      model: r.model,
      kind: 'style-controlled',
      rating: r1(r.controlled!),
      tip: `${r.model}: style-controlled ${r.controlled!.toFixed(1)} (rank ${r.controlledRank}), ${signed(r.change!)} points`,
    },
  ]);
  return {
    ...modelRowsFrame(
      rated.map((r) => r.model),
      width,
    ),
    ariaLabel: 'Each model’s raw rating and its style-controlled rating',
    x: { axis: 'both', label: 'Rating (Elo scale) →', grid: true, nice: true },
    y: { domain: order, tickFormat: (d: string) => shortLabel(d), label: null, tickSize: 0 },
    color: { type: 'ordinal', domain: ['raw', 'style-controlled'], range: [RAW, CONTROLLED], legend: true },
    marks: [
      Plot.arrow(rated, {
        y: 'model',
        x1: (r: StyleModelRow) => r1(r.raw!),
        x2: (r: StyleModelRow) => r1(r.controlled!),
        stroke: 'currentColor',
        strokeOpacity: 0.45,
        headLength: 6,
        insetEnd: 4,
      }),
      Plot.dot(dots, { y: 'model', x: 'rating', fill: 'kind', r: 4 }),
      Plot.tip(dots, Plot.pointer({ y: 'model', x: 'rating', title: 'tip' })),
    ],
  };
}
