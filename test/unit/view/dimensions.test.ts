import { describe, expect, it } from 'vitest';
import { detectPreset, type Detection } from '../../../src/core/schema/detect.ts';
import type { ColumnInfo } from '../../../src/core/schema/column.ts';
import { keptColumns } from '../../../src/core/sql/battles.ts';
import { decideDimensions, type Dimension } from '../../../src/core/view/dimensions.ts';
import { filtersSql, type Filter } from '../../../src/core/sql/filters.ts';
import {
  currentDays,
  currentRange,
  filterText,
  selectedValues,
  setDays,
  setRange,
  setValues,
  withoutPath,
} from '../../../src/core/view/filter-edit.ts';
import { SHAPES } from '../schema/shapes.ts';

/** DESCRIBE battles for a shape, as the battles builder lays it out (canonical columns, then kept ones). */
function battlesOf(shape: string): { columns: ColumnInfo[]; detection: Detection } {
  const raw = SHAPES[shape];
  const detection = detectPreset(raw) as Detection;
  if (!detection.ok) throw new Error(`${shape} not recognised`);
  const kept = keptColumns({ raw: 'raw', columns: raw, mapping: detection.mapping, textColumns: detection.textColumns });
  const type = (name: string) => raw.find((c) => c.name === name)!.type;
  return {
    detection,
    columns: [
      { name: 'row_id', type: 'BIGINT' },
      { name: 'model_a', type: "ENUM('a', 'b')" },
      { name: 'model_b', type: "ENUM('a', 'b')" },
      { name: 'outcome', type: "ENUM('a', 'b', 'tie', 'both_bad')" },
      { name: 'weight', type: 'DOUBLE' },
      ...kept.map((k) => ({ name: k.name, type: type(k.source) })),
    ],
  };
}

/** Distinct counts as a profile of the samples reports them (ids high, slices low). */
const DISTINCT: Record<string, number> = {
  question_id: 28871,
  judge: 6209,
  turn: 5,
  anony: 2,
  language: 9,
  tstamp: 28233,
  is_code: 2,
  is_refusal: 2,
  vote_id: 2442,
  llm_id: 4,
  competitor_type: 4,
  created_at: 3714,
  id: 7641,
  timestamp: 6693,
  model_pair_name: 114,
  selected_category: 7,
  pref_strength: 3,
  source: 2,
  agreement_score: 10,
  a_votes: 6,
  b_votes: 6,
  swap_id: 3109,
  response_order: 2,
  qid: 408,
  dataset: 2,
  annotator: 12,
  multi_turn: 2,
  incorrect: 2,
  superficial: 2,
  instructions_not_followed: 2,
  judge_1_response: 4,
  session_hash: 700,
  is_multi_turn: 2,
  conversation_turns: 6,
  prompt_chars: 900,
  judge_model: 1,
  judge_temperature: 1,
  invalid_votes: 4,
  num_judges: 1,
  winner: 3,
  response_1_judge_score: 150,
  response_2_judge_score: 150,
  judge_2_response: 4,
  judge_3_response: 4,
  judge_4_response: 4,
  judge_5_response: 4,
  original_index: 200,
  judge_job_id: 1,
};

function dimensionsOf(shape: string): Dimension[] {
  const { columns, detection } = battlesOf(shape);
  return decideDimensions({ columns, hints: detection.dimensions, distinct: DISTINCT, ignored: detection.preset.ignored });
}
const summary = (dims: Dimension[]) => dims.map((d) => `${d.path.join('.')}:${d.kind}`);

