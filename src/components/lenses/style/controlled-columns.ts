/**
 * The columns of a board that sets a model's controlled rating beside its raw one (the style lens's
 * table and the chosen-controls table): one declaration, so the two boards head, explain and sort
 * their common columns alike.
 */
import type { SortColumn } from '../../widgets/SortTable.svelte';
import { fmtSigned } from '../../format.ts';

/** What both boards know of a model. */
export interface RawBesideControlled {
  model: string;
  raw: number | null;
  rawRank: number | null;
  controlled: number | null;
  change: number | null;
  votes: number;
}

/** The words that differ: what the raw fit was, what was held equal, which votes count. */
export interface BoardWords {
  rawTitle: string;
  controlledLabel: string;
  controlledTitle: string;
  votesTitle: string;
}

/**
 * Model, raw rating and rank, controlled rating, its interval and rank, then `afterRank` (columns
 * of one board only), the change and the votes.
 */
export function controlledColumns<R extends RawBesideControlled>(
  words: BoardWords,
  controlledRank: (r: R) => number | null,
  afterRank: SortColumn<R>[] = [],
): SortColumn<R>[] {
  return [
    { key: 'model', label: 'Model', title: 'model name', value: (r) => r.model, ascending: true },
    { key: 'raw', label: 'Raw rating', title: words.rawTitle, num: true, value: (r) => r.raw },
    {
      key: 'rawRank',
      label: 'Raw rank',
      title: '1 + models with a higher raw rating',
      num: true,
      value: (r) => r.rawRank,
      ascending: true,
    },
    { key: 'controlled', label: words.controlledLabel, title: words.controlledTitle, num: true, value: (r) => r.controlled },
    { key: 'interval', label: '95% interval', title: 'robust (sandwich) 95% interval of the controlled rating', num: true },
    {
      key: 'controlledRank',
      label: 'Controlled rank',
      title: '1 + models with a higher controlled rating',
      num: true,
      value: controlledRank,
      ascending: true,
    },
    ...afterRank,
    { key: 'change', label: 'Change', title: 'controlled − raw, Elo points', num: true, value: (r) => r.change },
    { key: 'votes', label: 'Votes', title: words.votesTitle, num: true, value: (r) => r.votes },
  ];
}

/** A change in points; under a twentieth shows as 0.0, not as −0.0 or +0.0. */
export const fmtChange = (x: number) => (Math.abs(x) < 0.05 ? '0.0' : fmtSigned(x));
