/**
 * Reliability of the judges as a group: Fleiss' κ and Krippendorff's α (nominal) over the verdicts
 * A, B and tie, for all judges and for subsets of them. An invalid verdict and a judge the row does
 * not have are both a missing rating: they drop out of the item, and an item left with fewer than
 * two ratings drops out. Both statistics come from the same per-item counts, so one query of
 * verdict patterns (each combination of the judges' verdicts, with its items) serves every subset.
 */
import { fleissKappa, type FleissKappa } from '../stats/fleiss-kappa.ts';
import { krippendorffAlpha, type KrippendorffAlpha } from '../stats/krippendorff-alpha.ts';
import type { Row } from '../sql/connector.ts';
import type { SqlCondition, SqlQuery } from '../sql/statement.ts';
import { itemsSql, VERDICTS, type JudgeSpec } from './judges.ts';

/** Items by the combination of the judges' verdicts (v0 … v(k−1); NULL where the row has no such judge). */
export function verdictPatternsSql(spec: JudgeSpec, where: SqlCondition): SqlQuery {
  const vs = spec.judges.map((_, i) => `v${i}`).join(', ');
  return { sql: `SELECT ${vs}, count(*) AS items FROM (${itemsSql(spec, where)}) GROUP BY ALL ORDER BY ALL`, params: where.params };
}

export interface VerdictPattern {
  /** Per judge: 'A' | 'B' | 'tie' | 'invalid', or null where the item does not have that judge. */
  votes: (string | null)[];
  items: number;
}

export function readPatterns(spec: JudgeSpec, rows: readonly Row[]): VerdictPattern[] {
  return rows.map((r) => ({
    votes: spec.judges.map((_, i) => (r[`v${i}`] === null || r[`v${i}`] === undefined ? null : String(r[`v${i}`]))),
    items: Number(r.items),
  }));
}

export interface Reliability {
  /** Judge indices (into spec.judges). */
  judges: number[];
  alpha: KrippendorffAlpha;
  fleiss: FleissKappa;
}

/** α and Fleiss' κ of the judges `subset` (indices), each item's valid verdicts counted per category. */
export function reliability(patterns: readonly VerdictPattern[], subset: readonly number[]): Reliability {
  const counts = patterns.map((p) => VERDICTS.map((v) => subset.filter((j) => p.votes[j] === v).length));
  const weights = patterns.map((p) => p.items);
  return { judges: [...subset], alpha: krippendorffAlpha(counts, weights), fleiss: fleissKappa(counts, weights) };
}

/**
 * The subsets worth a row: all judges, then each set without one judge (who lowers the group's
 * reliability?), then each pair when there are four judges or more (with three, the sets without
 * one judge are the pairs).
 */
export function judgeSubsets(judges: number): number[][] {
  const all = Array.from({ length: judges }, (_, i) => i);
  if (judges < 2) return [];
  const out = [all];
  if (judges >= 3) for (const left of all) out.push(all.filter((j) => j !== left));
  if (judges >= 4) for (const a of all) for (const b of all) if (b > a) out.push([a, b]);
  return out;
}
