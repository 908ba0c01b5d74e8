/**
 * Everything a view is made of, as plain data: what the address bar holds (url-codec.ts) and what
 * the page renders. Defaults are what an empty address means.
 */
import type { ColumnMapping } from '../schema/mapping.ts';
import type { Filter } from '../sql/filters.ts';
import { DEFAULT_SORT, type Sort } from './leaderboard-table.ts';
import { initialSlots, type LensSlots } from './lenses.ts';

/** A dropped local file, identified so a shared link can check it is given the same one again. */
export interface LocalFileRef {
  name: string;
  size: number;
  /** Hex digest of the first and last 64 KiB and the size (see io/fingerprint.ts). */
  fingerprint: string;
}

export type DataSource =
  | { kind: 'sample'; id: string }
  | { kind: 'remote'; url: string }
  /** A dataset on the Hugging Face Hub, read through its parquet listing (core/hub). */
  | { kind: 'hub'; dataset: string; config: string | null; split: string | null }
  | { kind: 'local'; file: LocalFileRef };

/** Where a model-details file (organisation, licence, price…) comes from: a built-in one, an address, or a dropped file. */
export type DetailsSource = { kind: 'sample'; id: string } | { kind: 'remote'; url: string } | { kind: 'local'; file: LocalFileRef };

/** Model details joined to the votes (core/metadata) and what they hide on the board. */
export interface DetailsState {
  source: DetailsSource | null;
  /** Show open-weights models only. */
  openOnly: boolean;
  /** YYYY-MM-DD: hide models released before it. */
  releasedFrom: string | null;
}

export interface QuickToggles {
  excludeTies: boolean;
  excludeBothBad: boolean;
  /** Drop votes whose prompt was flagged by moderation (lmsys openai_moderation.flagged). */
  excludeFlagged: boolean;
  /** Keep anonymous battles only (lmsys anony = true). */
  anonymousOnly: boolean;
  /** LMArena's de-duplicated board: rows whose dedup_tag.sampled is true. */
  dedupOnly: boolean;
  /**
   * Models with fewer votes than this in the slice are left out of the fit and listed apart (0 =
   * keep all); null = the default, stats/min-votes.ts minVotesInForce (a minimum on filtered boards only).
   */
  minVotes: number | null;
}

export interface RatingOptionsState {
  anchor: { model: string; value: number } | null;
  ties: 'half' | 'davidson';
  rounds: number;
  seed: number;
  /** The 95% interval the board shows and ranks by. */
  intervals: 'bootstrap' | 'sandwich';
  /** Group the leaderboard into comparIA tiers. */
  tiers: boolean;
  /** Weight each vote by the inverse of its pair's frequency (LMArena 2025); the intervals are then the weighted sandwich. */
  reweight: boolean;
}

export interface ViewState {
  source: DataSource;
  /** A column mapping the user made, when the preset was not used. */
  mapping: ColumnMapping | null;
  filters: Filter[];
  quick: QuickToggles;
  lens: string;
  rating: RatingOptionsState;
  sort: Sort;
  search: string;
  /** 0 = all models. */
  topN: number;
  details: DetailsState;
  /** Each lens's own state in the address (the matrix's pair, the compared slices, the SQL text): core/view/lenses.ts. */
  slots: LensSlots;
}

/** The sample an address without a source opens: real Chatbot Arena votes (format version 2 on). */
export const DEFAULT_SAMPLE_ID = 'chatbot-arena-20240814';

export const DEFAULT_VIEW: ViewState = {
  source: { kind: 'sample', id: DEFAULT_SAMPLE_ID },
  mapping: null,
  filters: [],
  quick: { excludeTies: false, excludeBothBad: false, excludeFlagged: false, anonymousOnly: false, dedupOnly: false, minVotes: null },
  /** 'auto' opens the lens the dataset's shape leads with (lenses.ts shownLens). */
  lens: 'auto',
  rating: { anchor: null, ties: 'half', rounds: 1000, seed: 0, intervals: 'bootstrap', tiers: false, reweight: false },
  sort: DEFAULT_SORT,
  search: '',
  topN: 0,
  details: { source: null, openOnly: false, releasedFrom: null },
  slots: initialSlots(),
};
