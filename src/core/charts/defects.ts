/** Defects lens charts: data → Observable Plot options (no rendering). */
import * as Plot from '@observablehq/plot';
import type { Cooccurrence, LabelRate } from '../lenses/defects.ts';
import { RAMP_ROOM } from './legend.ts';
import { labelMargin, middleTruncate } from './labels.ts';

const pct = (x: number | null) => (x === null ? 'no label' : `${(x * 100).toFixed(1)}%`);
const rated = (rates: LabelRate[]) => rates.filter((r) => r.rate !== null);
const unlabelled = (rates: LabelRate[]) => rates.filter((r) => r.rate === null);
const int = (x: number) => Math.round(x).toLocaleString('en-US');
const pretty = (s: string) => s.replaceAll('_', ' ');
/** A rate, or "no label" when no unit of the group carries the label (never a misleading 0%). */
export const rateText = (r: LabelRate) => (r.labelled > 0 ? pct(r.rate) : 'no label');
/** "12 of 480 labelled", plus how many have no label at all. */
export const countText = (r: LabelRate) =>
  r.labelled > 0
    ? `${int(r.count)} of ${int(r.labelled)} labelled${r.units > r.labelled ? `; ${int(r.units - r.labelled)} with no label` : ''}`
    : `no label on ${int(r.units)}`;

/** Bar colours: a defect red, a quality (comparIA's useful, creative …) blue, "any defect" purple. */
const LABEL_COLOUR = { defect: '#d1495b', quality: '#4e79a7', any: '#6d597a' };
const labelColour = (r: LabelRate) => (r.index < 0 ? LABEL_COLOUR.any : r.negative ? LABEL_COLOUR.defect : LABEL_COLOUR.quality);

/** What the colours of labelRatesChart mean, for its subtitle; empty when every bar is a defect. */
export function labelColoursText(rates: LabelRate[]): string {
  if (!rates.some((r) => !r.negative)) return '';
  return `blue: a quality, red: a defect${rates.some((r) => r.index < 0) ? ', purple: any defect' : ''}`;
}

/** Share of units carrying each label, one bar per label, coloured by whether the label is a quality or a defect. */
export function labelRatesChart(rates: LabelRate[], unit: string, width = 620): Plot.PlotOptions {
  return {
    width,
    height: 40 + rates.length * 30,
    marginLeft: labelMargin(rates.map((r) => pretty(r.label))),
    marginRight: 110,
    x: { label: `share of labelled ${unit} (%) →`, percent: true, grid: true },
    y: { label: null, domain: rates.map((r) => r.label), tickFormat: pretty },
    marks: [
      Plot.barX(rated(rates), {
        x: 'rate',
        y: 'label',
        fill: labelColour,
        tip: true,
        title: (r: LabelRate) => `${pretty(r.label)}: ${rateText(r)}\n${countText(r)}`,
      }),
      Plot.text(rated(rates), {
        x: 'rate',
        y: 'label',
        text: (r: LabelRate) => `${int(r.count)} of ${int(r.labelled)} (${pct(r.rate)})`,
        dx: 4,
        textAnchor: 'start',
      }),
      Plot.text(unlabelled(rates), {
        x: 0,
        y: 'label',
        text: () => 'no label in this slice',
        dx: 4,
        textAnchor: 'start',
        fill: 'currentColor',
        fillOpacity: 0.6,
      }),
      Plot.ruleX([0]),
    ],
  };
}

/** Rate of each label within each value of a dimension: one panel per label, one bar per value. */
export function labelByGroupChart(rates: LabelRate[], dimension: string, groups: string[], width = 1300): Plot.PlotOptions {
  const labels = [...new Set(rates.map((r) => r.label))];
  return {
    width,
    height: 300,
    marginBottom: 60,
    fx: { label: null, domain: labels, tickFormat: pretty, padding: 0.12 },
    x: { label: null, domain: groups, tickRotate: groups.some((g) => g.length > 6) ? -25 : 0, axis: null },
    y: { label: '↑ share with the label (%)', percent: true, grid: true },
    color: { legend: true, domain: groups, label: dimension, scheme: 'tableau10' },
    marks: [
      Plot.barY(rated(rates), {
        fx: 'label',
        x: (r: LabelRate) => r.group ?? '(none)',
        y: 'rate',
        fill: (r: LabelRate) => r.group ?? '(none)',
        tip: true,
        title: (r: LabelRate) => `${pretty(r.label)} · ${dimension} = ${r.group}\n${rateText(r)}: ${countText(r)}`,
      }),
      Plot.text(rated(rates), {
        fx: 'label',
        x: (r: LabelRate) => r.group ?? '(none)',
        y: 'rate',
        text: (r: LabelRate) => pct(r.rate),
        dy: -6,
        fontSize: 9,
      }),
      Plot.text(unlabelled(rates), {
        fx: 'label',
        x: (r: LabelRate) => r.group ?? '(none)',
        y: 0,
        text: () => 'no label',
        dy: -6,
        fontSize: 9,
        fillOpacity: 0.6,
      }),
      Plot.ruleY([0]),
    ],
  };
}

