import { choleskyFactor, choleskySolve } from './cholesky.ts';
import type { PairLikelihood } from './pair-likelihood.ts';
import type { PairTable } from './pair-table.ts';

export interface NewtonOptions {
  /** Start point (length m + extra); default all zeros. */
  start?: Float64Array;
  /** Stop when max_k |∂ℓ/∂x_k| / (total votes) ≤ tolerance. Default 1e-9. */
  tolerance?: number;
  maxIterations?: number;
}

export interface NewtonResult {
  x: Float64Array;
  iterations: number;
  /** max_k |∂ℓ/∂x_k| divided by the total vote count, at x. */
  gradientNorm: number;
  converged: boolean;
  /** Cholesky factor of the negative Hessian at x (or one final Newton step before it), reference row/column replaced by the identity. */
  factor: Float64Array;
}

/**
 * Newton's method with a dense Hessian and backtracking line search for a concave pair likelihood
 * (Nocedal & Wright, Numerical Optimization, §3.1 and §3.4). The reference strength θ_{m-1} is held
 * at 0 by replacing its Hessian row and column with the identity and zeroing its gradient.
 */
export function maximiseLikelihood(lik: PairLikelihood, table: PairTable, options: NewtonOptions = {}): NewtonResult {
  const m = table.modelCount;
  const size = m + lik.extra;
  if (m < 2) throw new RangeError(`maximiseLikelihood: need at least 2 models, got ${m}`);
  if (!(table.total > 0)) throw new RangeError('maximiseLikelihood: no votes to fit');
  const tolerance = options.tolerance ?? 1e-9;
  const maxIterations = options.maxIterations ?? 100;
  const x = options.start ? Float64Array.from(options.start) : new Float64Array(size);
  if (x.length !== size) throw new RangeError(`maximiseLikelihood: start has length ${x.length}, need ${size}`);
  x[m - 1] = 0;
  const g = new Float64Array(size),
    h = new Float64Array(size * size),
    trial = new Float64Array(size);
  let iterations = 0,
    gradientNorm: number;
  let ll = lik.logLikelihood(table, x);
  for (;;) {
    lik.derivatives(table, x, g, h);
    g[m - 1] = 0;
    gradientNorm = maxAbs(g) / table.total;
    pinReference(h, size, m - 1);
    factorWithRidge(h, size);
    if (iterations >= maxIterations) break;
    if (gradientNorm <= tolerance) {
      // Polish: one more Newton step with the factor at hand costs a solve and a gradient, and
      // takes the quadratically converging iterate to rounding level.
      choleskySolve(h, size, g);
      for (let k = 0; k < size; k++) trial[k] = x[k] + g[k];
      lik.derivatives(table, trial, g, null);
      g[m - 1] = 0;
      const polished = maxAbs(g) / table.total;
      if (polished < gradientNorm) {
        x.set(trial);
        gradientNorm = polished;
      }
      break;
    }
    choleskySolve(h, size, g);
    let step = 1;
    for (let halvings = 0; ; halvings++) {
      for (let k = 0; k < size; k++) trial[k] = x[k] + step * g[k];
      const next = lik.logLikelihood(table, trial);
      if (next >= ll - 1e-12 * Math.abs(ll) || halvings >= 40) {
        ll = next;
        break;
      }
      step /= 2;
    }
    x.set(trial);
    iterations++;
  }
  return { x, iterations, gradientNorm, converged: gradientNorm <= tolerance, factor: h };
}

/** Replaces row and column r of the n×n matrix h by those of the identity. */
export function pinReference(h: Float64Array, n: number, r: number): void {
  for (let k = 0; k < n; k++) {
    h[r * n + k] = 0;
    h[k * n + r] = 0;
  }
  h[r * n + r] = 1;
}

/** Factorises in place; if h is only semidefinite (flat directions), adds a small ridge and retries. */
export function factorWithRidge(h: Float64Array, n: number): void {
  const copy = Float64Array.from(h);
  let scale = 0;
  for (let k = 0; k < n; k++) scale = Math.max(scale, Math.abs(h[k * n + k]));
  for (let ridge = 1e-12 * (scale || 1); !choleskyFactor(h, n); ridge *= 100) {
    if (ridge > 1e6 * (scale || 1)) throw new RangeError('factorWithRidge: negative Hessian is not positive definite');
    h.set(copy);
    for (let k = 0; k < n; k++) h[k * n + k] += ridge;
  }
}

export function maxAbs(v: Float64Array): number {
  let s = 0;
  for (let k = 0; k < v.length; k++) {
    const a = Math.abs(v[k]);
    if (a > s) s = a;
  }
  return s;
}
