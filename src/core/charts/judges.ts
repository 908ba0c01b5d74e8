/** Judges lens charts: data → Observable Plot options (no rendering). */
import * as Plot from '@observablehq/plot';
import type { AgreementBin, JudgePairKappa, JudgeSummary, Verdict } from '../lenses/judges.ts';
import type { PositionRow, SwapSummary } from '../lenses/judge-position.ts';
import { RAMP_ROOM } from './legend.ts';
import { labelMargin } from './labels.ts';

const int = (x: number) => Math.round(x).toLocaleString('en-US');
const KIND_COLORS = { domain: ['unanimous', 'majority', 'split', 'no valid vote'], range: ['#2a9d8f', '#8ab17d', '#e9c46a', '#8d99ae'] };
export const VERDICT_COLORS = { domain: ['A', 'B', 'tie', 'invalid'], range: ['#4e79a7', '#f28e2b', '#bab0ac', '#d1495b'] };

/** Items per agreement level (votes for the majority / valid votes), highest agreement first. */
export function agreementChart(bins: AgreementBin[], width = 620): Plot.PlotOptions {
  const items = bins.reduce((s, b) => s + b.items, 0);
  return {
    width,
    height: 300,
    marginBottom: 50,
    x: { label: 'votes for the majority verdict, of valid votes', domain: bins.map((b) => b.label), tickRotate: -25 },
    y: { label: '↑ items', grid: true },
    color: { legend: true, ...KIND_COLORS },
    marks: [
      Plot.barY(bins, { x: 'label', y: 'items', fill: 'kind', tip: true }),
      Plot.text(bins, {
        x: 'label',
        y: 'items',
        text: (b: AgreementBin) => `${int(b.items)} (${((b.items / items) * 100).toFixed(0)}%)`,
        dy: -6,
        fontSize: 10,
      }),
      Plot.ruleY([0]),
    ],
  };
}

export interface VoteBar {
  judge: string;
  judgeIndex: number;
  vote: Verdict;
  votes: number;
  share: number;
}

export const voteBars = (judges: JudgeSummary[]): VoteBar[] =>
  judges.flatMap((j, judgeIndex) =>
    (['A', 'B', 'tie', 'invalid'] as const).map((vote) => ({
      judge: j.judge.label,
      judgeIndex,
      vote,
      votes: j.votes[vote],
      share: j.items ? j.votes[vote] / j.items : 0,
    })),
  );

/** Each judge's verdicts as a stacked share bar: seat A, seat B, tie, invalid. */
export function judgeVotesChart(bars: VoteBar[], width = 620): Plot.PlotOptions {
  const judges = [...new Set(bars.map((b) => b.judge))];
  return {
    width,
    height: 60 + judges.length * 30,
    marginLeft: labelMargin(judges),
    x: { label: "share of the judge's items (%) →", percent: true, domain: [0, 100] },
    y: { label: null, domain: judges },
    color: { legend: true, ...VERDICT_COLORS },
    marks: [
      Plot.barX(
        bars,
        Plot.stackX({
          x: 'share',
          y: 'judge',
          fill: 'vote',
          order: VERDICT_COLORS.domain,
          tip: true,
          title: (b: VoteBar) => `${b.judge}: ${b.vote} ${int(b.votes)} (${(b.share * 100).toFixed(1)}%)`,
        }),
      ),
      Plot.ruleX([0.5], { stroke: 'currentColor', strokeDasharray: '3 3', strokeOpacity: 0.5 }),
    ],
  };
}

export interface KappaPoint {
  who: string;
  kappa: number;
  lower: number;
  upper: number;
  agreement: number;
}

/** Cohen's kappa with its 95% interval, one row per judge (against the majority). */
export function kappaChart(points: KappaPoint[], xLabel: string, width = 620): Plot.PlotOptions {
  return {
    width,
    height: 60 + points.length * 30,
    marginLeft: labelMargin(points.map((p) => p.who)),
    marginRight: 70,
    x: { label: `${xLabel} →`, domain: [Math.min(0, ...points.map((p) => p.lower)), 1], grid: true },
    y: { label: null, domain: points.map((p) => p.who) },
    marks: [
      Plot.ruleY(points, { x1: 'lower', x2: 'upper', y: 'who', strokeWidth: 2 }),
      Plot.dot(points, {
        x: 'kappa',
        y: 'who',
        fill: 'currentColor',
        r: 4,
        tip: true,
        title: (p: KappaPoint) =>
          `${p.who}: κ = ${p.kappa.toFixed(3)} [${p.lower.toFixed(3)}, ${p.upper.toFixed(3)}]\nagrees on ${(p.agreement * 100).toFixed(1)}% of items`,
      }),
      Plot.text(points, { x: 1, y: 'who', text: (p: KappaPoint) => `κ ${p.kappa.toFixed(2)}`, dx: 8, textAnchor: 'start' }),
    ],
  };
}

