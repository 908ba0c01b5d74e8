/**
 * What a board of `rank` records of where it came from: the file, the slice and the fit's settings
 * as asked. The caller adds what only it knows (rounds done, the seed, the weighting).
 */
import { basename } from 'node:path';
import type { Provenance } from '../../core/export/provenance.ts';
import { quickFilterWords } from '../../core/view/quick-filters.ts';
import type { RankArgs } from './rank-args.ts';

export type BoardSettings = Pick<RankArgs, 'where' | 'quick' | 'anchor' | 'ties' | 'intervals' | 'bootstrapRounds'>;

export function boardProvenance(
  args: BoardSettings,
  fileName: string,
  fingerprint: string | null,
  minVotes: number,
): Omit<Provenance, 'roundsDone' | 'seed'> {
  return {
    file: basename(fileName),
    fingerprint,
    slice: args.where.length ? args.where.join(' · ') : 'all votes',
    quickFilters: quickFilterWords(args.quick, minVotes),
    anchor: args.anchor ?? null,
    ties: args.ties,
    intervals: args.intervals,
    rounds: args.bootstrapRounds,
    provisional: false,
  };
}
