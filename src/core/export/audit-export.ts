/**
 * The trust audit as one JSON-ready object (`rank --audit --json` and the Audit lens's JSON
 * download): typed arrays become plain arrays, NaN becomes null. Fields in the README.
 */
import type { AuditReport } from '../stats/audit.ts';
import { METHOD_DEFINITIONS, type MethodComparison } from '../stats/method-compare.ts';
import type { Provenance } from './provenance.ts';
import type { VoterAudit } from '../stats/voter-audit.ts';
import { voterObject } from './voter-export.ts';

const num = (v: number) => (Number.isFinite(v) ? v : null);

export function methodsObject(c: MethodComparison) {
  const k = c.methods.length;
  return {
    definitions: Object.fromEntries(c.methods.map((m) => [m.method, METHOD_DEFINITIONS[m.method]])),
    missing: c.missing,
    newman_v: num(c.newmanV),
    kendall_tau: c.methods.map((_, p) => c.methods.map((__, q) => num(c.tau[p * k + q]))),
    order: c.methods.map((m) => m.method),
    models: c.models.map((model, i) => ({
      model,
      ...Object.fromEntries(c.methods.map((m) => [m.method, { score: num(m.scores[i]), rank: m.ranks[i] }])),
    })),
  };
}

/** `voters`: the voter checks, null when the file names no voters (undefined: not asked). */
export function auditObject(report: AuditReport, provenance: Provenance, voters?: VoterAudit | null) {
  return {
    provenance,
    group: report.group,
    votes: report.votes,
    fragility: report.fragility,
    diagnostics: report.diagnostics,
    methods: report.methods && methodsObject(report.methods),
    timings_ms: report.timings,
    ...(voters === undefined ? {} : { voters: voters && voterObject(voters) }),
  };
}
