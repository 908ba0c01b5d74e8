import { partitionComparisonGraph, type ComparisonPartition, type ExclusionReason } from './components.ts';
import { maximiseLikelihood, type NewtonOptions } from './newton-maximise.ts';
import type { PairLikelihood } from './pair-likelihood.ts';
import { ELO_PER_NAT, restrictPairs, type PairTable } from './pair-table.ts';
import type { StatsWarning } from './stats-warning.ts';

export interface RatingScale {
  /** Pin this model at this rating (its group only); other groups use `mean`. */
  anchor?: { model: string; value: number };
  /** Mean rating of every unanchored group. Default 1000. */
  mean?: number;
}

/** One comparison group's fit, kept so the bootstrap can warm-start from it. */
export interface GroupFit {
  /** Global model indices, increasing. */
  members: Int32Array;
  /** The group's pairs, re-indexed to local model indices. */
  table: PairTable & { rowMap: Int32Array };
  /** MLE parameters (local θ, last member at 0, then any extra parameters). */
  x: Float64Array;
  /** Cholesky factor of the negative Hessian at x (see maximiseLikelihood). */
  factor: Float64Array;
  /** Local index of the anchored model, or -1 when the group is mean-normalised. */
  anchorLocal: number;
  /** Rating given to the anchor, or the group mean. */
  level: number;
  iterations: number;
  gradientNorm: number;
}

export interface RatingFit {
  models: string[];
  /** Elo-scale rating per model; null for excluded models (never NaN or ±∞). */
  ratings: (number | null)[];
  group: (number | null)[];
  excluded: (ExclusionReason | null)[];
  groups: GroupFit[];
  warnings: StatsWarning[];
}

/** θ (natural log strengths) → Elo scale, shifted so the anchor or the group mean sits at `level`. */
export function toElo(x: Float64Array, m: number, anchorLocal: number, level: number, out: Float64Array): void {
  let shift: number;
  if (anchorLocal >= 0) shift = level - ELO_PER_NAT * x[anchorLocal];
  else {
    let sum = 0;
    for (let k = 0; k < m; k++) sum += x[k];
    shift = level - (ELO_PER_NAT * sum) / m;
  }
  for (let k = 0; k < m; k++) out[k] = ELO_PER_NAT * x[k] + shift;
}

/**
 * The comparison graph's groups and each one's pairs (re-indexed to its members), as fitByGroup
 * fits them: what a bootstrap helper needs of a fit before the fit itself (bootstrapTables).
 */
export function comparisonGroups(table: PairTable): { partition: ComparisonPartition; tables: (PairTable & { rowMap: Int32Array })[] } {
  const partition = partitionComparisonGraph(table);
  return { partition, tables: partition.groups.map((list) => restrictPairs(table, Int32Array.from(list))) };
}

/** Partitions the comparison graph, fits `lik` in each group, and puts every group on the Elo scale. */
export function fitByGroup(
  caller: string,
  models: string[],
  table: PairTable,
  lik: PairLikelihood,
  scale: RatingScale,
  newton: NewtonOptions = {},
): RatingFit {
  const m = models.length;
  if (scale.anchor && !models.includes(scale.anchor.model)) throw new RangeError(`${caller}: unknown anchor model "${scale.anchor.model}"`);
  if (scale.anchor && !Number.isFinite(scale.anchor.value)) throw new RangeError(`${caller}: anchor value must be finite`);
  const warnings: StatsWarning[] = [];
  if (table.selfPairVotes > 0) {
    warnings.push({
      kind: 'self-pairs-ignored',
      votes: table.selfPairVotes,
      message: `${table.selfPairVotes} votes of a model against itself were ignored`,
    });
  }
  const { partition, tables } = comparisonGroups(table);
  const groups: GroupFit[] = tables.map((sub, id) => {
    const members = Int32Array.from(partition.groups[id]);
    const fit = maximiseLikelihood(lik, sub, newton);
    if (!fit.converged) {
      warnings.push({
        kind: 'not-converged',
        group: id,
        gradientNorm: fit.gradientNorm,
        message: `group ${id}: fit stopped after ${fit.iterations} iterations with gradient ${fit.gradientNorm.toExponential(2)} per vote`,
      });
    }
    return {
      members,
      table: sub,
      x: fit.x,
      factor: fit.factor,
      anchorLocal: -1,
      level: 0,
      iterations: fit.iterations,
      gradientNorm: fit.gradientNorm,
    };
  });
  if (groups.length > 1) {
    const sizes = groups.map((g) => g.members.length);
    warnings.push({
      kind: 'disconnected',
      groupSizes: sizes,
      message: `the comparison graph falls into ${groups.length} groups (${sizes.join(', ')} models); ratings are comparable only within a group`,
    });
  }
  const flagged = partition.excluded.flatMap((reason, k) => (reason ? [{ model: models[k], reason }] : []));
  if (flagged.length > 0) {
    warnings.push({
      kind: 'excluded',
      models: flagged,
      message: `${flagged.length} model${flagged.length > 1 ? 's have' : ' has'} no finite rating and ${flagged.length > 1 ? 'were' : 'was'} left out of the fit: ${flagged.map((f) => `${f.model} (${f.reason})`).join(', ')}`,
    });
  }
  if (groups.length === 0)
    warnings.push({ kind: 'nothing-to-fit', message: 'no group of models has a finite rating: there is nothing to fit' });
  const unscaled: RatingFit = {
    models,
    ratings: new Array(m).fill(null),
    group: partition.group,
    excluded: partition.excluded,
    groups,
    warnings,
  };
  return onScale(unscaled, scale, caller);
}

/**
 * The same fit on another scale: every group's θ shifted so its anchor (or its mean) sits at the
 * level asked for. The maximum-likelihood θ does not depend on the scale, so this is exactly what a
 * refit with `scale` gives, without fitting again (changing the anchor is a translation).
 */
export function onScale(fit: RatingFit, scale: RatingScale, caller = 'onScale'): RatingFit {
  const { models } = fit;
  const anchorIndex = scale.anchor ? models.indexOf(scale.anchor.model) : -1;
  if (scale.anchor && anchorIndex < 0) throw new RangeError(`${caller}: unknown anchor model "${scale.anchor.model}"`);
  if (scale.anchor && !Number.isFinite(scale.anchor.value)) throw new RangeError(`${caller}: anchor value must be finite`);
  const mean = scale.mean ?? 1000;
  const ratings: (number | null)[] = new Array(models.length).fill(null);
  const groups = fit.groups.map((g) => {
    const list = Array.from(g.members);
    const anchorLocal = anchorIndex >= 0 ? list.indexOf(anchorIndex) : -1;
    const level = anchorLocal >= 0 ? scale.anchor!.value : mean;
    const elo = new Float64Array(g.members.length);
    toElo(g.x, g.members.length, anchorLocal, level, elo);
    g.members.forEach((k, local) => {
      ratings[k] = elo[local];
    });
    return { ...g, anchorLocal, level };
  });
  const warnings: StatsWarning[] = fit.warnings.filter((w) => w.kind !== 'anchor-unrated');
  if (anchorIndex >= 0 && fit.excluded[anchorIndex]) {
    warnings.push({
      kind: 'anchor-unrated',
      model: models[anchorIndex],
      message: `anchor model ${models[anchorIndex]} has no rating (${fit.excluded[anchorIndex]}); its group is centred on ${mean} instead`,
    });
  }
  return { ...fit, ratings, groups, warnings };
}
