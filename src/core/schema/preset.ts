import type { Outcome } from '../outcome.ts';
import type { LensId } from '../view/lenses.ts';

/** How a preset is told apart from the others by column names alone (matched case-insensitively). */
export interface Recognition {
  /** Every one must be present, besides the side and winner columns (which must be present too). */
  required: string[];
  /** Each group needs at least one of its columns (synonyms). */
  anyOf?: string[][];
  /** Each one present adds 1 to the score: what separates this shape from look-alikes. */
  distinguishing?: string[];
  /** Any one present rules the preset out (lmsys battles have no conversation columns). */
  excluded?: string[];
  /** Added to the match count; a generic preset gets a negative score so specific ones win ties. */
  score: number;
  /** A generic match is a guess the user should confirm; capped below 1. */
  maxConfidence?: number;
}

/**
 * Where model names come from: aligned column pairs (first one present wins), or two fixed names
 * (roles or positions: "optimal" / "rejected"); `presentIn` names, per side, the column that must be
 * set for the pair to exist in a row (a row with no rejected answer is no preference pair).
 */
export type PresetSides =
  | { kind: 'columns'; pairs: [string, string][] }
  | { kind: 'constant'; names: [string, string]; presentIn?: [string | null, string | null] };

/** The winner column candidates and what their values mean; 'auto' decides namesModel from sample values. */
export type PresetWinner =
  | { kind: 'column'; columns: string[]; labels: Record<string, Outcome>; namesModel: boolean | 'auto' }
  | { kind: 'constant'; outcome: Outcome }
  | { kind: 'one-hot'; columns: Partial<Record<Outcome, string>> };

/** A further pair a row can hold (French-Maxx: optimal vs `rejected_2`), offered for the user to include. */
export interface OptionalPair {
  /** What the page says when offering it: "second rejected answers". */
  label: string;
  names: [string, string];
  /** The column that must be set for the pair to exist (rejected_2). */
  presentIn: string;
}

/**
 * A slice dimension worth offering first. `path` reaches into structs:
 * ['toxic_chat_tag', 'roberta-large', 'flagged']. 'boolean-fields' means each boolean field of
 * the struct at `path` is its own flag (openai_moderation.categories); 'unix-seconds' is a date.
 */
export interface DimensionHint {
  path: string[];
  label: string;
  kind: 'category' | 'boolean' | 'number' | 'date' | 'unix-seconds' | 'boolean-fields';
}

/** One known dataset shape: data only. Adding a shape means adding one of these and its sample file. */
export interface Preset {
  id: string;
  label: string;
  description: string;
  recognise: Recognition;
  sides: PresetSides;
  winner: PresetWinner;
  /** Boolean column whose true means tie (comparIA both_equal). */
  tieFlag?: string;
  /** Candidate vote-count columns, first present wins. */
  weight?: string[];
  /** Long text (conversations, prompts, answers): not copied into battles, loaded on demand. */
  text: string[];
  /** Kept in battles (ids for browsing) but not offered as slices. */
  ignored?: string[];
  dimensions: DimensionHint[];
  /** The lenses this shape offers besides those every dataset has (core/view/lenses.ts). */
  lenses: LensId[];
  /** The lens a file of this shape opens on (default: the leaderboard). */
  landing?: LensId;
  optionalPairs?: OptionalPair[];
}
