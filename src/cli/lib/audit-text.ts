/**
 * `rank --method NAME` and `rank --audit` output: a text table for a terminal, or JSON records
 * (fields in the README). Typed arrays become plain arrays; NaN becomes null.
 */
import type { Provenance } from '../../core/export/provenance.ts';
import type { AuditReport } from '../../core/stats/audit.ts';
import { auditObject } from '../../core/export/audit-export.ts';
import { METHOD_DEFINITIONS, scoreRanks, type MethodName } from '../../core/stats/method-compare.ts';
import { textTable } from './text-table.ts';
import type { VoterAudit } from '../../core/stats/voter-audit.ts';
import { toCsv } from '../../core/export/csv.ts';

const num = (v: number) => (Number.isFinite(v) ? v : null);
const fixed = (v: number | null, digits: number) => (v === null || !Number.isFinite(v) ? '—' : v.toFixed(digits));

/** One method's board: rank, model, score, best first. */
export function methodRecords(models: string[], scores: Float64Array) {
  const ranks = scoreRanks(scores);
  return models
    .map((model, k) => ({ rank: ranks[k], model, score: num(scores[k]) }))
    .sort((x, y) => (x.rank ?? Infinity) - (y.rank ?? Infinity) || (x.model < y.model ? -1 : 1));
}

export function methodJson(method: MethodName, models: string[], scores: Float64Array, provenance: Provenance): string {
  return (
    JSON.stringify({ method, definition: METHOD_DEFINITIONS[method], provenance, models: methodRecords(models, scores) }, null, 2) + '\n'
  );
}

export function methodCsv(models: string[], scores: Float64Array): string {
  return toCsv(
    ['rank', 'model', 'score'],
    methodRecords(models, scores).map((r) => [r.rank, r.model, r.score]),
  );
}

export function methodText(method: MethodName, models: string[], scores: Float64Array): string {
  const rows = methodRecords(models, scores).map((r) => [r.rank === null ? '—' : String(r.rank), r.model, fixed(r.score, 6)]);
  return (
    `${method}: ${METHOD_DEFINITIONS[method]}\n` +
    textTable(
      [
        { header: 'rank', align: 'right' },
        { header: 'model', align: 'left' },
        { header: 'score', align: 'right' },
      ],
      rows,
    )
  );
}

export function auditJson(report: AuditReport, provenance: Provenance, voters: VoterAudit | null = null): string {
  return JSON.stringify(auditObject(report, provenance, voters), null, 2) + '\n';
}

/** The voter section of `rank --audit`'s text; empty when the file names no voters. */
export function voterText(v: VoterAudit | null): string {
  if (!v) return '';
  const lines = [
    `Voters (column ${v.column}): ${v.voters} voters cast ${v.votes} votes; median ${v.medianVotes}, 90th percentile ${v.p90Votes}, most ${v.maxVotes}; the top 10 cast ${(100 * v.topTenShare).toFixed(1)}%`,
    `top voters: ${v.top.map((t) => `${t.voter} (${t.votes})`).join(', ')}`,
    `with at most ${v.cap} votes per voter (seed ${v.seed}): ${v.capped.votes} votes; ${v.capped.said}`,
  ];
  if (!v.test) lines.push(`outlier test: not run (${v.testMissing})`);
  else {
    const t = v.test;
    lines.push(
      `outlier test (${t.tested} voters with at least ${t.minVotes} decisive votes; upsets against Bradley-Terry, Holm at α = ${t.alpha}): ` +
        (t.flagged ? `${t.flagged} flagged, ${t.flaggedVotes} votes` : 'no voter flagged'),
    );
    for (const r of t.rows.filter((x) => x.flagged).slice(0, 20))
      lines.push(
        `  ${r.voter}: ${r.upsets} of ${r.decisive} decisive votes for the lower-rated model (${r.expected.toFixed(1)} expected), Holm p ${r.adjusted.toPrecision(2)}`,
      );
    if (v.without && t.flagged) lines.push(`without the flagged voters: ${v.without.votes} votes; ${v.without.said}`);
  }
  return lines.join('\n') + '\n';
}