describe('dimensions from each sample shape', () => {
  it('lmsys conversations: preset slices first, then every moderation category and toxicity flag, flat', () => {
    const dims = dimensionsOf('lmsys-conversations');
    expect(summary(dims).slice(0, 6)).toEqual([
      'language:category',
      'turn:number',
      'anony:boolean',
      'judge:category',
      'tstamp:unix-seconds',
      'openai_moderation.flagged:boolean',
    ]);
    const categories = dims.filter((d) => d.group === 'moderation category');
    expect(categories).toHaveLength(11);
    expect(categories.map((d) => d.path.at(-1))).toContain('self-harm/intent');
    expect(categories[0]).toEqual({
      path: ['openai_moderation', 'categories', 'harassment'],
      label: 'moderation category: harassment',
      kind: 'boolean',
      group: 'moderation category',
    });
    expect(summary(dims).slice(-2)).toEqual(['toxic_chat_tag.roberta-large.flagged:boolean', 'toxic_chat_tag.t5-large.flagged:boolean']);
    expect(dims.find((d) => d.path[0] === 'turn')?.integer).toBe(true);
    // No model, outcome, id, weight or score columns; no duplicates.
    expect(dims.some((d) => ['row_id', 'model_a', 'model_b', 'outcome', 'weight', 'question_id'].includes(d.path[0]))).toBe(false);
    expect(dims.some((d) => d.path.includes('category_scores') || d.path.includes('probability'))).toBe(false);
    expect(new Set(dims.map((d) => d.path.join('.'))).size).toBe(dims.length);
  });

  it('lmsys battles (clean_battle): the arena slices', () => {
    expect(summary(dimensionsOf('lmsys-battles'))).toEqual([
      'language:category',
      'turn:number',
      'anony:boolean',
      'judge:category',
      'tstamp:unix-seconds',
    ]);
  });

  it('lmarena 140k: language, coding, date, position in session, then the dedup-free category flags', () => {
    const dims = summary(dimensionsOf('lmarena-140k'));
    expect(dims.slice(0, 4)).toEqual(['language:category', 'is_code:boolean', 'timestamp:date', 'evaluation_order:number']);
    expect(dims).toContain('category_tag.criteria_v0.1.specificity:boolean');
    expect(dims.some((d) => d.startsWith('conv_metadata'))).toBe(false);
    expect(dimensionsOf('lmarena-140k')[1].label).toBe('coding');
  });

  it('comparag: mediator LLM is offered although its name looks like an id; the vote id and session are not', () => {
    const dims = dimensionsOf('comparag');
    expect(summary(dims)).toEqual(['llm_id:category', 'competitor_type:category', 'timestamp:date']);
    expect(dims[0].label).toBe('mediator LLM');
  });

  it('comparia: category, date and the twelve quality labels; the 114 model pairs are not a category', () => {
    const dims = dimensionsOf('comparia-votes');
    expect(summary(dims).slice(0, 4)).toEqual([
      'selected_category:category',
      'timestamp:date',
      'is_unedited_prompt:boolean',
      'conv_useful_a:boolean',
    ]);
    expect(dims).toHaveLength(15);
    expect(dims.some((d) => d.path[0] === 'model_pair_name' || d.path[0] === 'id')).toBe(false);
  });

  it('french-maxx: source, preference strength as a category, the defect labels and the conversation shape', () => {
    expect(summary(dimensionsOf('french-maxx'))).toEqual([
      'source:category',
      'pref_strength:category',
      'incorrect:boolean',
      'superficial:boolean',
      'instructions_not_followed:boolean',
      'is_multi_turn:boolean',
      'conversation_turns:number',
      'prompt_chars:number',
    ]);
  });

  it('genrm: source, judge model and temperature, response order, agreement, votes and scores, each judge; swap ids skipped', () => {
    const dims = summary(dimensionsOf('genrm'));
    expect(dims.slice(0, 4)).toEqual(['source:category', 'judge_model:category', 'judge_temperature:category', 'response_order:category']);
    expect(dims).toContain('judge_5_response:category');
    expect(dims).toContain('response_2_judge_score:number');
    expect(dims.some((d) => d.startsWith('swap_id') || d.startsWith('judge_1_reasoning') || d.startsWith('question'))).toBe(false);
  });

  it('verdicts: source benchmark and turn', () => {
    expect(summary(dimensionsOf('verdicts'))).toEqual(['dataset:category', 'turn:number']);
    expect(dimensionsOf('verdicts')[0].label).toBe('source benchmark');
  });

  it('pre-aggregated counts have nothing to slice', () => {
    expect(dimensionsOf('pair-counts')).toEqual([]);
  });
});

