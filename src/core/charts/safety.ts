/** Safety lens charts: data → Observable Plot options (no rendering). */
import * as Plot from '@observablehq/plot';
import { labelMargin, middleTruncate } from './labels.ts';
import type { CategoryCount, FlagTotal, ModelFlagRow, ScoreBin, SubsetRow } from '../lenses/safety.ts';

const pct = (x: number) => `${(x * 100).toFixed(x < 0.1 ? 2 : 1)}%`;
const int = (x: number) => Math.round(x).toLocaleString('en-US');
export const FLAG_COLORS = { domain: ['flagged', 'not flagged'], range: ['#d1495b', '#8d99ae'] };

export interface FlagBar {
  label: string;
  flagged: number;
  rate: number;
}

/** Share of votes flagged by each flag (and by both / any classifier), one bar each. */
export function flagRatesChart(bars: FlagBar[], width = 620): Plot.PlotOptions {
  return {
    width,
    height: 40 + bars.length * 30,
    marginLeft: labelMargin(bars.map((b) => b.label)),
    marginRight: 110,
    x: { label: 'flagged share of votes (%) →', percent: true, grid: true },
    y: { label: null, domain: bars.map((b) => b.label) },
    marks: [
      Plot.barX(bars, { x: 'rate', y: 'label', fill: '#d1495b', tip: { format: { x: (x: number) => pct(x) } } }),
      Plot.text(bars, { x: 'rate', y: 'label', text: (d: FlagBar) => `${int(d.flagged)} (${pct(d.rate)})`, dx: 4, textAnchor: 'start' }),
      Plot.ruleX([0]),
    ],
  };
}

export const flagBars = (flags: FlagTotal[], extra: FlagBar[] = []): FlagBar[] => [
  ...flags.map((f) => ({
    label:
      f.flag.kind === 'moderation' ? 'moderation (any category)' : `${f.flag.label}${f.flag.kind === 'classifier' ? ' classifier' : ''}`,
    flagged: f.flagged,
    rate: f.rate,
  })),
  ...extra,
];

/** Flagged votes per moderation category, largest first. */
export function categoryChart(categories: CategoryCount[], width = 620): Plot.PlotOptions {
  const data = [...categories].sort((a, b) => b.flagged - a.flagged || a.category.localeCompare(b.category));
  return {
    width,
    height: 40 + data.length * 24,
    marginLeft: labelMargin(data.map((d) => d.category)),
    marginRight: 90,
    x: { label: 'flagged votes (count) →', grid: true },
    y: { label: null, domain: data.map((d) => d.category) },
    marks: [
      Plot.barX(data, { x: 'flagged', y: 'category', fill: '#d1495b', tip: true }),
      Plot.text(data, {
        x: 'flagged',
        y: 'category',
        text: (d: CategoryCount) => `${int(d.flagged)} (${pct(d.rate)})`,
        dx: 4,
        textAnchor: 'start',
      }),
      Plot.ruleX([0]),
    ],
  };
}

/** Flagged share of each model's votes (both seats), highest first. */
export function modelFlagChart(rows: ModelFlagRow[], width = 620): Plot.PlotOptions {
  const mean =
    rows.reduce((s, r) => s + r.flagged, 0) /
    Math.max(
      1,
      rows.reduce((s, r) => s + r.votes, 0),
    );
  return {
    width,
    height: 40 + rows.length * 20,
    marginLeft: labelMargin(rows.map((r) => middleTruncate(r.model))),
    marginRight: 100,
    x: { label: "flagged share of the model's votes (%) →", percent: true, grid: true },
    y: { label: null, domain: rows.map((r) => r.model), tickFormat: (m: string) => middleTruncate(m) },
    marks: [
      Plot.barX(rows, { x: 'rate', y: 'model', fill: '#d1495b', fillOpacity: 0.85, tip: { format: { x: (x: number) => pct(x) } } }),
      Plot.text(rows, {
        x: 'rate',
        y: 'model',
        text: (d: ModelFlagRow) => `${int(d.flagged)} of ${int(d.votes)}`,
        dx: 4,
        textAnchor: 'start',
        fontSize: 10,
      }),
      Plot.ruleX([mean], { stroke: 'currentColor', strokeDasharray: '4 3' }),
      Plot.ruleX([0]),
    ],
  };
}

/** Histogram of a score on a log axis, flagged and unflagged votes overlaid; counts on a log axis too. */
export function scoreHistogramChart(bins: ScoreBin[], scoreLabel: string, width = 620): Plot.PlotOptions {
  const data = bins.filter((b) => b.votes > 0).map((b) => ({ ...b, status: b.flagged ? 'flagged' : 'not flagged' }));
  return {
    width,
    height: 300,
    marginLeft: 60,
    x: { type: 'log', label: `${scoreLabel} (log scale) →`, tickFormat: '~e' as never },
    y: { type: 'log', label: '↑ votes (log scale)', grid: true, domain: [0.8, Math.max(10, ...data.map((d) => d.votes)) * 1.2] },
    color: { legend: true, ...FLAG_COLORS },
    marks: [Plot.rect(data, { x1: 'lo', x2: 'hi', y1: 0.8, y2: 'votes', fill: 'status', fillOpacity: 0.55, inset: 0.5, tip: true })],
  };
}

/** Dumbbell of each model's rating on unflagged and on flagged votes. */
export function subsetRatingsChart(rows: SubsetRow[], flagLabel: string, width = 620): Plot.PlotOptions {
  const points = rows
    .flatMap((r) => [
      { model: r.model, subset: 'not flagged', rating: r.unflagged.rating },
      { model: r.model, subset: 'flagged', rating: r.flagged.rating },
    ])
    .filter((p) => p.rating !== null);
  const both = rows.filter((r) => r.flagged.rating !== null && r.unflagged.rating !== null);
  return {
    width,
    height: 40 + rows.length * 20,
    marginLeft: labelMargin(rows.map((r) => middleTruncate(r.model))),
    x: { label: `Bradley-Terry rating (Elo scale) →`, grid: true },
    y: { label: null, domain: rows.map((r) => r.model), tickFormat: (m: string) => middleTruncate(m) },
    color: { legend: true, ...FLAG_COLORS, domain: ['flagged', 'not flagged'] },
    marks: [
      Plot.link(both, {
        x1: (r: SubsetRow) => r.unflagged.rating,
        x2: (r: SubsetRow) => r.flagged.rating,
        y: 'model',
        stroke: 'currentColor',
        strokeOpacity: 0.35,
      }),
      Plot.dot(points, {
        x: 'rating',
        y: 'model',
        fill: 'subset',
        r: 4,
        tip: true,
        title: (p: { model: string; subset: string; rating: number }) => `${p.model}\n${p.subset}: ${p.rating.toFixed(0)}`,
      }),
    ],
    ariaDescription: `${flagLabel}: ratings on flagged vs not flagged votes`,
  };
}
