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
/** MT-Bench's judgments have no both-bad verdict. */
const MT_BENCH_LABELS: Record<string, Outcome> = { model_a: 'a', model_b: 'b', tie: 'tie' };
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

/**
 * lmsys/mt_bench_human_judgments, either split: `human` (experts' and authors' votes) or `gpt4_pair`
 * (GPT-4's verdict on every pair of every question and turn). Both conversations, no date or arena
 * tags; `judge` names the voter, `turn` the turn judged.
 */
export const MT_BENCH: Preset = {
  id: 'mt-bench',
  label: 'MT-Bench human judgments',
  description: 'lmsys/mt_bench_human_judgments (human or gpt4_pair split): one verdict per row on a turn of an MT-Bench question.',
  recognise: {
    required: ['conversation_a', 'conversation_b', 'question_id', 'judge', 'turn'],
    excluded: ['anony', 'language', 'tstamp', 'timestamp', 'openai_moderation', 'toxic_chat_tag', 'conv_metadata', 'category_tag'],
    score: 0,
  },
  sides: { kind: 'columns', pairs: [['model_a', 'model_b']] },
  winner: { kind: 'column', columns: ['winner'], labels: MT_BENCH_LABELS, namesModel: false },
  text: ['conversation_a', 'conversation_b'],
  ignored: ['question_id'],
  dimensions: [dim('judge', 'category', 'judge'), dim('turn', 'number', 'turn')],
  lenses: [...CORE_LENSES, 'browse'],
};

