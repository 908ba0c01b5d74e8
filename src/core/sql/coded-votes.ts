/**
 * Vote rows of (a, b, outcome, weight) as the vote-by-vote fits take them: the rows complete for the
 * fit kept, models renumbered densely (the models that appear, in ENUM code order), and the weight
 * of the rows left out counted — never dropped silently.
 */
import type { Row } from './connector.ts';

export interface CodedVotes {
  /** The rows kept, in their order: their other columns (features, controls) are read from these. */
  present: Row[];
  models: string[];
  a: Int32Array;
  b: Int32Array;
  outcome: Uint8Array;
  weight: Float64Array;
  /** The summed weight of the rows left out. */
  missingVotes: number;
}

/** `modelNames[code]` names each model_name ENUM code; `reader` names the caller in errors. */
export function codedVotes(
  modelNames: readonly string[],
  rows: readonly Row[],
  complete: (row: Row) => boolean,
  reader: string,
): CodedVotes {
  const present = rows.filter(complete);
  let missingVotes = 0;
  for (const r of rows) if (!complete(r)) missingVotes += Number(r.weight);
  const codes = [...new Set(present.flatMap((r) => [Number(r.a), Number(r.b)]))].sort((x, y) => x - y);
  const index = new Map(codes.map((c, i) => [c, i]));
  for (const c of codes) if (modelNames[c] === undefined) throw new Error(`${reader}: no model name for code ${c}`);
  return {
    present,
    models: codes.map((c) => modelNames[c]),
    a: Int32Array.from(present, (r) => index.get(Number(r.a))!),
    b: Int32Array.from(present, (r) => index.get(Number(r.b))!),
    outcome: Uint8Array.from(present, (r) => Number(r.outcome)),
    weight: Float64Array.from(present, (r) => Number(r.weight)),
    missingVotes,
  };
}
