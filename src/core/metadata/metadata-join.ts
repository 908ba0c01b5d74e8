/**
 * The votes' model names joined to a model-details file: the same name first, else the same key
 * (model-key.ts: case and punctuation ignored). Names left unmatched on either side are listed
 * with the nearest names of the other side, so a typo or a renamed version is one look away.
 */
import type { ModelMeta } from './metadata-table.ts';
import { modelKey, nearestNames } from './model-key.ts';

export interface Unmatched {
  name: string;
  suggestions: string[];
}

export interface MetadataJoin {
  /** Vote model name → its details. */
  byModel: Map<string, ModelMeta>;
  /** Matched by the same name, and by the same key only. */
  exact: number;
  loose: number;
  /** Vote models without details, and details naming no vote model. */
  votesUnmatched: Unmatched[];
  detailsUnmatched: Unmatched[];
}

export function joinMetadata(models: readonly string[], details: readonly ModelMeta[]): MetadataJoin {
  const byName = new Map(details.map((d) => [d.name, d]));
  const byKey = new Map(details.map((d) => [modelKey(d.name), d]));
  const byModel = new Map<string, ModelMeta>();
  let exact = 0;
  let loose = 0;
  for (const model of models) {
    const same = byName.get(model);
    const found = same ?? byKey.get(modelKey(model));
    if (!found) continue;
    byModel.set(model, found);
    if (same) exact++;
    else loose++;
  }
  const used = new Set([...byModel.values()]);
  const unmatchedModels = models.filter((m) => !byModel.has(m));
  const unusedDetails = details.filter((d) => !used.has(d));
  // Suggestions come from the other side's unmatched names: a matched one is taken already.
  const unusedNames = unusedDetails.map((d) => d.name);
  return {
    byModel,
    exact,
    loose,
    votesUnmatched: unmatchedModels.map((name) => ({ name, suggestions: nearestNames(name, unusedNames) })),
    detailsUnmatched: unusedNames.map((name) => ({ name, suggestions: nearestNames(name, unmatchedModels) })),
  };
}
