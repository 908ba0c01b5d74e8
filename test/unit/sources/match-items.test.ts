import { describe, expect, it } from 'vitest';
import {
  isMatchKeyText,
  KEY_SEPARATOR,
  keyValueLabel,
  matchKeyChoices,
  matchKeyLabel,
  matchKeyText,
  readMatchKey,
} from '../../../src/core/sources/match-key.ts';
import { matchItems, plurality, type SourceVote } from '../../../src/core/sources/match-items.ts';
import { compareSources, spearmanRho } from '../../../src/core/stats/source-compare.ts';

let row = 0;
const vote = (key: string | null, a: string, b: string, outcome: 'a' | 'b' | 'tie' | 'both_bad'): SourceVote => ({
  key,
  a,
  b,
  outcome: { a: 0, b: 1, tie: 2, both_bad: 3 }[outcome],
  weight: 1,
  rowId: row++,
});

describe('matchItems', () => {
  it('turns a vote cast in the other seat order to the item’s orientation', () => {
    const crowd = [vote('q1', 'x', 'y', 'a'), vote('q1', 'y', 'x', 'b'), vote('q1', 'x', 'y', 'b')];
    const judge = [vote('q1', 'y', 'x', 'b')]; // x (the item's A) wins, seated second
    const m = matchItems(crowd, judge, false);
    expect(m.items).toHaveLength(1);
    const [item] = m.items;
    expect([item.modelA, item.modelB]).toEqual(['x', 'y']);
    expect(item.first).toMatchObject({ a: 2, b: 1, tie: 0, verdict: 'a' });
    expect(item.second).toMatchObject({ a: 1, b: 0, tie: 0, verdict: 'a' });
    expect(compareSources(m.items, { rounds: 0 }).agreement).toBe(1);
  });

  it('counts unmatched items, keys holding several pairs, keys naming other pairs and votes without a key', () => {
    const first = [
      vote('q1', 'x', 'y', 'a'),
      vote('q2', 'x', 'z', 'a'),
      vote('q3', 'x', 'y', 'a'),
      vote('q3', 'x', 'z', 'a'), // q3 holds two pairs: not an item key
      vote('q4', 'x', 'y', 'tie'),
      vote(null, 'x', 'y', 'a'),
    ];
    const second = [vote('q1', 'x', 'y', 'b'), vote('q2', 'y', 'z', 'a'), vote('q3', 'x', 'y', 'a'), vote('q5', 'x', 'y', 'a')];
    const m = matchItems(first, second, false);
    expect(m.items.map((i) => i.key)).toEqual(['q1']);
    expect(m.pairDiffers).toBe(1); // q2
    expect(m.first).toEqual({ votes: 6, noKey: 1, items: 4, unmatched: 1, ambiguous: 1 });
    // q3 and q5 have no counterpart on the first side (q3's is ambiguous there)
    expect(m.second).toEqual({ votes: 4, noKey: 0, items: 4, unmatched: 2, ambiguous: 0 });
    for (const side of [m.first, m.second]) expect(side.items).toBe(m.items.length + side.unmatched + side.ambiguous + m.pairDiffers);
  });

  it('with the pair in the key, one prompt holds one item per pair', () => {
    const first = [vote('p', 'x', 'y', 'a'), vote('p', 'x', 'z', 'b')];
    const second = [vote('p', 'z', 'x', 'a'), vote('p', 'y', 'x', 'a')];
    const m = matchItems(first, second, true);
    expect(m.items).toHaveLength(2);
    const c = compareSources(m.items, { rounds: 0 });
    // x-y: the first says x, the second (seated y, x) says y; x-z: both say z
    expect(c.confusion).toEqual([
      [0, 1, 0],
      [0, 1, 0],
      [0, 0, 0],
    ]);
  });

  it('a side’s verdict is its plurality; a shared plurality is a tie, both-bad counts as a tie', () => {
    expect([plurality(2, 1, 1), plurality(1, 2, 0), plurality(1, 1, 0), plurality(1, 0, 1), plurality(0, 0, 2)]).toEqual([
      'a',
      'b',
      'tie',
      'tie',
      'tie',
    ]);
    const m = matchItems([vote('k', 'x', 'y', 'both_bad')], [vote('k', 'x', 'y', 'tie')], false);
    expect(m.items[0].first.verdict).toBe('tie');
  });
});

describe('match keys', () => {
  it('proposes an item id first, then the pair with a prompt column, then any shared column', () => {
    expect(matchKeyChoices(['id', 'prompt', 'worker'], ['prompt', 'id'])).toEqual([
      { columns: ['id'], withPair: false },
      { columns: ['prompt'], withPair: true },
      { columns: ['id'], withPair: true },
      { columns: ['prompt'], withPair: false },
    ]);
    expect(matchKeyChoices(['a'], ['b'])).toEqual([]);
  });

  it('with a turn column in both, proposes the id with the pair and the turn (MT-Bench: every pair, each turn)', () => {
    const columns = ['question_id', 'judge', 'turn'];
    const choices = matchKeyChoices(columns, columns);
    expect(choices.slice(0, 2).map(matchKeyText)).toEqual(['pair+question_id+turn', 'question_id']);
    expect(matchKeyLabel(choices[0])).toBe('model pair + question_id + turn');
    // No choice is offered twice.
    expect(new Set(choices.map(matchKeyText)).size).toBe(choices.length);
  });

  it('reads a key against the columns: one column (even with a + in its name), or several joined by +', () => {
    expect(readMatchKey('pair+prompt', ['prompt'])).toEqual({ columns: ['prompt'], withPair: true });
    expect(readMatchKey('pair+question_id+turn', ['turn', 'question_id'])).toEqual({ columns: ['question_id', 'turn'], withPair: true });
    expect(readMatchKey('a+b', ['a+b', 'a', 'b'])).toEqual({ columns: ['a+b'], withPair: false });
    expect(readMatchKey('id+round', ['id'])).toEqual({ missing: ['round'] });
    expect(readMatchKey('pair+', ['id'])).toBeNull();
    expect(isMatchKeyText('pair+')).toBe(false);
    expect(keyValueLabel(`81${KEY_SEPARATOR}2`)).toBe('81 · 2');
  });
});

describe('spearmanRho', () => {
  it('is Pearson’s r of average ranks (a textbook example with a tie)', () => {
    // x ranks 1, 2.5, 2.5, 4, 5; y ranks 2, 1, 4, 3, 5: r = 0.666886 (NumPy's corrcoef of the ranks)
    expect(spearmanRho([1, 2, 2, 3, 4], [20, 10, 40, 30, 50])).toBeCloseTo(0.666886, 5);
    expect(spearmanRho([1, null, 3], [3, 2, 1])).toBeCloseTo(-1, 12);
  });
});
