import { describe, expect, it } from 'vitest';
import { draftFrom, labelledColumns, mappingFromDraft, splitPairKey } from '../../../src/core/schema/mapping-form.ts';
import type { ColumnMapping } from '../../../src/core/schema/mapping.ts';

describe('the column mapping form', () => {
  it('gives back the mapping it started from, for every winner kind and a split pair key', () => {
    const mappings: ColumnMapping[] = [
      {
        modelA: { kind: 'column', column: 'left' },
        modelB: { kind: 'column', column: 'right' },
        winner: { kind: 'column', column: 'pref', labels: { L: 'a', R: 'b' }, namesModel: true },
        weight: 'n',
      },
      {
        modelA: { kind: 'column', column: 'model_a' },
        modelB: { kind: 'column', column: 'model_b' },
        winner: { kind: 'one-hot', columns: { a: 'winner_model_a', b: 'winner_model_b', tie: 'winner_tie' } },
      },
      {
        modelA: { kind: 'split', column: 'cmp_key', separator: '_', part: 0, at: 'last' },
        modelB: { kind: 'split', column: 'cmp_key', separator: '_', part: 1, at: 'last' },
        winner: { kind: 'votes', columns: ['annotator1', 'annotator2', 'annotator3'], labels: { '0': 'tie', '1': 'a', '2': 'b' } },
      },
    ];
    for (const m of mappings) expect(mappingFromDraft(draftFrom(m, []))).toEqual(m);
  });

  it('guesses PandaLM-style verdict columns and a one-hot winner from the names', () => {
    const d = draftFrom(null, ['cmp_key', 'annotator1', 'annotator2', 'annotator3', 'winner_model_a', 'winner_model_b', 'winner_tie']);
    expect(d.votes).toEqual(['annotator1', 'annotator2', 'annotator3']);
    expect(d.key).toBe('cmp_key');
    expect(d.oneHot).toEqual({ a: 'winner_model_a', b: 'winner_model_b', tie: 'winner_tie' });
    expect(labelledColumns({ ...d, winner: 'votes' })).toEqual(['annotator1', 'annotator2', 'annotator3']);
  });

  it.each([
    [['left_model', 'right_model', 'pref', 'lang'], 'left_model', 'right_model', 'pref'],
    [['id', 'first_system', 'second_system', 'choice'], 'first_system', 'second_system', 'choice'],
    [['bot_1', 'bot_2', 'human_verdict'], 'bot_1', 'bot_2', 'human_verdict'],
    [['modelA', 'modelB', 'vote', 'votes'], 'modelA', 'modelB', 'vote'],
    // A side named as such comes before a name with a side word in it.
    [['left_model', 'model_a', 'model_b', 'winner'], 'model_a', 'model_b', 'winner'],
    [['x', 'y', 'z'], '', '', ''],
  ])('guesses the sides and the winner of %j', (names, modelA, modelB, winner) => {
    const d = draftFrom(null, names);
    expect([d.modelA, d.modelB, d.winnerColumn]).toEqual([modelA, modelB, winner]);
  });

  it('guesses a votes-per-row column only from a name that says it', () => {
    expect(draftFrom(null, ['left', 'right', 'pref', 'count']).weight).toBe('count');
    expect(draftFrom(null, ['left', 'right', 'pref', 'N']).weight).toBe('N');
    expect(draftFrom(null, ['left', 'right', 'pref', 'n_turns', 'votes_a']).weight).toBe('');
  });

  it('keeps a mapping in force rather than guessing', () => {
    const initial: ColumnMapping = {
      modelA: { kind: 'split', column: 'pair', separator: '_', part: 0, at: 'first' },
      modelB: { kind: 'split', column: 'pair', separator: '_', part: 1, at: 'first' },
      winner: { kind: 'one-hot', columns: { a: 'a_wins', b: 'b_wins' } },
    };
    const d = draftFrom(initial, ['pair', 'left_model', 'right_model', 'a_wins', 'b_wins', 'winner', 'count']);
    expect([d.modelA, d.modelB, d.winnerColumn, d.weight]).toEqual(['', '', '', '']);
  });

  it('says what is missing instead of building half a mapping', () => {
    const d = draftFrom(null, ['x', 'y']);
    expect(mappingFromDraft(d)).toEqual({ problem: 'choose the model A and model B columns' });
    expect(mappingFromDraft({ ...d, modelA: 'x', modelB: 'x' })).toEqual({ problem: 'model A and model B must be different columns' });
    expect(mappingFromDraft({ ...d, modelA: 'x', modelB: 'y', winner: 'one-hot', oneHot: { a: 'x' } })).toEqual({
      problem: 'a one-hot winner needs the "A wins" and "B wins" columns',
    });
    expect(mappingFromDraft({ ...d, sides: 'key', key: 'x', separator: '' })).toEqual({
      problem: 'say which separator splits the pair key',
    });
  });

  it.each([
    ['llama-7b_bloom-7b', '_', 'first', ['llama-7b', 'bloom-7b']],
    ['llama-7b_opt_7b', '_', 'first', ['llama-7b', 'opt_7b']],
    ['llama-7b_opt_7b', '_', 'last', ['llama-7b_opt', '7b']],
    ['a vs b', ' vs ', 'first', ['a', 'b']],
    ['nosep', '_', 'first', null],
    ['_b', '_', 'first', null],
  ] as const)('splits %j at the %s %j', (value, sep, at, expected) => {
    expect(splitPairKey(value, sep, at)).toEqual(expected);
  });
});
