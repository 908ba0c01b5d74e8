/**
 * The judge board of a slice in one request to the rating worker: the baseline view (direct and
 * Bradley-Terry predicted win rates, strong verdicts weighted or not), AlpacaEval's length-controlled
 * win rate when answer lengths are known, and a judge's self-preference when a rater and its family
 * are given. Each part is in its own file; this only runs them together.
 */
import { baselineBoard, type BaselineBoard, type VerdictCells } from './baseline-winrate.ts';
import { lengthControlledWinRates, type LengthControlResult, type LengthVotes } from './length-controlled.ts';
import { selfPreference, type RatedVotes, type SelfPreference } from './self-preference.ts';

export interface JudgeBoardInput {
  cells: VerdictCells;
  lengths: LengthVotes | null;
  rated: { votes: RatedVotes; judge: string; family: string } | null;
}

export interface JudgeBoardOptions {
  baseline: string;
  /** 1, or arena-hard's 3. */
  strongWeight: number;
  rounds?: number;
  seed?: number;
}

export interface JudgeBoard {
  baseline: BaselineBoard;
  lengths: LengthControlResult | null;
  selfPreference: SelfPreference | null;
}

export function computeJudgeBoard(input: JudgeBoardInput, options: JudgeBoardOptions): JudgeBoard {
  const common = { rounds: options.rounds ?? 1000, seed: options.seed ?? 0 };
  const hasBaseline = (models: string[]) => models.includes(options.baseline);
  return {
    baseline: baselineBoard(input.cells, { baseline: options.baseline, strongWeight: options.strongWeight, ...common }),
    lengths:
      input.lengths && hasBaseline(input.lengths.models)
        ? lengthControlledWinRates(input.lengths, { baseline: options.baseline, ...common })
        : null,
    selfPreference:
      input.rated && input.rated.votes.raters.includes(input.rated.judge)
        ? selfPreference(input.rated.votes, input.rated.judge, input.rated.family, common)
        : null,
  };
}