export const LMSYS_BATTLES: Preset = {
  id: 'lmsys-battles',
  label: 'Chatbot Arena battles',
  description: "FastChat's clean_battle: one vote per row, voter and date, no conversations.",
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

/**
 * LMArena's public releases: arena-human-preference-100k (JSON strings in conversation_*, conv_metadata,
 * dedup_tag, category_tag; decoded at load) and -140k (the same fields as structs, a timestamp).
 */
export const LMARENA: Preset = {
  id: 'lmarena',
  label: 'LMArena human preference (100k / 140k)',
  description: 'lmarena-ai/arena-human-preference-100k and -140k: one vote per row, conversations, style metadata and category tags.',
  recognise: {
    required: ['conversation_a', 'conversation_b'],
    distinguishing: [
      'conv_metadata',
      'category_tag',
      'is_code',
      'dedup_tag',
      'judge_hash',
      'is_refusal',
      'evaluation_session_id',
      'evaluation_order',
      'full_conversation',
      'language',
      'anony',
      'turn',
      'tstamp',
      'timestamp',
      'question_id',
      'id',
    ],
    score: 0,
  },
  sides: { kind: 'columns', pairs: [['model_a', 'model_b']] },
  winner: { kind: 'column', columns: ['winner'], labels: ARENA_LABELS, namesModel: false },
  text: ['conversation_a', 'conversation_b', 'full_conversation'],
  ignored: ['question_id', 'id', 'evaluation_session_id', 'judge_hash'],
  dimensions: [
    dim('language', 'category', 'language'),
    dim('coding', 'boolean', 'is_code'),
    dim('turns', 'number', 'turn'),
    dim('anonymous', 'boolean', 'anony'),
    dim('refusal', 'boolean', 'is_refusal'),
    dim('date', 'unix-seconds', 'tstamp'),
    dim('date', 'date', 'timestamp'),
    dim('dedup sampled', 'boolean', 'dedup_tag', 'sampled'),
    dim('high-frequency prompt', 'boolean', 'dedup_tag', 'high_freq'),
    dim('position in session', 'number', 'evaluation_order'),
  ],
  lenses: [...CORE_LENSES, 'browse'],
};

/** LMArena's Kaggle competition file (arena-human-preference-55k, CSV): a one-hot winner in three 0/1 columns. */
export const LMARENA_55K: Preset = {
  id: 'lmarena-55k',
  label: 'LMArena human preference 55k (Kaggle)',
  description:
    'lmarena-ai/arena-human-preference-55k: prompt and responses as JSON lists, the winner one-hot in winner_model_a / winner_model_b / winner_tie.',
  recognise: { required: ['prompt', 'response_a', 'response_b'], distinguishing: ['id'], score: 0 },
  sides: { kind: 'columns', pairs: [['model_a', 'model_b']] },
  winner: { kind: 'one-hot', columns: { a: 'winner_model_a', b: 'winner_model_b', tie: 'winner_tie' } },
  text: ['prompt', 'response_a', 'response_b'],
  ignored: ['id'],
  dimensions: [],
  lenses: [...CORE_LENSES, 'browse'],
};

export const COMPARAG: Preset = {
  id: 'comparag',
  label: 'CompaRAG tool votes',
  description: 'ArthurSrz/comparag-tool-votes: blind votes between two MCP tools, mediated by an LLM.',
  recognise: {
    required: [],
    distinguishing: ['id', 'session_hash', 'llm_id', 'task', 'goal', 'timestamp', 'competitor_type'],
    score: 0,
  },
  sides: { kind: 'columns', pairs: [['tool_a_id', 'tool_b_id']] },
  winner: { kind: 'column', columns: ['chosen'], labels: { a: 'a', b: 'b', tie: 'tie' }, namesModel: false },
  text: ['task', 'goal'],
  ignored: ['id', 'session_hash'],
  dimensions: [
    dim('mediator LLM', 'category', 'llm_id'),
    dim('competitor type', 'category', 'competitor_type'),
    dim('date', 'date', 'timestamp'),
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
    distinguishing: [
      'messages',
      'response_optimal_styled',
      'rejected_2',
      'pref_strength',
      'incorrect',
      'superficial',
      'instructions_not_followed',
      'conversation_turns',
      'is_multi_turn',
      'prompt_chars',
      'source',
    ],
    score: 0,
  },
  // A row whose `rejected` is null is no preference pair: set aside as "no rejected answer".
  sides: { kind: 'constant', names: ['optimal', 'rejected'], presentIn: [null, 'rejected'] },
  winner: { kind: 'constant', outcome: 'a' },
  optionalPairs: [{ label: 'second rejected answers (optimal vs rejected_2)', names: ['optimal', 'rejected_2'], presentIn: 'rejected_2' }],
  text: ['messages', 'response_optimal', 'response_optimal_styled', 'rejected', 'rejected_2'],
  ignored: ['id'],
  dimensions: [
    dim('source', 'category', 'source'),
    dim('preference strength', 'category', 'pref_strength'),
    dim('incorrect', 'boolean', 'incorrect'),
    dim('superficial', 'boolean', 'superficial'),
    dim('instructions not followed', 'boolean', 'instructions_not_followed'),
    dim('multi-turn', 'boolean', 'is_multi_turn'),
    dim('turns', 'number', 'conversation_turns'),
    dim('prompt characters', 'number', 'prompt_chars'),
  ],
  lenses: ['defects', 'browse', 'sql'],
  landing: 'defects',
};

const JUDGE_K = [1, 2, 3, 4, 5];

/**
 * GenRM multi-judge verdicts as published: two responses, no model names. The sides are the two
 * positions; the Judges lens leads. A user who maps columns naming each response's model gets a
 * leaderboard as for any file.
 */
export const GENRM: Preset = {
  id: 'genrm',
  label: 'GenRM multi-judge',
  description:
    'Two responses judged by several LLM judges; the majority vote decides. No model names: the sides are response 1 and response 2.',
  recognise: {
    required: ['response_1', 'response_2'],
    distinguishing: [
      'agreement_score',
      'a_votes',
      'b_votes',
      'invalid_votes',
      'judge_1_response',
      'judge_output_raw',
      'judge_responses',
      'swap_id',
      'response_order',
      'judge_model',
      'judge_temperature',
      'num_judges',
      'response_1_judge_score',
    ],
    score: 0,
  },
  sides: { kind: 'constant', names: ['response 1', 'response 2'] },
  winner: { kind: 'column', columns: ['majority_vote'], labels: { A: 'a', B: 'b', tie: 'tie' }, namesModel: false },
  text: [
    'question',
    'response_1',
    'response_2',
    'judge_output_raw',
    'judge_responses',
    'original_metadata',
    ...JUDGE_K.flatMap((k) => [`judge_${k}_reasoning`, `judge_${k}_raw`]),
  ],
  ignored: ['id', 'swap_id', 'original_index', 'judge_job_id'],
  dimensions: [
    dim('source', 'category', 'source'),
    dim('judge model', 'category', 'judge_model'),
    dim('judge temperature', 'category', 'judge_temperature'),
    dim('response order', 'category', 'response_order'),
    dim('agreement', 'number', 'agreement_score'),
    dim('votes for A', 'number', 'a_votes'),
    dim('votes for B', 'number', 'b_votes'),
    dim('invalid votes', 'number', 'invalid_votes'),
    dim('response 1 judge score', 'number', 'response_1_judge_score'),
    dim('response 2 judge score', 'number', 'response_2_judge_score'),
    ...JUDGE_K.map((k) => dim(`judge ${k}`, 'category', `judge_${k}_response`)),
  ],
  lenses: ['judges', 'browse', 'sql'],
  landing: 'judges',
};

export const VERDICTS: Preset = {
  id: 'verdicts',
  label: 'VERDICTS pairwise',
  description: 'kensho/VERDICTS pairwise: human labels where the winner names the model, with reference answers.',
  recognise: {
    required: ['qid'],
    distinguishing: ['dataset', 'ref_answer', 'model_a_response', 'model_b_response', 'model_a_conv', 'model_b_conv', 'question', 'turn'],
    score: 0,
  },
  sides: { kind: 'columns', pairs: [['model_a', 'model_b']] },
  winner: { kind: 'column', columns: ['winner'], labels: { tie: 'tie' }, namesModel: true },
  text: ['question', 'model_a_response', 'model_b_response', 'ref_answer', 'model_a_conv', 'model_b_conv'],
  ignored: ['qid'],
  dimensions: [dim('source benchmark', 'category', 'dataset'), dim('turn', 'number', 'turn')],
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
  MT_BENCH,
  LMSYS_CONVERSATIONS,
  LMSYS_BATTLES,
  LMARENA,
  LMARENA_55K,
  COMPARAG,
  COMPARIA_VOTES,
  FRENCH_MAXX,
  GENRM,
  VERDICTS,
  PAIR_COUNTS,
  PAIRS,
];
