import { describe, expect, test } from 'vitest';
import { decodeView, encodeView } from '../../../src/core/view/url-codec.ts';
import { DEFAULT_VIEW } from '../../../src/core/view/view-state.ts';

describe('the matrix mode and the SQL text in the address', () => {
  const modes = ['fraction', 'battles', 'predicted'];

  test('round-trip with the other parameters', () => {
    const state = {
      ...structuredClone(DEFAULT_VIEW),
      lens: 'matrix',
      slots: {
        ...structuredClone(DEFAULT_VIEW.slots),
        matrix: { mode: 'battles', top: 50, pair: null },
        sql: { text: "SELECT outcome, count(*) FROM battles WHERE model_a = 'x' GROUP BY 1" },
      },
    };
    const query = encodeView(state);
    expect(query).toContain('mx=battles');
    expect(query).toContain('mx_top=50');
    expect(query).toContain('sql=SELECT%20outcome');
    expect(decodeView(`?${query}`, '', { matrixModes: modes })).toEqual({ state, notes: [] });
  });

  test('a v=1 link written before these keys opens the win fractions of the top 20 and no query', () => {
    const { state, notes } = decodeView('?v=1&sample=arena-conversations&lens=matrix', '', { matrixModes: modes });
    expect(notes).toEqual([]);
    expect(state.slots.matrix).toEqual({ mode: 'fraction', top: 20, pair: null });
    expect(state.slots.sql.text).toBe('');
  });

  test('an unknown mode keeps the default and says so', () => {
    const { state, notes } = decodeView('?mx=pie&mx_top=9999', '', { matrixModes: modes });
    expect(state.slots.matrix).toEqual({ mode: 'fraction', top: 20, pair: null });
    expect(notes).toEqual([
      'ignored "mx": expected one of fraction, battles, predicted, got "pie"',
      'ignored "mx_top": expected a whole number from 0 to 1000, got "9999"',
    ]);
  });

  test('"all models" (0) is written because it is not the default', () => {
    const view = structuredClone(DEFAULT_VIEW);
    view.slots.matrix.top = 0;
    expect(encodeView(view)).toBe('v=2&mx_top=0');
  });
});
