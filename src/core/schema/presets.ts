import type { Outcome } from '../outcome.ts';
import type { DimensionHint, Preset } from './preset.ts';

/** Side column pairs and winner columns accepted in files of no known shape. */
export const SIDE_SYNONYMS: [string, string][] = [
  ['model_a', 'model_b'],
  ['left', 'right'],
  ['model_1', 'model_2'],
  ['system_a', 'system_b'],
  ['response_a', 'response_b'],
];
export const WINNER_SYNONYMS = ['winner', 'outcome', 'label', 'preference', 'chosen', 'result'];
export const WEIGHT_SYNONYMS = ['count', 'n', 'num_battles', 'weight'];

const ARENA_LABELS: Record<string, Outcome> = { model_a: 'a', model_b: 'b', tie: 'tie', 'tie (bothbad)': 'both_bad' };
const CORE_LENSES = ['leaderboard', 'matrix', 'sql'] as const;

const dim = (label: string, kind: DimensionHint['kind'], ...path: string[]): DimensionHint => ({ path, label, kind });
const arenaSlices = [
  dim('language', 'category', 'language'),
  dim('turns', 'number', 'turn'),
  dim('anonymous', 'boolean', 'anony'),
  dim('judge', 'category', 'judge'),
  dim('date', 'unix-seconds', 'tstamp'),
];
const comparIaLabels = (side: 'a' | 'b'): DimensionHint[] =>
  ['useful', 'creative', 'clear_formatting', 'incorrect', 'superficial', 'instructions_not_followed'].map((q) =>
    dim(`${q.replaceAll('_', ' ')} (${side})`, 'boolean', `conv_${q}_${side}`),
  );

export const LMSYS_CONVERSATIONS: Preset = {
  id: 'lmsys-conversations',
  label: 'Chatbot Arena conversations',
  description: 'lmsys/chatbot_arena_conversations: one vote per row, with both conversations and moderation tags.',
  recognise: {
    required: ['conversation_a', 'conversation_b'],
    distinguishing: ['openai_moderation', 'toxic_chat_tag', 'question_id', 'judge', 'turn', 'anony', 'language', 'tstamp'],
    score: 0,
  },
  sides: { kind: 'columns', pairs: [['model_a', 'model_b']] },
  winner: { kind: 'column', columns: ['winner'], labels: ARENA_LABELS, namesModel: false },
  text: ['conversation_a', 'conversation_b'],
  ignored: ['question_id'],
  dimensions: [
    ...arenaSlices,
    dim('moderation flagged', 'boolean', 'openai_moderation', 'flagged'),
    dim('moderation category', 'boolean-fields', 'openai_moderation', 'categories'),
    dim('toxic (roberta-large)', 'boolean', 'toxic_chat_tag', 'roberta-large', 'flagged'),
    dim('toxic (t5-large)', 'boolean', 'toxic_chat_tag', 't5-large', 'flagged'),
  ],
  lenses: [...CORE_LENSES, 'safety', 'browse'],
};

export const LMSYS_BATTLES: Preset = {
  id: 'lmsys-battles',
  label: 'Chatbot Arena battles',
  description: 'clean_battle / MT-Bench human judgments: one vote per row, voter and date, no conversations.',
  recognise: {
    required: ['judge', 'tstamp'],
    distinguishing: ['question_id', 'turn', 'anony', 'language', 'is_code', 'is_refusal', 'dedup_tag', 'category_tag'],
    excluded: ['conversation_a', 'conversation_b', 'openai_moderation'],
    score: 0,
  },
  sides: { kind: 'columns', pairs: [['model_a', 'model_b']] },
  winner: { kind: 'column', columns: ['winner'], labels: ARENA_LABELS, namesModel: false },
  text: [],
  ignored: ['question_id'],
  dimensions: [
    ...arenaSlices,
    dim('code', 'boolean', 'is_code'),
    dim('refusal', 'boolean', 'is_refusal'),
    dim('high-frequency prompt', 'boolean', 'dedup_tag', 'high_freq'),
    dim('dedup sampled', 'boolean', 'dedup_tag', 'sampled'),
    dim('criteria', 'boolean-fields', 'category_tag', 'criteria_v0.1'),
    dim('math', 'boolean', 'category_tag', 'math_v0.1', 'math'),
  ],
  lenses: [...CORE_LENSES],
};

export const COMPARAG: Preset = {
  id: 'comparag',
  label: 'CompaRAG tool votes',
  description: 'CompaRAG: votes between two retrieval tools, mediated by an LLM.',
  recognise: {
    required: [],
    distinguishing: ['vote_id', 'llm_id', 'competitor_type', 'task', 'goal', 'created_at'],
    score: 0,
  },
  sides: { kind: 'columns', pairs: [['tool_a_id', 'tool_b_id']] },
  winner: { kind: 'column', columns: ['chosen'], labels: { a: 'a', b: 'b', tie: 'tie' }, namesModel: false },
  text: ['task', 'goal'],
  ignored: ['vote_id'],
  dimensions: [
    dim('mediator LLM', 'category', 'llm_id'),
    dim('competitor type', 'category', 'competitor_type'),
    dim('date', 'date', 'created_at'),
  ],
  lenses: [...CORE_LENSES, 'tools', 'browse'],
};

