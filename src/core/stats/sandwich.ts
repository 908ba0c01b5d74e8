import { choleskyInverse } from './cholesky.ts';
import { quadraticForm } from './quadratic-form.ts';
import type { GroupFit, RatingFit } from './fit-groups.ts';
import { factorWithRidge, pinReference } from './newton-maximise.ts';
import { normalQuantile } from './normal.ts';
import type { PairLikelihood } from './pair-likelihood.ts';
import { ELO_PER_NAT } from './pair-table.ts';

/**
 * Robust ("sandwich") standard errors of a pair-likelihood fit: Huber (1967), White (1982),
 *   Cov θ̂ ≈ H⁻¹ J H⁻¹,   H = −∂²ℓ/∂θ² at θ̂,   J = Σ_votes s sᵀ (s = one vote's score at θ̂),
 * as lmarena/arena-rank reports next to its bootstrap. Unlike the model-based H⁻¹ it stays right
 * when the model is misspecified — a tie scored as half a win is a less variable vote than a coin
 * flip, which H⁻¹ alone overstates by ~20% on Chatbot Arena. A displayed rating is a contrast
 * c·θ (θ_k minus the group mean, or minus the anchor's θ), so
 *   Var = (H⁻¹c)ᵀ J (H⁻¹c),   interval = rating ± z_{(1+level)/2} · (400/ln 10) · √Var.
 * Cost: one factorisation, m solves and J once (O(m³ + pairs)), then O(m²) per model; a few
 * milliseconds for 129 models, so the intervals are ready with the point fit.
 */
export interface SandwichIntervals {
  /** Standard error on the Elo scale per model; null for unrated models. */
  se: (number | null)[];
  lower: (number | null)[];
  upper: (number | null)[];
}

export function sandwichIntervals(fit: RatingFit, likelihood: PairLikelihood, level = 0.95): SandwichIntervals {
  if (!(level > 0 && level < 1)) throw new RangeError(`sandwichIntervals: level must be in (0, 1), got ${level}`);
  const n = fit.models.length,
    z = normalQuantile((1 + level) / 2);
  const se: (number | null)[] = new Array(n).fill(null),
    lower = se.slice(),
    upper = se.slice();
  for (const g of fit.groups) {
    const local = groupStandardErrors(g, likelihood);
    g.members.forEach((k, l) => {
      const rating = fit.ratings[k];
      if (rating === null) return;
      se[k] = local[l];
      lower[k] = rating - z * local[l];
      upper[k] = rating + z * local[l];
    });
  }
  return { se, lower, upper };
}

/** Elo-scale standard errors of one group's ratings, in member order. */
export function groupStandardErrors(g: GroupFit, likelihood: PairLikelihood): Float64Array {
  const m = g.members.length,
    size = g.x.length,
    ref = m - 1;
  const grad = new Float64Array(size),
    h = new Float64Array(size * size);
  likelihood.derivatives(g.table, g.x, grad, h);
  pinReference(h, size, ref);
  factorWithRidge(h, size);
  // H⁻¹ for the free parameters; θ_ref is fixed at 0, so its row and column are 0 (H⁻¹ is symmetric: row c is column c).
  const inverse = choleskyInverse(h, size);
  for (let c = 0; c < size; c++) inverse[ref * size + c] = inverse[c * size + ref] = 0;
  const column = (c: number) => inverse.subarray(c * size, (c + 1) * size);
  // H⁻¹c for c = e_k − e_anchor, or e_k − (1/m)·Σ_j e_j over the models (mean normalisation).
  const base = new Float64Array(size);
  if (g.anchorLocal >= 0) base.set(column(g.anchorLocal));
  else
    for (let c = 0; c < m; c++) {
      const col = column(c);
      for (let r = 0; r < size; r++) base[r] += col[r] / m;
    }
  const meat = likelihood.scoreOuter(g.table, g.x);
  const y = new Float64Array(size),
    out = new Float64Array(m);
  for (let k = 0; k < m; k++) {
    const col = column(k);
    for (let r = 0; r < size; r++) y[r] = col[r] - base[r];
    out[k] = ELO_PER_NAT * Math.sqrt(Math.max(0, quadraticForm(meat, size, y)));
  }
  return out;
}