describe('dimensions of files no preset describes', () => {
  const columns: ColumnInfo[] = [
    { name: 'row_id', type: 'BIGINT' },
    { name: 'model_a', type: "ENUM('x')" },
    { name: 'outcome', type: "ENUM('a')" },
    { name: 'weight', type: 'DOUBLE' },
    { name: 'topic', type: 'VARCHAR' },
    { name: 'prompt_hash', type: 'VARCHAR' },
    { name: 'difficulty', type: 'INTEGER' },
    { name: 'tokens', type: 'BIGINT' },
    { name: 'latency', type: 'DOUBLE' },
    { name: 'constant', type: 'VARCHAR' },
    { name: 'session_id', type: 'VARCHAR' },
    { name: 'day', type: 'DATE' },
    { name: 'flagged', type: 'BOOLEAN' },
    { name: 'tags', type: 'VARCHAR[]' },
    { name: 'meta', type: 'STRUCT(a BOOLEAN)' },
    { name: 'openai_moderation', type: 'STRUCT(flagged BOOLEAN, categories STRUCT(hate BOOLEAN), category_scores STRUCT(hate DOUBLE))' },
    { name: 'raw_winner', type: 'VARCHAR' },
  ];
  const distinct = { topic: 12, prompt_hash: 900, difficulty: 5, tokens: 700, latency: 800, constant: 1, session_id: 40, raw_winner: 3 };

  it('makes low-cardinality strings and small integers categories, other numbers ranges, and skips the rest', () => {
    expect(summary(decideDimensions({ columns, hints: [], distinct }))).toEqual([
      'topic:category',
      'difficulty:category',
      'tokens:number',
      'latency:number',
      'day:date',
      'flagged:boolean',
      'openai_moderation.flagged:boolean',
      'openai_moderation.categories.hate:boolean',
      'raw_winner:category',
    ]);
  });

  it('finds a hint on a column renamed raw_<name> because it clashed with a canonical column', () => {
    const dims = decideDimensions({ columns, hints: [{ path: ['winner'], label: 'original winner', kind: 'category' }], distinct });
    expect(dims[0]).toEqual({ path: ['raw_winner'], label: 'original winner', kind: 'category' });
  });

  it('falls back to the column type when a hint does not fit it, and drops hints on missing columns', () => {
    const dims = decideDimensions({
      columns,
      hints: [
        { path: ['topic'], label: 'topic as flag', kind: 'boolean' },
        { path: ['nowhere'], label: 'gone', kind: 'category' },
        { path: ['latency'], label: 'latency', kind: 'unix-seconds' },
      ],
      distinct,
    });
    expect(summary(dims).slice(0, 2)).toEqual(['topic:category', 'latency:unix-seconds']);
  });

  it('without distinct counts, offers no string categories but still flags, dates and numbers', () => {
    expect(summary(decideDimensions({ columns, hints: [] }))).toContain('flagged:boolean');
    expect(summary(decideDimensions({ columns, hints: [] })).some((s) => s.startsWith('topic'))).toBe(false);
  });
});

describe("integer columns that hold the models' ids", () => {
  // llmfao-like: 70 models, named in model_a/model_b and numbered in model_x/model_y.
  const columns: ColumnInfo[] = [
    { name: 'row_id', type: 'BIGINT' },
    { name: 'model_a', type: "ENUM('x')" },
    { name: 'model_b', type: "ENUM('x')" },
    { name: 'outcome', type: "ENUM('a')" },
    { name: 'weight', type: 'DOUBLE' },
    { name: 'model_x', type: 'BIGINT' },
    { name: 'model_y', type: 'INTEGER' },
    { name: 'prompt_tokens', type: 'BIGINT' },
    { name: 'steps', type: 'INTEGER' },
    { name: 'score', type: 'DOUBLE' },
  ];
  // Approximate counts, as the profile reads them: model_y's 71 is one off its 70 models.
  const distinct = { model_x: 70, model_y: 71, prompt_tokens: 900, steps: 140, score: 70 };

  it('are categories, beyond the 60 values an unknown integer column may have to be one', () => {
    const dims = decideDimensions({ columns, hints: [], distinct, models: [70, 69] });
    expect(summary(dims)).toEqual(['model_x:category', 'model_y:category', 'prompt_tokens:number', 'steps:number', 'score:number']);
    // The same columns were ranges before the model columns' counts were known.
    expect(summary(decideDimensions({ columns, hints: [], distinct }))).toEqual([
      'model_x:number',
      'model_y:number',
      'prompt_tokens:number',
      'steps:number',
      'score:number',
    ]);
  });

  it('only when their count is that of a model column: twice as many values is a measure', () => {
    expect(summary(decideDimensions({ columns, hints: [], distinct, models: [35, 35] }))).toEqual([
      'model_x:number',
      'model_y:number',
      'prompt_tokens:number',
      'steps:number',
      'score:number',
    ]);
  });
});

