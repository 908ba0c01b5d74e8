import type { ColumnInfo } from '../../../src/core/schema/column.ts';

/** The column shapes of the dataset shapes (DESIGN.md presets), with types as DuckDB's DESCRIBE prints them. */
const cols = (spec: Record<string, string>): ColumnInfo[] => Object.entries(spec).map(([name, type]) => ({ name, type }));

const CONVERSATION = 'STRUCT(content VARCHAR, "role" VARCHAR)[]';
const MODERATION_NAMES = [
  'harassment', 'harassment/threatening', 'hate', 'hate/threatening', 'self-harm', 'self-harm/instructions',
  'self-harm/intent', 'sexual', 'sexual/minors', 'violence', 'violence/graphic',
];
const fields = (type: string) => MODERATION_NAMES.map((n) => `${/^[a-z]+$/.test(n) ? n : `"${n}"`} ${type}`).join(', ');
const MODERATION = `STRUCT(categories STRUCT(${fields('BOOLEAN')}), category_scores STRUCT(${fields('DOUBLE')}), flagged BOOLEAN)`;
const TOXIC = 'STRUCT("roberta-large" STRUCT(flagged BOOLEAN, probability DOUBLE), "t5-large" STRUCT(flagged BOOLEAN, score DOUBLE))';

export const SHAPES: Record<string, ColumnInfo[]> = {
  'lmsys-conversations': cols({
    question_id: 'VARCHAR', model_a: 'VARCHAR', model_b: 'VARCHAR', winner: 'VARCHAR', judge: 'VARCHAR',
    conversation_a: CONVERSATION, conversation_b: CONVERSATION, turn: 'BIGINT', anony: 'BOOLEAN',
    language: 'VARCHAR', tstamp: 'DOUBLE', openai_moderation: MODERATION, toxic_chat_tag: TOXIC,
  }),
  'lmsys-battles': cols({
    question_id: 'VARCHAR', model_a: 'VARCHAR', model_b: 'VARCHAR', winner: 'VARCHAR', judge: 'VARCHAR',
    turn: 'BIGINT', anony: 'BOOLEAN', language: 'VARCHAR', tstamp: 'DOUBLE', is_code: 'BOOLEAN', is_refusal: 'BOOLEAN',
    dedup_tag: 'STRUCT(high_freq BOOLEAN, sampled BOOLEAN)',
    category_tag: 'STRUCT("criteria_v0.1" STRUCT(specificity BOOLEAN, creativity BOOLEAN, problem_solving BOOLEAN), "math_v0.1" STRUCT(math BOOLEAN))',
  }),
  comparag: cols({
    vote_id: 'VARCHAR', tool_a_id: 'VARCHAR', tool_b_id: 'VARCHAR', chosen: 'VARCHAR', llm_id: 'VARCHAR',
    competitor_type: 'VARCHAR', task: 'VARCHAR', goal: 'VARCHAR', created_at: 'TIMESTAMP',
  }),
  'comparia-votes': cols({
    id: 'VARCHAR', timestamp: 'TIMESTAMP', model_a_name: 'VARCHAR', model_b_name: 'VARCHAR', model_pair_name: 'VARCHAR',
    chosen_model_name: 'VARCHAR', both_equal: 'BOOLEAN', opening_msg: 'VARCHAR',
    conversation_a: CONVERSATION, conversation_b: CONVERSATION, selected_category: 'VARCHAR',
    ...Object.fromEntries(
      ['a', 'b'].flatMap((s) =>
        ['useful', 'creative', 'clear_formatting', 'incorrect', 'superficial', 'instructions_not_followed'].map((q) => [
          `conv_${q}_${s}`, 'BOOLEAN',
        ]),
      ),
    ),
    conv_comments_a: 'VARCHAR', conv_comments_b: 'VARCHAR', is_unedited_prompt: 'BOOLEAN',
  }),
  'french-maxx': cols({
    id: 'VARCHAR', messages: CONVERSATION, response_optimal: 'VARCHAR', rejected: 'VARCHAR', pref_strength: 'BIGINT',
    incorrect: 'BOOLEAN', superficial: 'BOOLEAN', instructions_not_followed: 'BOOLEAN', source: 'VARCHAR', multi_turn: 'BOOLEAN',
  }),
  genrm: cols({
    id: 'VARCHAR', prompt: 'VARCHAR', response_1: 'VARCHAR', response_2: 'VARCHAR', model_1: 'VARCHAR', model_2: 'VARCHAR',
    judge_1_response: 'VARCHAR', judge_2_response: 'VARCHAR', judge_3_response: 'VARCHAR', judge_4_response: 'VARCHAR',
    judge_5_response: 'VARCHAR', majority_vote: 'VARCHAR', agreement_score: 'DOUBLE', a_votes: 'BIGINT', b_votes: 'BIGINT',
    swap_id: 'VARCHAR', response_order: 'VARCHAR',
  }),
  verdicts: cols({
    qid: 'VARCHAR', model_a: 'VARCHAR', model_b: 'VARCHAR', winner: 'VARCHAR', dataset: 'VARCHAR', turn: 'BIGINT',
    question: 'VARCHAR', answer_a: 'VARCHAR', answer_b: 'VARCHAR', ref_answer: 'VARCHAR', annotator: 'VARCHAR',
  }),
  'pair-counts': cols({ model_a: 'VARCHAR', model_b: 'VARCHAR', winner: 'VARCHAR', count: 'BIGINT' }),
};