/** Heatmap of label rates per model (side mode): rows models, columns labels. */
export function modelLabelChart(rates: LabelRate[], width = 1300): Plot.PlotOptions {
  const models = [...new Set(rates.map((r) => r.group ?? '(none)'))].sort();
  const labels = [...new Set(rates.map((r) => r.label))];
  return {
    width: Math.min(width, 200 + labels.length * 130),
    height: 60 + models.length * 24,
    marginLeft: labelMargin(models.map((m) => middleTruncate(m))),
    padding: 0.04,
    x: { label: null, domain: labels, tickFormat: pretty, axis: 'top' },
    y: { label: null, domain: models, tickFormat: (m: string) => middleTruncate(m) },
    color: { type: 'linear', scheme: 'oranges', legend: true, label: 'answers with the label (%)', percent: true, ...RAMP_ROOM },
    marks: [
      Plot.cell(rates, {
        x: 'label',
        y: (r: LabelRate) => r.group ?? '(none)',
        fill: 'rate',
        tip: true,
        title: (r: LabelRate) => `${r.group} · ${pretty(r.label)}\n${rateText(r)}: ${countText(r)}`,
      }),
      Plot.text(rates, { x: 'label', y: (r: LabelRate) => r.group ?? '(none)', text: rateText, fontSize: 10, pointerEvents: 'none' }),
    ],
  };
}

/** Co-occurrence heatmap: cell (row, column) = share of `row`-labelled units that also carry `column`. */
export function cooccurrenceChart(cells: Cooccurrence[], unit: string, width = 620): Plot.PlotOptions {
  const labels = [...new Set(cells.map((c) => c.row))];
  return {
    width: Math.min(width, 200 + labels.length * 100),
    height: 90 + labels.length * 40,
    marginLeft: labelMargin(labels.map(pretty), { min: 60 }) + 20,
    marginTop: 60,
    padding: 0.04,
    x: { label: 'also labelled …', domain: labels, tickFormat: pretty, axis: 'top', tickRotate: -20 },
    y: { label: `${unit} labelled …`, domain: labels, tickFormat: pretty },
    color: {
      type: 'linear',
      scheme: 'purples',
      domain: [0, 100],
      legend: true,
      label: `share of the row's ${unit} (%)`,
      percent: true,
      ...RAMP_ROOM,
    },
    marks: [
      Plot.cell(cells, {
        x: 'column',
        y: 'row',
        fill: 'share',
        tip: true,
        title: (c: Cooccurrence) =>
          `${pretty(c.row)} & ${pretty(c.column)}: ${int(c.both)} ${unit}\n${pct(c.share)} of ${pretty(c.row)}${c.lift ? `, lift ${c.lift.toFixed(2)}` : ''}`,
      }),
      Plot.text(cells, {
        x: 'column',
        y: 'row',
        text: (c: Cooccurrence) => `${int(c.both)}`,
        fill: (c: Cooccurrence) => (c.share > 0.55 ? 'white' : 'black'),
        fontSize: 11,
        pointerEvents: 'none',
      }),
    ],
  };
}

export interface LengthBin {
  kind: string;
  lo: number;
  hi: number;
  units: number;
}

/** Answer length distributions on a log axis, one stepped line per kind of answer. */
export function answerLengthChart(all: LengthBin[], width = 620): Plot.PlotOptions {
  // Side mode: compare the chosen answer with the other one; answers of tied votes are left out.
  const bins = all.filter((b) => b.kind !== 'both equal');
  const kinds = [...new Set(bins.map((b) => b.kind))].sort((a, b) =>
    a === 'chosen' || a === 'optimal' ? -1 : b === 'chosen' || b === 'optimal' ? 1 : 0,
  );
  return {
    width,
    height: 300,
    marginLeft: 60,
    x: { type: 'log', label: 'answer length (characters, log scale) →' },
    y: { label: '↑ answers', grid: true },
    color: { legend: true, domain: kinds, range: ['#2a9d8f', '#d1495b'] },
    marks: [
      Plot.rect(bins, { x1: 'lo', x2: 'hi', y1: 0, y2: 'units', fill: 'kind', fillOpacity: 0.45, inset: 0.5, tip: true }),
      Plot.ruleY([0]),
    ],
  };
}