describe('editing one dimension of the filter list', () => {
  const language: Dimension = { path: ['language'], label: 'language', kind: 'category' };
  const anony: Dimension = { path: ['anony'], label: 'anonymous', kind: 'boolean' };
  const base: Filter[] = [
    { kind: 'exclude-outcomes', outcomes: ['tie'] },
    { kind: 'range', path: ['turn'], min: 2 },
  ];

  it('replaces the values of a dimension and leaves the other filters alone', () => {
    const a = setValues(base, language, ['French']);
    const b = setValues(a, language, ['French', 'German', null]);
    expect(b).toEqual([...base, { kind: 'in', path: ['language'], values: ['French', 'German', null] }]);
    expect(selectedValues(b, ['language'])).toEqual(['French', 'German', null]);
    expect(setValues(b, language, [])).toEqual(base);
    expect(withoutPath(b, ['turn'])).toHaveLength(2);
  });

  it('writes one flag value as a boolean filter', () => {
    expect(setValues([], anony, [true])).toEqual([{ kind: 'boolean', path: ['anony'], value: true }]);
    expect(selectedValues(setValues([], anony, [true]), ['anony'])).toEqual([true]);
    expect(setValues([], anony, [false, null])[0].kind).toBe('in');
  });

  it('keeps ranges and inclusive day ranges, and every edit passes the filter checks', () => {
    const f = setDays(setRange(base, ['turn'], undefined, 3), ['tstamp'], '2023-05-01', '2023-05-31');
    expect(currentRange(f, ['turn'])).toEqual({ max: 3 });
    expect(f.at(-1)).toEqual({ kind: 'date', path: ['tstamp'], from: '2023-05-01', to: '2023-06-01' });
    expect(currentDays(f, ['tstamp'])).toEqual({ from: '2023-05-01', last: '2023-05-31' });
    const schema = [
      { name: 'turn', type: 'BIGINT' },
      { name: 'tstamp', type: 'DOUBLE' },
      { name: 'outcome', type: 'VARCHAR' },
    ];
    expect(() => filtersSql(f, schema)).not.toThrow();
  });

  it('names filters in chips', () => {
    expect(filterText({ kind: 'in', path: ['language'], values: ['French', 'German'] })).toBe('language ∈ French, German');
    expect(filterText({ kind: 'in', path: ['x'], values: ['a', 'b', 'c', 'd', 'e', null] })).toBe('x ∈ a, b, c, d +2');
    expect(filterText({ kind: 'boolean', path: ['openai_moderation', 'flagged'], value: false })).toBe('openai_moderation.flagged = false');
    expect(filterText({ kind: 'range', path: ['turn'], min: 2, max: 5 })).toBe('turn 2 – 5');
    expect(filterText({ kind: 'range', path: ['turn'], min: 2 })).toBe('turn ≥ 2');
    expect(filterText({ kind: 'date', path: ['tstamp'], from: '2023-05-01', to: '2023-06-01' })).toBe('tstamp 2023-05-01 – 2023-05-31');
    expect(filterText({ kind: 'exclude-outcomes', outcomes: ['tie', 'both_bad'] })).toBe('outcome ∉ tie, both_bad');
  });
});

describe('the names of filter values', () => {
  it('are never empty: NULL is "(missing)" and a blank text "(empty text)", so every checkbox has a label', async () => {
    const { valueText } = await import('../../../src/core/view/filter-edit.ts');
    expect([valueText(null), valueText(''), valueText('  '), valueText('A'), valueText(0), valueText(false)]).toEqual([
      '(missing)',
      '(empty text)',
      '(empty text)',
      'A',
      '0',
      'false',
    ]);
  });
});