/** Judge-by-judge kappa heatmap. */
export function judgePairsChart(pairs: JudgePairKappa[], labels: string[], width = 620): Plot.PlotOptions {
  const data = pairs
    .filter((p) => p.kappa.kappa !== null)
    .map((p) => ({ first: p.first, second: p.second, kappa: p.kappa.kappa as number }));
  return {
    width: Math.min(width, 120 + labels.length * 80),
    height: 80 + labels.length * 44,
    marginLeft: labelMargin(labels),
    padding: 0.04,
    x: { label: null, domain: labels, axis: 'top' },
    y: { label: null, domain: labels },
    color: { type: 'linear', scheme: 'blues', domain: [0, 1], legend: true, label: "Cohen's κ", ...RAMP_ROOM },
    marks: [
      Plot.cell(data, { x: 'second', y: 'first', fill: 'kappa', tip: true }),
      Plot.text(data, {
        x: 'second',
        y: 'first',
        text: (d: { kappa: number }) => d.kappa.toFixed(2),
        fill: (d: { kappa: number }) => (d.kappa > 0.55 ? 'white' : 'black'),
        pointerEvents: 'none',
      }),
    ],
  };
}

export interface SwapBar {
  who: string;
  kind: 'same response won' | 'seat A won both' | 'seat B won both';
  pairs: number;
  share: number;
}

export const swapBars = (swaps: SwapSummary[]): SwapBar[] =>
  swaps.flatMap((s) =>
    (
      [
        ['same response won', s.consistent],
        ['seat A won both', s.bothA],
        ['seat B won both', s.bothB],
      ] as const
    ).map(([kind, pairs]) => ({
      who: s.who,
      kind,
      pairs,
      share: s.decisive ? pairs / s.decisive : 0,
    })),
  );

/** For the majority and each judge: of pairs decisive in both seat orders, how often the same response won. */
export function swapChart(bars: SwapBar[], width = 620): Plot.PlotOptions {
  const who = [...new Set(bars.map((b) => b.who))];
  return {
    width,
    height: 60 + who.length * 30,
    marginLeft: labelMargin(who),
    x: { label: 'share of pairs decisive in both orders (%) →', percent: true, domain: [0, 100] },
    y: { label: null, domain: who },
    color: { legend: true, domain: ['same response won', 'seat A won both', 'seat B won both'], range: ['#2a9d8f', '#4e79a7', '#f28e2b'] },
    marks: [
      Plot.barX(
        bars,
        Plot.stackX({
          x: 'share',
          y: 'who',
          fill: 'kind',
          tip: true,
          title: (b: SwapBar) => `${b.who}: ${b.kind} in ${int(b.pairs)} pairs (${(b.share * 100).toFixed(1)}%)`,
        }),
      ),
    ],
  };
}

/** Share of each judge's decisive verdicts that went to the response shown first, per presentation order. */
export function positionChart(rows: PositionRow[], width = 620): Plot.PlotOptions {
  const shown = rows.filter((r) => r.firstShare !== null);
  const who = [...new Set(rows.map((r) => r.who))];
  return {
    width,
    height: Math.max(160, 34 * who.length + 60),
    marginLeft: 90,
    // percent: shares in [0, 1] are drawn on a 0–100 axis.
    x: { domain: [0, 100], label: 'share of decisive verdicts for the response shown first (%) →', percent: true, grid: true },
    y: { domain: who, label: null },
    color: { legend: true, label: 'order shown' },
    symbol: { legend: false },
    marks: [
      Plot.ruleX([0.5], { strokeDasharray: '4,3', stroke: 'currentColor', strokeOpacity: 0.6 }),
      Plot.dot(shown, {
        x: 'firstShare',
        y: 'who',
        fill: 'order',
        symbol: 'order',
        r: 5,
        tip: true,
        title: (r: PositionRow) =>
          `${r.who}, order ${r.order}: ${int(r.first)} first / ${int(r.second)} second (${((r.firstShare ?? 0) * 100).toFixed(1)}%)`,
      }),
    ],
  };
}

/** How a per-item score is distributed: one bar per value when there are few values, else binned. */
export function scoreChart(rows: { value: number | null; items: number }[], label: string, width = 300): Plot.PlotOptions {
  const known = rows.filter((r): r is { value: number; items: number } => r.value !== null && Number.isFinite(r.value));
  const few = known.length <= 12;
  return {
    width,
    height: 220,
    marginBottom: few ? 48 : 36,
    x: few
      ? { label, type: 'band', tickRotate: known.length > 5 ? -45 : 0, tickFormat: (v: number) => String(Math.round(v * 1000) / 1000) }
      : { label },
    y: { label: '↑ items', grid: true },
    marks: [
      few
        ? Plot.barY(known, { x: 'value', y: 'items', fill: '#4e79a7', tip: true })
        : Plot.rectY(
            known,
            Plot.binX({ y: 'sum' }, { x: 'value', y: 'items', fill: '#4e79a7', tip: true } as Plot.BinXInputs<Plot.RectYOptions>),
          ),
      Plot.ruleY([0]),
    ],
  };
}
