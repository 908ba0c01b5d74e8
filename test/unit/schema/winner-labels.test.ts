import { describe, expect, it } from 'vitest';
import { mapWinnerLabels, outcomeForLabel } from '../../../src/core/schema/winner-labels.ts';

describe('winner labels', () => {
  it.each([
    ['a', 'a'],
    ['A', 'a'],
    ['model_a', 'a'],
    ['Model_A', 'a'],
    ['left', 'a'],
    ['LEFT', 'a'],
    ['1', 'a'],
    [' a ', 'a'],
    ['b', 'b'],
    ['B', 'b'],
    ['model_b', 'b'],
    ['right', 'b'],
    ['2', 'b'],
    ['tie', 'tie'],
    ['TIE', 'tie'],
    ['draw', 'tie'],
    ['both_equal', 'tie'],
    ['equal', 'tie'],
    ['tie (bothbad)', 'both_bad'],
    ['Tie  (BothBad)', 'both_bad'],
    ['both_bad', 'both_bad'],
  ])('reads %j as %s', (label, outcome) => {
    expect(outcomeForLabel(label)).toBe(outcome);
  });

  it.each(['left_win', 'gpt-4', '', '3', 'tie?', 'bothbad', '__proto__', 'constructor'])('leaves %j unmapped', (label) => {
    expect(outcomeForLabel(label)).toBeUndefined();
  });

  it('maps distinct values, keeps their exact spelling, skips nulls and lists the unknown ones', () => {
    const m = mapWinnerLabels(['model_a', 'Model_B', null, 'tie (bothbad)', 'left_win', 'model_a', 'gpt-4']);
    expect(m.labels).toEqual({ model_a: 'a', Model_B: 'b', 'tie (bothbad)': 'both_bad' });
    expect(m.unmapped).toEqual(['left_win', 'gpt-4']);
  });

  it('never turns an unknown label into a tie', () => {
    const m = mapWinnerLabels(['unsure', 'skip']);
    expect(m.labels).toEqual({});
    expect(m.unmapped).toEqual(['unsure', 'skip']);
  });
});
