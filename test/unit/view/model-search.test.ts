import { describe, expect, it } from 'vitest';
import { matchesSearch, searchTokens } from '../../../src/core/view/model-search.ts';
import { searchRows } from '../../../src/core/view/leaderboard-table.ts';
import type { LeaderboardRow } from '../../../src/core/stats/leaderboard.ts';

const MODELS = [
  'gpt-4o-2024-05-13',
  'gpt-4o-mini-2024-07-18',
  'gpt-4-0613',
  'chatgpt-4o-latest',
  'claude-3-5-sonnet-20240620',
  'llama-3.1-405b-instruct',
];
const find = (q: string) => MODELS.filter((m) => matchesSearch(m, q));

describe('token search over model names', () => {
  it('"gpt 4o" finds the gpt-4o models, whatever the case', () => {
    expect(find('gpt 4o')).toEqual(['gpt-4o-2024-05-13', 'gpt-4o-mini-2024-07-18', 'chatgpt-4o-latest']);
    expect(find('GPT 4o')).toEqual(find('gpt 4o'));
    expect(find('gpt4o')).toEqual(find('gpt 4o'));
  });

  it('needs every word, in any order', () => {
    expect(find('4o mini')).toEqual(['gpt-4o-mini-2024-07-18']);
    expect(find('mini 4o')).toEqual(['gpt-4o-mini-2024-07-18']);
    expect(find('sonnet claude 3.5')).toEqual(['claude-3-5-sonnet-20240620']);
    expect(find('llama 405')).toEqual(['llama-3.1-405b-instruct']);
    expect(find('gpt 5')).toEqual([]);
  });

  it('an empty or separator-only query matches everything', () => {
    expect(searchTokens('  - ')).toEqual([]);
    expect(find('')).toEqual(MODELS);
  });

  it('is what the leaderboard search uses', () => {
    const rows = MODELS.map((model) => ({ model }) as LeaderboardRow);
    expect(searchRows(rows, 'gpt 4o').map((r) => r.model)).toEqual(find('gpt 4o'));
  });
});