export function auditText(report: AuditReport): string {
  const out: string[] = [];
  if (report.fragility) {
    out.push(`Fragility: fewest votes found whose removal flips a pair (exact refit confirms), of ${report.votes} votes`);
    out.push(
      textTable(
        [
          { header: 'pair', align: 'left' },
          { header: 'gap', align: 'right' },
          { header: 'flip votes', align: 'right' },
          { header: 'share', align: 'right' },
          { header: 'random flips', align: 'right' },
        ],
        report.fragility.map((r) => [
          `#${r.rankAbove} ${r.above} > #${r.rankBelow} ${r.below}`,
          r.gap.toFixed(2),
          r.flip ? String(r.flip.size) : `none ≤ ${r.budget}`,
          r.flip ? `${(100 * r.flip.share).toFixed(4)}%` : '—',
          r.random ? `${r.random.flips}/${r.random.trials}` : '—',
        ]),
      ),
    );
    const top = report.fragility[0];
    if (top?.flip) {
      out.push(`votes that flip #${top.rankAbove} and #${top.rankBelow}:`);
      for (const v of top.flip.votes) out.push(`  ${v.count} of ${v.available}: ${v.first} vs ${v.second}, ${v.outcome}`);
      out.push('');
    }
  }
  const d = report.diagnostics;
  if (d) {
    out.push(`Fit diagnostics (${d.folds}-fold held-out log-loss per vote, seed ${d.seed})`);
    out.push(
      textTable(
        ['model', 'k', 'logLik', 'AIC', 'BIC', 'tie param', 'held-out', 'held-out decisive'].map((header, i) => ({
          header,
          align: i === 0 ? 'left' : 'right',
        })),
        d.fits.map((f) => [
          f.model,
          String(f.parameters),
          f.logLikelihood.toFixed(1),
          f.aic.toFixed(1),
          f.bic.toFixed(1),
          fixed(f.tieParameter, 4),
          f.heldOutLogLoss.toFixed(5),
          f.heldOutDecisiveLogLoss.toFixed(5),
        ]),
      ),
    );
    out.push('Calibration (Bradley-Terry, held out; favourite first)');
    out.push(
      textTable(
        ['predicted', 'votes', 'mean predicted', 'observed'].map((header, i) => ({ header, align: i === 0 ? 'left' : 'right' })),
        d.calibration.map((b) => [`${b.from.toFixed(2)}–${b.to.toFixed(2)}`, String(b.votes), fixed(b.predicted, 4), fixed(b.observed, 4)]),
      ),
    );
    out.push('Pairs that misfit most (in-sample Bradley-Terry)');
    out.push(
      textTable(
        ['pair', 'votes', 'observed', 'predicted', 'z'].map((header, i) => ({ header, align: i === 0 ? 'left' : 'right' })),
        d.misfits.map((p) => [
          `${p.modelI} vs ${p.modelJ}`,
          String(p.votes),
          p.observed.toFixed(3),
          p.predicted.toFixed(3),
          p.z.toFixed(2),
        ]),
      ),
    );
  }
  const c = report.methods;
  if (c) {
    const k = c.methods.length;
    out.push("Methods side by side: Kendall's τ-b between their orders");
    out.push(
      textTable(
        [{ header: '', align: 'left' as const }, ...c.methods.map((m) => ({ header: m.method, align: 'right' as const }))],
        c.methods.map((m, p) => [m.method, ...c.methods.map((_, q) => fixed(c.tau[p * k + q], 3))]),
      ),
    );
    for (const m of c.missing) out.push(`${m.method}: not computed (${m.reason})`);
  }
  return out.join('\n') + '\n';
}
