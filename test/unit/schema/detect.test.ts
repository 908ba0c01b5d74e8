import { describe, expect, it } from 'vitest';
import { detectPreset, type Detection } from '../../../src/core/schema/detect.ts';
import { PRESETS } from '../../../src/core/schema/presets.ts';
import type { ColumnInfo } from '../../../src/core/schema/column.ts';
import { readPublishedColumns } from '../../fixtures/paths.ts';
import { PUBLISHED, SHAPES } from './shapes.ts';

/** The preset each shape opens on: both LMArena releases share one. */
const PRESET_OF = (shape: string) => (shape.startsWith('lmarena-1') ? 'lmarena' : shape);
const PUBLISHED_COLUMNS = readPublishedColumns();

const detected = (columns: ColumnInfo[], values?: (string | null)[]): Detection => {
  const d = detectPreset(columns, values);
  if (!d.ok) throw new Error(d.message);
  return d;
};
const v = (name: string, type = 'VARCHAR'): ColumnInfo => ({ name, type });

describe('detectPreset', () => {
  it.each(Object.keys(SHAPES))('recognises the %s shape from its exact column list', (id) => {
    expect(detected(SHAPES[id]).preset.id).toBe(PRESET_OF(id));
  });

  it.each(Object.entries(PUBLISHED))('tests the %s shape with exactly its published columns, in order', (published, shape) => {
    expect(SHAPES[shape].map((c) => c.name)).toEqual(PUBLISHED_COLUMNS[published]);
  });

  it('has one preset per shape plus the generic pairs preset', () => {
    expect(PRESETS.map((p) => p.id).sort()).toEqual([...new Set([...Object.keys(SHAPES).map(PRESET_OF), 'pairs'])].sort());
  });

  it.each(Object.entries(PUBLISHED))('names the missing column when a %s file lacks one it needs', (_published, shape) => {
    const needed: Record<string, string> = {
      comparag: 'chosen',
      'french-maxx': 'rejected',
      genrm: 'majority_vote',
      'lmsys-conversations': 'winner',
      'mt-bench': 'winner',
      verdicts: 'winner',
      'lmarena-55k': 'winner_tie',
      'lmarena-100k': 'winner',
      'lmarena-140k': 'model_b',
    };
    const columns = SHAPES[shape].filter((c) => c.name !== needed[shape]);
    const d = detectPreset(columns);
    expect(d.ok).toBe(false);
    if (d.ok) return;
    expect(d.message).toContain(`but column "${needed[shape]}" is missing`);
  });

  it('says which shape a generic match nearly was (VERDICTS without qid opens as plain pairs)', () => {
    const d = detected(
      SHAPES.verdicts.filter((c) => c.name !== 'qid'),
      ['tie', 'm1'],
    );
    expect(d.preset.id).toBe('pairs');
    expect(d.nearMiss).toBe('this looks like VERDICTS pairwise, but column "qid" is missing');
  });

  it('resolves the lmsys conversations mapping, text columns and nested dimensions', () => {
    const d = detected(SHAPES['lmsys-conversations']);
    expect(d.mapping).toEqual({
      modelA: { kind: 'column', column: 'model_a' },
      modelB: { kind: 'column', column: 'model_b' },
      winner: {
        kind: 'column',
        column: 'winner',
        labels: { model_a: 'a', model_b: 'b', tie: 'tie', 'tie (bothbad)': 'both_bad' },
        namesModel: false,
      },
    });
    expect(d.textColumns).toEqual(['conversation_a', 'conversation_b']);
    expect(d.dimensions.map((x) => x.path.join('.'))).toContain('toxic_chat_tag.roberta-large.flagged');
    expect(d.dimensions.map((x) => x.path.join('.'))).toContain('openai_moderation.flagged');
    expect(d.preset.lenses).toContain('safety');
    expect(d.confidence).toBe(1);
  });

  it('gives every column exactly one role', () => {
    const d = detected(SHAPES['comparia-votes']);
    const role = Object.fromEntries(d.roles.map((r) => [r.column, r.role]));
    expect(d.roles.map((r) => r.column)).toEqual(SHAPES['comparia-votes'].map((c) => c.name));
    expect(role).toMatchObject({
      model_a_name: 'model_a',
      model_b_name: 'model_b',
      chosen_model_name: 'winner',
      both_equal: 'winner',
      conversation_a: 'text',
      opening_msg: 'text',
      id: 'ignored',
      selected_category: 'dimension',
      conv_useful_a: 'dimension',
    });
  });

  it('reads comparIA winners as model names with both_equal as the tie flag', () => {
    const d = detected(SHAPES['comparia-votes']);
    expect(d.mapping.winner).toEqual({ kind: 'column', column: 'chosen_model_name', labels: {}, namesModel: true });
    expect(d.mapping.tieFlag).toBe('both_equal');
  });

  it('gives French-Maxx constant sides that exist only where rejected is set, and offers rejected_2 as a second pair', () => {
    const d = detected(SHAPES['french-maxx']);
    expect(d.mapping).toEqual({
      modelA: { kind: 'constant', name: 'optimal' },
      modelB: { kind: 'constant', name: 'rejected', presentIn: 'rejected' },
      winner: { kind: 'constant', outcome: 'a' },
    });
    expect(d.optionalPairs).toEqual([
      {
        label: 'second rejected answers (optimal vs rejected_2)',
        modelA: { kind: 'constant', name: 'optimal' },
        modelB: { kind: 'constant', name: 'rejected_2', presentIn: 'rejected_2' },
      },
    ]);
    expect(d.textColumns).toEqual(['messages', 'response_optimal', 'response_optimal_styled', 'rejected', 'rejected_2']);
    expect(d.preset.landing).toBe('defects');
  });

  it('opens GenRM without model columns: the sides are the two responses, majority_vote decides, Judges leads', () => {
    const d = detected(SHAPES.genrm, ['A', 'B', 'tie', '[[A]]', 'response_2']);
    expect(d.mapping.modelA).toEqual({ kind: 'constant', name: 'response 1' });
    expect(d.mapping.modelB).toEqual({ kind: 'constant', name: 'response 2' });
    expect(d.mapping.winner).toMatchObject({
      column: 'majority_vote',
      labels: { A: 'a', B: 'b', tie: 'tie', '[[A]]': 'a', response_2: 'b' },
    });
    expect(d.unmappedWinnerValues).toEqual([]);
    expect(d.preset.landing).toBe('judges');
    const role = Object.fromEntries(d.roles.map((r) => [r.column, r.role]));
    expect(role).toMatchObject({
      question: 'text',
      judge_1_reasoning: 'text',
      judge_1_response: 'dimension',
      winner: 'dimension',
      swap_id: 'ignored',
    });
  });

  it('reads the 55k one-hot winner from winner_model_a, winner_model_b and winner_tie', () => {
    const d = detected(SHAPES['lmarena-55k']);
    expect(d.mapping.winner).toEqual({ kind: 'one-hot', columns: { a: 'winner_model_a', b: 'winner_model_b', tie: 'winner_tie' } });
    expect(d.textColumns).toEqual(['prompt', 'response_a', 'response_b']);
  });

  it('reads VERDICTS answers from model_a_response and model_b_response as text', () => {
    const d = detected(SHAPES.verdicts, ['tie', 'gpt-4']);
    expect(d.textColumns).toEqual(['model_a_conv', 'model_b_conv', 'question', 'model_a_response', 'model_b_response', 'ref_answer']);
    expect(d.mapping.winner).toMatchObject({ column: 'winner', namesModel: true });
  });

  it('takes the vote count of a pre-aggregated file as the weight', () => {
    expect(detected(SHAPES['pair-counts']).mapping.weight).toBe('count');
    for (const w of ['n', 'num_battles', 'weight']) {
      const d = detected([v('model_a'), v('model_b'), v('winner'), v(w, 'BIGINT')]);
      expect([d.preset.id, d.mapping.weight]).toEqual(['pair-counts', w]);
    }
  });

  it.each([
    ['left', 'right', 'preference'],
    ['model_1', 'model_2', 'result'],
    ['system_a', 'system_b', 'label'],
    ['response_a', 'response_b', 'outcome'],
    ['MODEL_A', 'MODEL_B', 'Winner'],
  ])('accepts %s / %s with %s as a generic pairs file', (a, b, w) => {
    const d = detected([v('id'), v(a), v(b), v(w), v('lang')], ['left', 'right', 'draw']);
    expect(d.preset.id).toBe('pairs');
    expect(d.mapping.modelA).toEqual({ kind: 'column', column: a });
    expect(d.mapping.modelB).toEqual({ kind: 'column', column: b });
    expect(d.mapping.winner).toMatchObject({ column: w, labels: { left: 'a', right: 'b', draw: 'tie' }, namesModel: false });
    expect(d.confidence).toBeLessThan(1);
  });

  it('switches a generic file to names-a-model when winner values are not side labels', () => {
    const d = detected([v('model_a'), v('model_b'), v('chosen')], ['gpt-4', 'claude-2', 'tie']);
    expect(d.mapping.winner).toMatchObject({ namesModel: true, labels: { tie: 'tie' } });
    expect(d.unmappedWinnerValues).toEqual(['gpt-4', 'claude-2']);
  });

  it('lowers confidence and says why when winner values of a known shape are unknown', () => {
    const d = detected(SHAPES['lmsys-battles'], ['model_a', 'left_win']);
    expect(d.unmappedWinnerValues).toEqual(['left_win']);
    expect(d.confidence).toBeLessThanOrEqual(0.5);
    expect(d.why.join('\n')).toContain('"left_win"');
  });

  it('fails clearly, naming what was expected, when no needed column is present', () => {
    const d = detectPreset([v('prompt'), v('score', 'DOUBLE')]);
    expect(d.ok).toBe(false);
    if (d.ok) return;
    expect(d.message).toMatch(/^no known shape fits: expected two model columns: model_a \+ model_b, /);
    expect(d.message).toContain('left + right');
    expect(d.message).toContain('a winner column: winner, outcome, label, preference, chosen, result');
    expect(d.message).toContain('found: prompt, score');
    expect(d.found).toEqual(['prompt', 'score']);
  });

  it('does not take half a pair as a match', () => {
    expect(detectPreset([v('model_a'), v('right'), v('winner')]).ok).toBe(false);
  });
});

describe('a file that is no table of votes', () => {
  it('says a one-column text file is not a table, instead of listing its first line as a column', () => {
    const d = detectPreset([{ name: 'hello world', type: 'VARCHAR' }]);
    expect(d.ok).toBe(false);
    if (d.ok) return;
    expect(d.message).toBe(
      'this is not a table of votes: it reads as one column ("hello world"). A file of votes needs two model columns and a winner, as parquet, CSV (with a header line), JSON or JSONL',
    );
  });
});