export const COMPARIA_VOTES: Preset = {
  id: 'comparia-votes',
  label: 'comparIA votes',
  description: 'ministere-culture/comparia-votes: the chosen model by name, or both_equal for a tie.',
  recognise: {
    required: [],
    distinguishing: ['both_equal', 'model_pair_name', 'opening_msg', 'selected_category', 'conv_useful_a', 'conversation_a'],
    score: 0,
  },
  sides: { kind: 'columns', pairs: [['model_a_name', 'model_b_name']] },
  winner: { kind: 'column', columns: ['chosen_model_name'], labels: {}, namesModel: true },
  tieFlag: 'both_equal',
  text: ['opening_msg', 'conversation_a', 'conversation_b', 'conv_comments_a', 'conv_comments_b'],
  ignored: ['id'],
  dimensions: [
    dim('category', 'category', 'selected_category'),
    dim('date', 'date', 'timestamp'),
    dim('unedited prompt', 'boolean', 'is_unedited_prompt'),
    ...comparIaLabels('a'),
    ...comparIaLabels('b'),
  ],
  lenses: [...CORE_LENSES, 'defects', 'browse'],
};

export const FRENCH_MAXX: Preset = {
  id: 'french-maxx',
  label: 'Compar:IA French-Maxx',
  description: 'Preference pairs without model names: the optimal answer against the rejected one, with defect labels.',
  recognise: {
    required: ['response_optimal', 'rejected'],
    distinguishing: ['messages', 'pref_strength', 'incorrect', 'superficial', 'instructions_not_followed', 'source', 'multi_turn'],
    score: 0,
  },
  sides: { kind: 'constant', names: ['optimal', 'rejected'] },
  winner: { kind: 'constant', outcome: 'a' },
  text: ['messages', 'response_optimal', 'rejected'],
  ignored: ['id'],
  dimensions: [
    dim('source', 'category', 'source'),
    dim('preference strength', 'number', 'pref_strength'),
    dim('incorrect', 'boolean', 'incorrect'),
    dim('superficial', 'boolean', 'superficial'),
    dim('instructions not followed', 'boolean', 'instructions_not_followed'),
    dim('multi-turn', 'boolean', 'multi_turn'),
  ],
  lenses: ['defects', 'browse', 'sql'],
};

export const GENRM: Preset = {
  id: 'genrm',
  label: 'GenRM multi-judge',
  description: 'Two responses judged by several LLM judges; the majority vote decides.',
  recognise: {
    required: [],
    distinguishing: ['response_1', 'response_2', 'agreement_score', 'a_votes', 'b_votes', 'judge_1_response', 'swap_id', 'response_order'],
    score: 0,
  },
  sides: { kind: 'columns', pairs: [['model_1', 'model_2']] },
  winner: { kind: 'column', columns: ['majority_vote'], labels: { A: 'a', B: 'b', tie: 'tie' }, namesModel: false },
  text: ['prompt', 'response_1', 'response_2'],
  ignored: ['id', 'swap_id'],
  dimensions: [
    ...[1, 2, 3, 4, 5].map((k) => dim(`judge ${k}`, 'category', `judge_${k}_response`)),
    dim('agreement', 'number', 'agreement_score'),
    dim('votes for A', 'number', 'a_votes'),
    dim('votes for B', 'number', 'b_votes'),
    dim('response order', 'category', 'response_order'),
  ],
  lenses: [...CORE_LENSES, 'judges', 'browse'],
};

export const VERDICTS: Preset = {
  id: 'verdicts',
  label: 'VERDICTS pairwise',
  description: 'Human pairwise labels where the winner names the model, with reference answers.',
  recognise: {
    required: ['qid'],
    distinguishing: ['dataset', 'ref_answer', 'answer_a', 'answer_b', 'question', 'annotator', 'turn'],
    score: 0,
  },
  sides: { kind: 'columns', pairs: [['model_a', 'model_b']] },
  winner: { kind: 'column', columns: ['winner'], labels: { tie: 'tie' }, namesModel: true },
  text: ['question', 'answer_a', 'answer_b', 'ref_answer'],
  ignored: ['qid'],
  dimensions: [
    dim('source benchmark', 'category', 'dataset'),
    dim('turn', 'number', 'turn'),
    dim('annotator', 'category', 'annotator'),
  ],
  lenses: [...CORE_LENSES, 'verdicts', 'browse'],
};

export const PAIR_COUNTS: Preset = {
  id: 'pair-counts',
  label: 'Pre-aggregated counts',
  description: 'One row per (model A, model B, winner) with its number of votes.',
  recognise: { required: [], anyOf: [WEIGHT_SYNONYMS], score: 0 },
  sides: { kind: 'columns', pairs: SIDE_SYNONYMS },
  winner: { kind: 'column', columns: ['winner', 'outcome'], labels: ARENA_LABELS, namesModel: 'auto' },
  weight: WEIGHT_SYNONYMS,
  text: [],
  dimensions: [],
  lenses: [...CORE_LENSES],
};

export const PAIRS: Preset = {
  id: 'pairs',
  label: 'Pairwise votes',
  description: 'Any file with two model columns and a winner column; values are read by the shared rules.',
  recognise: { required: [], score: -1, maxConfidence: 0.6 },
  sides: { kind: 'columns', pairs: SIDE_SYNONYMS },
  winner: { kind: 'column', columns: WINNER_SYNONYMS, labels: {}, namesModel: 'auto' },
  weight: WEIGHT_SYNONYMS,
  text: [],
  dimensions: [],
  lenses: [...CORE_LENSES],
};

/** Every known shape, most specific first (ties in score go to the earlier one). */
export const PRESETS: readonly Preset[] = [
  LMSYS_CONVERSATIONS,
  LMSYS_BATTLES,
  COMPARAG,
  COMPARIA_VOTES,
  FRENCH_MAXX,
  GENRM,
  VERDICTS,
  PAIR_COUNTS,
  PAIRS,
];
