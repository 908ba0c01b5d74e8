import { describe, expect, it } from 'vitest';
import { decodeView, encodeView } from '../../../src/core/view/url-codec.ts';
import { CURRENT_VERSION, MIGRATIONS } from '../../../src/core/view/url-migrations.ts';
import { DEFAULT_VIEW, type ViewState } from '../../../src/core/view/view-state.ts';

describe('old links', () => {
  it('has a migration from every older version to the current one', () => {
    for (let v = 0; v < CURRENT_VERSION; v++) expect(MIGRATIONS[v]).toBeTypeOf('function');
  });

  it('opens a hand-written version 0 link with its meaning kept', () => {
    const link =
      '?v=0&url=https%3A%2F%2Fexample.org%2Farena%2Fbattles.parquet' +
      '&anchor=meta:llama-2-70b:1200' +
      '&filter=language:English,French&filter=judge.kind:expert' +
      '&sort=rating-desc&noties=1&lens=matrix&top=20';
    const expected: ViewState = {
      ...DEFAULT_VIEW,
      source: { kind: 'remote', url: 'https://example.org/arena/battles.parquet' },
      filters: [
        { kind: 'in', path: ['language'], values: ['English', 'French'] },
        { kind: 'in', path: ['judge', 'kind'], values: ['expert'] },
      ],
      quick: { ...DEFAULT_VIEW.quick, excludeTies: true },
      lens: 'matrix',
      rating: { ...DEFAULT_VIEW.rating, anchor: { model: 'meta:llama-2-70b', value: 1200 } },
      sort: { key: 'rating', descending: true },
      topN: 20,
    };
    expect(decodeView(link)).toEqual({ state: expected, notes: [] });
  });

  it('rewrites an opened version 0 link as an equivalent version 1 link', () => {
    const { state } = decodeView('?v=0&anchor=gpt-4:1100&filter=turn:1&sort=votes-asc');
    const rewritten = encodeView(state);
    expect(rewritten).toBe(
      'v=1&f=%5B%7B%22kind%22:%22in%22,%22path%22:%5B%22turn%22%5D,%22values%22:%5B%221%22%5D%7D%5D&anchor=gpt-4@1100&sort=votes.asc',
    );
    expect(decodeView(rewritten)).toEqual({ state, notes: [] });
  });

  it('drops an unreadable version 0 parameter with a note and keeps the rest', () => {
    const { state, notes } = decodeView('?v=0&anchor=gpt-4&filter=nocolon&lens=sql');
    expect(state).toEqual({ ...DEFAULT_VIEW, lens: 'sql' });
    expect(notes).toEqual([
      'ignored "anchor" (old link): expected <model>:<value>, got "gpt-4"',
      'ignored "filter" (old link): expected <column>:<values>, got "nocolon"',
    ]);
  });

  it('checks migrated values like any others', () => {
    const { state, notes } = decodeView('?v=0&anchor=gpt-4:lots&sort=elo-desc');
    expect(state).toEqual(DEFAULT_VIEW);
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^ignored "anchor"/);
    expect(notes[1]).toMatch(/^ignored "sort"/);
  });
});
