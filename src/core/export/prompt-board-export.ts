/**
 * A prompt's leaderboard as a download: the leaderboard's CSV and JSON, with the prompt and the
 * battles chosen in the provenance's slice, and in the JSON how many were used and how near.
 */
import type { Leaderboard } from '../stats/leaderboard.ts';
import { leaderboardCsv, leaderboardObject } from './leaderboard-export.ts';
import type { Provenance } from './provenance.ts';

export interface PromptBoardInfo {
  prompt: string;
  /** nearChoiceText of the choice (core/topics/nearest.ts). */
  chosen: string;
  used: number;
  candidates: number;
  spread: { min: number; median: number } | null;
  /** What the board stands in for, in words. */
  method: string;
}

const round4 = (x: number) => Number(x.toFixed(4));

/** The page's provenance with the board's own slice (slice AND the chosen battles) and rounds. */
export function promptProvenance(p: Provenance | null, board: Leaderboard, info: PromptBoardInfo): Provenance | null {
  if (!p) return null;
  return {
    ...p,
    slice: `${p.slice}; battles of ${info.chosen} to the prompt ${JSON.stringify(info.prompt)}`,
    rounds: board.rounds,
    roundsDone: board.roundsDone,
    provisional: board.roundsDone < board.rounds,
  };
}

export function promptBoardCsv(board: Leaderboard, p: Provenance | null, info: PromptBoardInfo): string {
  return leaderboardCsv(board, promptProvenance(p, board, info));
}

export function promptBoardJson(board: Leaderboard, p: Provenance | null, info: PromptBoardInfo): string {
  const prompt_board = {
    prompt: info.prompt,
    chosen: info.chosen,
    battles_used: info.used,
    battles_with_prompt_text: info.candidates,
    min_similarity: info.spread ? round4(info.spread.min) : null,
    median_similarity: info.spread ? round4(info.spread.median) : null,
    method: info.method,
  };
  return JSON.stringify({ ...leaderboardObject(board, promptProvenance(p, board, info)), prompt_board }, null, 2) + '\n';
}
