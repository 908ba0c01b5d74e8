import { describe, expect, it } from 'vitest';
import { decodeView, encodeView } from '../../../src/core/view/url-codec.ts';
import { CURRENT_VERSION, MIGRATIONS } from '../../../src/core/view/url-migrations.ts';
import { DEFAULT_VIEW, type ViewState } from '../../../src/core/view/view-state.ts';

/** What a link without a source meant before version 2. */
const OLD_DEFAULT = { kind: 'sample', id: 'arena-conversations' } as const;

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

  it('rewrites an opened version 0 link as an equivalent current link', () => {
    const { state } = decodeView('?v=0&anchor=gpt-4:1100&filter=turn:1&sort=votes-asc');
    const rewritten = encodeView(state);
    expect(rewritten).toBe(
      'v=2&sample=arena-conversations&f=%5B%7B%22kind%22:%22in%22,%22path%22:%5B%22turn%22%5D,%22values%22:%5B%221%22%5D%7D%5D&anchor=gpt-4@1100&sort=votes.asc',
    );
    expect(decodeView(rewritten)).toEqual({ state, notes: [] });
  });

  it('drops an unreadable version 0 parameter with a note and keeps the rest', () => {
    const { state, notes } = decodeView('?v=0&anchor=gpt-4&filter=nocolon&lens=sql');
    expect(state).toEqual({ ...DEFAULT_VIEW, source: OLD_DEFAULT, lens: 'sql' });
    expect(notes).toEqual([
      'ignored "anchor" (old link): expected <model>:<value>, got "gpt-4"',
      'ignored "filter" (old link): expected <column>:<values>, got "nocolon"',
    ]);
  });

  it('checks migrated values like any others', () => {
    const { state, notes } = decodeView('?v=0&anchor=gpt-4:lots&sort=elo-desc');
    expect(state).toEqual({ ...DEFAULT_VIEW, source: OLD_DEFAULT });
    expect(notes).toHaveLength(2);
    expect(notes[0]).toMatch(/^ignored "anchor"/);
    expect(notes[1]).toMatch(/^ignored "sort"/);
  });

  it('opens a version 1 link without a source on the sample it meant then, not the new default', () => {
    const { state, notes } = decodeView('?v=1&lens=matrix&q_ties=1');
    expect(notes).toEqual([]);
    expect(state).toEqual({ ...DEFAULT_VIEW, source: OLD_DEFAULT, lens: 'matrix', quick: { ...DEFAULT_VIEW.quick, excludeTies: true } });
    expect(encodeView(state)).toBe('v=2&sample=arena-conversations&q_ties=1&lens=matrix');
  });

  it('keeps the source a version 1 link names', () => {
    expect(decodeView('?v=1&sample=comparag-votes').state.source).toEqual({ kind: 'sample', id: 'comparag-votes' });
    expect(decodeView('?v=1&src=https://example.org/a.parquet').state.source).toEqual({
      kind: 'remote',
      url: 'https://example.org/a.parquet',
    });
  });

  it('reads a link without a version, or an empty one, as current: no source means the real 2024-08-14 counts', () => {
    expect(decodeView('?lens=matrix').state.source).toEqual({ kind: 'sample', id: 'chatbot-arena-20240814' });
    expect(decodeView('').state).toEqual(DEFAULT_VIEW);
  });
});
