/** Two sources lens charts: data → Observable Plot options (no rendering). */
import * as Plot from '@observablehq/plot';
import type { ModelComparison } from '../stats/source-compare.ts';
import { labelMargin, middleTruncate } from './labels.ts';

interface BumpPoint {
  side: string;
  model: string;
  rank: number;
  /** 'higher' when the second source ranks it better than the first, 'lower' when worse. */
  move: 'higher' | 'lower' | 'same';
}

const MOVE_COLOURS = { higher: '#2a7f62', lower: '#c0392b', same: '#8d99ae' };

/** Each model's rank under the first source and under the second, joined by a line (models both rate). */
export function sourcesBump(models: readonly ModelComparison[], names: [string, string], width = 720): Plot.PlotOptions {
  const rated = models.filter((m) => m.first.rank !== null && m.second.rank !== null);
  const points: BumpPoint[] = rated.flatMap((m) => {
    const move = m.second.rank! < m.first.rank! ? 'higher' : m.second.rank! > m.first.rank! ? 'lower' : 'same';
    return [
      { side: names[0], model: m.model, rank: m.first.rank!, move },
      { side: names[1], model: m.model, rank: m.second.rank!, move },
    ];
  });
  const left = points.filter((p) => p.side === names[0]);
  const right = points.filter((p) => p.side === names[1]);
  const margin = labelMargin(rated.map((m) => middleTruncate(m.model)));
  return {
    width,
    height: Math.max(200, 40 + rated.length * 15),
    marginLeft: margin,
    marginRight: margin,
    // Room between the files' names on top and the first rank's labels.
    insetTop: 12,
    x: { domain: names, label: null, axis: 'top', padding: 0.05 },
    y: { reverse: true, label: null, axis: null, domain: [1, Math.max(1, rated.length)] },
    color: { domain: ['higher', 'lower', 'same'], range: Object.values(MOVE_COLOURS), legend: true },
    marks: [
      Plot.line(points, { x: 'side', y: 'rank', z: 'model', stroke: 'move', strokeOpacity: 0.7 }),
      Plot.dot(points, { x: 'side', y: 'rank', fill: 'move', r: 3, channels: { model: 'model' }, tip: true }),
      Plot.text(left, { x: 'side', y: 'rank', text: (p: BumpPoint) => `${middleTruncate(p.model)} ${p.rank}`, textAnchor: 'end', dx: -6 }),
      Plot.text(right, {
        x: 'side',
        y: 'rank',
        text: (p: BumpPoint) => `${p.rank} ${middleTruncate(p.model)}`,
        textAnchor: 'start',
        dx: 6,
      }),
    ],
  };
}

/** Each model's rating difference (second − first) with its 95% interval, largest over-rating first. */
export function differenceChart(models: readonly ModelComparison[], width = 720): Plot.PlotOptions {
  const rows = models
    .filter((m) => m.difference.value !== null)
    .map((m) => ({ model: m.model, value: m.difference.value!, lower: m.difference.lower, upper: m.difference.upper }))
    .sort((x, y) => y.value - x.value);
  const labels = rows.map((r) => middleTruncate(r.model));
  const withInterval = rows.filter((r) => r.lower !== null && r.upper !== null);
  return {
    width,
    height: Math.max(160, 40 + rows.length * 14),
    marginLeft: labelMargin(labels),
    x: { label: 'second − first rating (Elo points) →', grid: true },
    y: { domain: rows.map((r) => r.model), label: null, tickFormat: (m: string) => middleTruncate(m) },
    marks: [
      Plot.ruleX([0], { stroke: '#8d99ae' }),
      Plot.ruleY(withInterval, { y: 'model', x1: 'lower', x2: 'upper', stroke: '#4e79a7', strokeOpacity: 0.6 }),
      Plot.dot(rows, {
        x: 'value',
        y: 'model',
        fill: (r: { value: number }) => (r.value >= 0 ? MOVE_COLOURS.higher : MOVE_COLOURS.lower),
        r: 3,
        tip: true,
      }),
    ],
  };
}
