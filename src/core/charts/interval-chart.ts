/**
 * Ratings with their 95% bootstrap intervals: data → Observable Plot options, one row per rated
 * model in leaderboard order (group, then rating, best at the top). Models in different comparison
 * groups have ratings on unrelated scales, so each group after the first is coloured differently
 * and starts below a rule with a label saying it is not comparable.
 */
import type { PlotOptions } from '@observablehq/plot';
import * as Plot from '@observablehq/plot';
import type { Leaderboard, LeaderboardRow } from '../stats/leaderboard.ts';
import { labelMargin } from './labels.ts';
import { shortLabel } from './matrix.ts';
import type { OrgLegend } from '../metadata/metadata-board.ts';

export const INTERVAL_ROW_HEIGHT = 20;

/** Colours of comparison groups (Tableau 10), shared with the HTML key next to the chart. */
export const GROUP_COLOURS = ['#4e79a7', '#f28e2c', '#e15759', '#76b7b2', '#59a14f', '#edc949', '#af7aa1', '#ff9da7', '#9c755f', '#bab0ab'];

/** A rated model as the chart draws it. */
export interface IntervalPoint {
  model: string;
  rating: number;
  lower: number | null;
  upper: number | null;
  group: string;
  /** 95% rank range over the bootstrap rounds ("#2–5"), or null before the bootstrap. */
  ranks: string | null;
  tip: string;
}

export interface IntervalSelection {
  points: IntervalPoint[];
  /** Rated models not shown because of top N. */
  hidden: number;
  /** Models without a rating (never lost, never won, …), never drawn. */
  unrated: number;
  /** Comparison groups among the shown points. */
  groups: string[];
}

const r1 = (x: number) => Math.round(x * 10) / 10;

function point(row: LeaderboardRow): IntervalPoint {
  const rating = r1(row.rating!);
  const lower = row.lower === null ? null : r1(row.lower);
  const upper = row.upper === null ? null : r1(row.upper);
  const interval = lower !== null && upper !== null ? ` (95% CI ${lower.toFixed(1)} to ${upper.toFixed(1)})` : ' (interval computing)';
  const ranks =
    row.rankLower === null || row.rankUpper === null
      ? null
      : row.rankLower === row.rankUpper
        ? `#${row.rankLower}`
        : `#${row.rankLower}–${row.rankUpper}`;
  return {
    model: row.model,
    rating,
    lower,
    upper,
    group: `group ${(row.group ?? 0) + 1}`,
    ranks,
    tip: `${row.model}: ${rating.toFixed(1)}${interval}${ranks ? `, rank ${ranks.slice(1)} in 95% of bootstrap rounds` : ''}${row.tier !== null ? `, tier ${row.tier}` : ''}, ${row.votes.toLocaleString('en-US')} votes`,
  };
}

/** Rated models in leaderboard order, cut to the first `topN` (null = all). */
export function intervalSelection(board: Leaderboard, topN: number | null): IntervalSelection {
  const rated = board.rows.filter((r) => r.rating !== null && Number.isFinite(r.rating));
  const shown = topN === null ? rated : rated.slice(0, Math.max(0, topN));
  const points = shown.map(point);
  return {
    points,
    hidden: rated.length - shown.length,
    unrated: board.rows.length - rated.length,
    groups: [...new Set(points.map((p) => p.group))],
  };
}

export interface IntervalChartInput {
  points: IntervalPoint[];
  width: number;
  rowHeight?: number;
  /** Colour by organisation (model details); comparison groups, when there are several, take the colour instead. */
  organisations?: OrgLegend | null;
}

/** Plot options; the height grows with the number of rows (a fixed height per row). */
export function intervalChartOptions(input: IntervalChartInput): PlotOptions {
  const { points, width } = input;
  const rowHeight = input.rowHeight ?? INTERVAL_ROW_HEIGHT;
  const marginLeft = labelMargin(
    points.map((p) => shortLabel(p.model)),
    { gap: 14 },
  );
  const marginTop = 30,
    marginBottom = 34;
  const groups = [...new Set(points.map((p) => p.group))];
  const several = groups.length > 1;
  const withInterval = points.filter((p) => p.lower !== null && p.upper !== null);
  // The first model of each later group, where a rule and a label mark the break.
  const starts = points.filter((p, k) => k > 0 && p.group !== points[k - 1].group);
  const orgs = several ? null : (input.organisations ?? null);
  const colour = several ? 'group' : orgs ? (p: IntervalPoint) => orgs.ofModel.get(p.model) ?? 'no details' : 'currentColor';
  return {
    width: Math.max(320, Math.round(width)),
    height: marginTop + marginBottom + rowHeight * Math.max(1, points.length),
    marginLeft,
    marginTop,
    marginBottom,
    marginRight: points.some((p) => p.ranks) ? 64 : 16,
    style: { fontSize: '11px' },
    ariaLabel: 'Ratings with 95% intervals',
    x: { axis: 'both', label: 'Rating (Elo scale) →', grid: true, nice: true },
    y: { domain: points.map((p) => p.model), tickFormat: (d: string) => shortLabel(d), label: null, tickSize: 0 },
    color: several
      ? { type: 'ordinal', domain: groups, range: groups.map((_, k) => GROUP_COLOURS[k % GROUP_COLOURS.length]) }
      : orgs
        ? { type: 'ordinal', domain: orgs.entries.map((e) => e.org), range: orgs.entries.map((e) => e.colour) }
        : undefined,
    marks: [
      Plot.ruleY(withInterval, { y: 'model', x1: 'lower', x2: 'upper', stroke: colour, strokeWidth: 2, strokeOpacity: 0.55 }),
      Plot.dot(points, { y: 'model', x: 'rating', fill: colour, r: 3.5 }),
      ...(several
        ? [
            Plot.ruleY(starts, { y: 'model', dy: -rowHeight / 2, stroke: 'currentColor', strokeDasharray: '4 3', strokeOpacity: 0.6 }),
            Plot.text(starts, {
              y: 'model',
              dy: -rowHeight / 2 + 1,
              frameAnchor: 'right',
              textAnchor: 'end',
              lineAnchor: 'bottom',
              text: (p: IntervalPoint) => `${p.group} · not comparable`,
              fill: 'currentColor',
              stroke: 'var(--plot-background)',
              strokeWidth: 3,
              paintOrder: 'stroke',
              fontStyle: 'italic',
            }),
          ]
        : []),
      // The rank range in the right margin: where the model stands in 95% of the bootstrap rounds.
      Plot.text(
        points.filter((p) => p.ranks),
        { y: 'model', text: 'ranks', frameAnchor: 'right', textAnchor: 'start', dx: 8, fill: 'currentColor', fillOpacity: 0.7 },
      ),
      Plot.tip(points, Plot.pointerY({ y: 'model', x: 'rating', title: 'tip' })),
    ],
  };
}
