/** Audit lens, voter checks: votes per voter as a chart (data → Observable Plot options, no rendering). */
import * as Plot from '@observablehq/plot';
import type { VoterBin } from '../stats/voter-audit.ts';

const int = (x: number) => Math.round(x).toLocaleString('en-US');

/** Voters per bin of votes cast (1, 2–4, 5–9 …); each bar labelled with its voters' share of all votes. */
export function votersChart(bins: VoterBin[], width = 560): Plot.PlotOptions {
  const votes = bins.reduce((s, b) => s + b.votes, 0);
  return {
    width,
    height: 280,
    marginBottom: 44,
    x: { label: 'votes cast by a voter', domain: bins.map((b) => b.label), tickRotate: -25 },
    y: { label: '↑ voters', grid: true },
    marks: [
      Plot.barY(bins, {
        x: 'label',
        y: 'voters',
        fill: '#4e79a7',
        title: (b: VoterBin) => `${b.label} votes: ${int(b.voters)} voters, ${int(b.votes)} votes`,
        tip: true,
      }),
      Plot.text(bins, {
        x: 'label',
        y: 'voters',
        text: (b: VoterBin) => (b.voters && votes ? `${((100 * b.votes) / votes).toFixed(0)}%` : ''),
        dy: -6,
        fontSize: 10,
      }),
      Plot.ruleY([0]),
    ],
  };
}
