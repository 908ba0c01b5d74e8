import { fitByGroup, type RatingFit, type RatingScale } from './fit-groups.ts';
import type { NewtonOptions } from './newton-maximise.ts';
import type { PairCounts } from './pair-counts.ts';
import { addPairBlock, outcomeOuter, type PairLikelihood } from './pair-likelihood.ts';
import { collapsePairs } from './pair-table.ts';

/**
 * Davidson (1970), "On extending the Bradley-Terry model to accommodate ties", JASA 65:317–328:
 *   P(i wins) = π_i / D,  P(j wins) = π_j / D,  P(tie) = ν·√(π_i π_j) / D,  D = π_i + π_j + ν√(π_i π_j).
 * With θ = log π, d = (θ_i − θ_j)/2 and λ = log ν, dividing by √(π_i π_j):
 *   ℓ = w_i·d − w_j·d + t·λ − n·log(e^d + e^−d + e^λ),
 * concave in (θ, λ) (log-sum-exp is convex), so Newton applies. x = [θ…, λ]. both_bad is a tie.
 */
export const davidsonLikelihood: PairLikelihood = {
  extra: 1,
  logLikelihood(table, x) {
    const { i, j, winsI, winsJ, ties } = table;
    const lambda = x[table.modelCount];
    let ll = 0;
    for (let p = 0; p < i.length; p++) {
      const d = (x[i[p]] - x[j[p]]) / 2,
        n = winsI[p] + winsJ[p] + ties[p];
      const top = Math.max(Math.abs(d), lambda);
      const lse = top + Math.log(Math.exp(d - top) + Math.exp(-d - top) + Math.exp(lambda - top));
      ll += (winsI[p] - winsJ[p]) * d + (ties[p] > 0 ? ties[p] * lambda : 0) - n * lse;
    }
    return ll;
  },
  derivatives(table, x, g, h) {
    const { i, j, winsI, winsJ, ties } = table;
    const m = table.modelCount,
      lambda = x[m];
    g.fill(0);
    if (h) h.fill(0);
    for (let p = 0; p < i.length; p++) {
      const a = i[p],
        b = j[p];
      const d = (x[a] - x[b]) / 2,
        n = winsI[p] + winsJ[p] + ties[p];
      const top = Math.max(Math.abs(d), lambda);
      const ea = Math.exp(d - top),
        eb = Math.exp(-d - top),
        et = Math.exp(lambda - top),
        sum = ea + eb + et;
      const pa = ea / sum,
        pb = eb / sum,
        pt = et / sum;
      // Derivatives in d and λ, then the chain rule ∂d/∂θ_a = 1/2, ∂d/∂θ_b = −1/2.
      const gd = winsI[p] - winsJ[p] - n * (pa - pb);
      g[a] += gd / 2;
      g[b] -= gd / 2;
      g[m] += ties[p] - n * pt;
      if (!h) continue;
      const hdd = n * (pa + pb - (pa - pb) * (pa - pb)),
        hdl = -n * (pa - pb) * pt,
        hll = n * pt * (1 - pt);
      addPairBlock(h, m, a, b, hdd / 4, hdl / 2, hll);
    }
  },
  scoreOuter(table, x) {
    // Per vote, ∂ℓ/∂d = [1, −1, 0] − (pa − pb) and ∂ℓ/∂λ = [0, 0, 1] − pt for a win of i, of j, a tie;
    // θ_a gets u = ∂ℓ/∂d / 2, θ_b −u, λ gets v = ∂ℓ/∂λ: s sᵀ adds u² on (a,a), (b,b), −u² on
    // (a,b), uv on (a,λ), −uv on (b,λ), v² on (λ,λ), and the symmetric entries.
    const { i, j, winsI, winsJ, ties, voteWeight } = table;
    const m = table.modelCount,
      size = m + 1,
      lambda = x[m],
      out = new Float64Array(size * size);
    for (let p = 0; p < i.length; p++) {
      const a = i[p],
        b = j[p];
      const d = (x[a] - x[b]) / 2;
      const top = Math.max(Math.abs(d), lambda);
      const ea = Math.exp(d - top),
        eb = Math.exp(-d - top),
        et = Math.exp(lambda - top),
        sum = ea + eb + et;
      const diff = (ea - eb) / sum,
        pt = et / sum;
      const [uu, uv, vv] = outcomeOuter(
        voteWeight ? voteWeight[p] : 1,
        [winsI[p], (1 - diff) / 2, -pt],
        [winsJ[p], (-1 - diff) / 2, -pt],
        [ties[p], -diff / 2, 1 - pt],
      );
      addPairBlock(out, m, a, b, uu, uv, vv);
    }
    return out;
  },
};

export interface DavidsonGroup {
  /** Tie parameter ν of the group; null when the group has no ties (ν → 0) or only ties (ν → ∞). */
  nu: number | null;
  /** Tie probability between two equally rated models, ν / (2 + ν). */
  tieProbabilityAtEqualRatings: number | null;
}

/**
 * Davidson ratings on the Elo scale (400·log10 π), grouped and normalised like fitBradleyTerry,
 * plus each group's tie parameter. A group without ties reduces to plain Bradley-Terry with ν = 0;
 * a group with ties but no decisive vote has no finite ν (`nu: null`) and all its ratings equal.
 */
export function fitDavidson(counts: PairCounts, options: RatingScale & NewtonOptions = {}): RatingFit & { davidson: DavidsonGroup[] } {
  const { anchor, mean, ...newton } = options;
  const table = collapsePairs(counts);
  const fit = fitByGroup('fitDavidson', counts.models, table, davidsonLikelihood, { anchor, mean }, newton);
  const davidson = fit.groups.map((g, id): DavidsonGroup => {
    let ties = 0,
      decisive = 0;
    for (let p = 0; p < g.table.i.length; p++) {
      ties += g.table.ties[p];
      decisive += g.table.winsI[p] + g.table.winsJ[p];
    }
    if (ties === 0 || decisive === 0) {
      fit.warnings.push({
        kind: 'tie-parameter-degenerate',
        group: id,
        message: `group ${id}: ${ties === 0 ? 'no ties, so ν = 0 (plain Bradley-Terry)' : 'only ties, so the tie parameter has no finite estimate'}`,
      });
      return { nu: ties === 0 ? 0 : null, tieProbabilityAtEqualRatings: ties === 0 ? 0 : null };
    }
    const nu = Math.exp(g.x[g.members.length]);
    return { nu, tieProbabilityAtEqualRatings: nu / (2 + nu) };
  });
  return { ...fit, davidson };
}
