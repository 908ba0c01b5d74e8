/**
 * A prompt's board as a download: the CSV's slice names the prompt and the battles chosen (the
 * prompt's quotes and commas escaped, read back by a plain CSV parser written here), the JSON adds
 * how many battles and how near, and both say the rounds the board itself ran.
 */
import { describe, expect, it } from 'vitest';
import { computeLeaderboard } from '../../../src/core/stats/leaderboard.ts';
import type { Provenance } from '../../../src/core/export/provenance.ts';
import { promptBoardCsv, promptBoardJson, type PromptBoardInfo } from '../../../src/core/export/prompt-board-export.ts';
import { delimitedRecords } from '../../../src/core/metadata/csv-records.ts';

const board = computeLeaderboard(
  {
    models: ['m-a', 'm-b', 'm-c'],
    a: Int32Array.from([0, 0, 1, 1, 2]),
    b: Int32Array.from([1, 2, 2, 0, 0]),
    outcome: Uint8Array.from([0, 0, 0, 0, 1]),
    n: Float64Array.from([30, 25, 20, 10, 12]),
  },
  { bootstrapRounds: 20, seed: 3 },
);
const page: Provenance = {
  file: 'votes.parquet',
  fingerprint: 'abc',
  slice: 'language = English',
  quickFilters: [],
  anchor: null,
  ties: 'half',
  intervals: 'bootstrap',
  rounds: 1000,
  roundsDone: 1000,
  provisional: false,
  seed: 7,
};
const info: PromptBoardInfo = {
  prompt: 'Say "hi", then\nexplain <b>',
  chosen: 'the 200 nearest prompts',
  used: 200,
  candidates: 4321,
  spread: { min: 0.412345, median: 0.55556 },
  method: 'a stand-in',
};

/** The CSV's records, read by the RFC 4180 reader the page uses for model lists (quotes, commas, line breaks). */
const parseCsv = (text: string): string[][] => delimitedRecords(text, ',').map((r) => r.fields);

describe('the prompt board downloads', () => {
  it('CSV: one row per model, the slice naming the prompt and the choice, the rounds of this board', () => {
    const [header, ...rows] = parseCsv(promptBoardCsv(board, page, info));
    expect(rows.map((r) => r[header.indexOf('model')]).sort()).toEqual(['m-a', 'm-b', 'm-c']);
    const slice = rows[0][header.indexOf('slice')];
    expect(slice).toBe(`language = English; battles of the 200 nearest prompts to the prompt ${JSON.stringify(info.prompt)}`);
    expect(rows[0][header.indexOf('bootstrap_rounds')]).toBe('20');
  });

  it('JSON: the leaderboard, and how many battles and how near', () => {
    const json = JSON.parse(promptBoardJson(board, page, info));
    expect(json.models.map((m: { model: string }) => m.model).sort()).toEqual(['m-a', 'm-b', 'm-c']);
    expect(json.prompt_board).toEqual({
      prompt: info.prompt,
      chosen: 'the 200 nearest prompts',
      battles_used: 200,
      battles_with_prompt_text: 4321,
      min_similarity: 0.4123,
      median_similarity: 0.5556,
      method: 'a stand-in',
    });
    expect(json.provenance.slice).toContain(JSON.stringify(info.prompt));
    expect(JSON.parse(promptBoardJson(board, null, { ...info, spread: null })).prompt_board.min_similarity).toBeNull();
  });
});
