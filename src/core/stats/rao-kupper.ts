import { addPairBlock, logSigmoid, outcomeOuter, type PairLikelihood } from './pair-likelihood.ts';

/**
 * Rao & Kupper (1967), "Ties in paired-comparison experiments", JASA 62:194–204, with θ = e^κ ≥ 1:
 *   P(i wins) = π_i / (π_i + θπ_j),  P(j wins) = π_j / (θπ_i + π_j),
 *   P(tie) = (θ² − 1) π_i π_j / ((π_i + θπ_j)(θπ_i + π_j)).
 * With d = log π_i − log π_j: P(i wins) = σ(d − κ), P(j wins) = σ(−d − κ) and
 * P(tie) = (e^{2κ} − 1)·σ(d − κ)·σ(−d − κ), so per pair
 *   ℓ = (w_i + t)·log σ(d − κ) + (w_j + t)·log σ(−d − κ) + t·log(e^{2κ} − 1),
 * concave in (θ, κ) on κ > 0 (each term is). x = [θ…, κ]; κ ≤ 0 has likelihood −∞ when there are
 * ties, which keeps Newton's line search inside. Start κ above 0 (e.g. 0.5). both_bad is a tie.
 */
export const raoKupperLikelihood: PairLikelihood = {
  extra: 1,
  logLikelihood(table, x) {
    const { i, j, winsI, winsJ, ties } = table;
    const kappa = x[table.modelCount];
    let ll = 0,
      tied = 0;
    for (let p = 0; p < i.length; p++) {
      const d = x[i[p]] - x[j[p]];
      ll += (winsI[p] + ties[p]) * logSigmoid(d - kappa) + (winsJ[p] + ties[p]) * logSigmoid(-d - kappa);
      tied += ties[p];
    }
    if (tied > 0) ll += kappa > 0 ? tied * logExpm1(2 * kappa) : -Infinity;
    return ll;
  },
  derivatives(table, x, g, h) {
    const { i, j, winsI, winsJ, ties } = table;
    const m = table.modelCount,
      size = m + 1,
      kappa = x[m];
    g.fill(0);
    if (h) h.fill(0);
    let tied = 0;
    for (let p = 0; p < i.length; p++) {
      const a = i[p],
        b = j[p];
      const d = x[a] - x[b];
      const wa = winsI[p] + ties[p],
        wb = winsJ[p] + ties[p];
      const sa = sigmoid(d - kappa),
        sb = sigmoid(-d - kappa);
      // ∂/∂(d−κ) log σ = 1 − σ; the d-derivative, then ∂d/∂θ_a = 1, ∂d/∂θ_b = −1.
      const gd = wa * (1 - sa) - wb * (1 - sb);
      g[a] += gd;
      g[b] -= gd;
      g[m] -= wa * (1 - sa) + wb * (1 - sb);
      tied += ties[p];
      if (!h) continue;
      const u = wa * sa * (1 - sa),
        v = wb * sb * (1 - sb);
      const hdd = u + v,
        hdk = v - u;
      addPairBlock(h, m, a, b, hdd, hdk, u + v);
    }
    if (tied > 0) {
      const e = Math.exp(-2 * kappa);
      // d/dκ log(e^{2κ} − 1) = 2 / (1 − e^{−2κ});  −d²/dκ² = 4e^{−2κ} / (1 − e^{−2κ})².
      g[m] += (2 * tied) / (1 - e);
      if (h) h[m * size + m] += (4 * tied * e) / (1 - e) ** 2;
    }
  },
  scoreOuter(table, x) {
    const { i, j, winsI, winsJ, ties, voteWeight } = table;
    const m = table.modelCount,
      size = m + 1,
      kappa = x[m],
      out = new Float64Array(size * size);
    const tieTerm = 2 / (1 - Math.exp(-2 * kappa));
    for (let p = 0; p < i.length; p++) {
      const a = i[p],
        b = j[p];
      const d = x[a] - x[b];
      const ra = 1 - sigmoid(d - kappa),
        rb = 1 - sigmoid(-d - kappa);
      const [uu, uv, vv] = outcomeOuter(
        voteWeight ? voteWeight[p] : 1,
        [winsI[p], ra, -ra],
        [winsJ[p], -rb, -rb],
        [ties[p], ra - rb, -ra - rb + tieTerm],
      );
      addPairBlock(out, m, a, b, uu, uv, vv);
    }
    return out;
  },
};

function sigmoid(z: number): number {
  return z >= 0 ? 1 / (1 + Math.exp(-z)) : Math.exp(z) / (1 + Math.exp(z));
}

/** log(e^y − 1) for y > 0, without overflow. */
function logExpm1(y: number): number {
  return y > 30 ? y + Math.log1p(-Math.exp(-y)) : Math.log(Math.expm1(y));
}

/** Rao-Kupper's three outcome probabilities for strengths difference d and κ: [i wins, j wins, tie]. */
export function raoKupperProbabilities(d: number, kappa: number): [number, number, number] {
  const pa = sigmoid(d - kappa),
    pb = sigmoid(-d - kappa);
  return [pa, pb, Math.max(0, 1 - pa - pb)];
}
