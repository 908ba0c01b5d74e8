import type { ColumnInfo } from '../../../src/core/schema/column.ts';

/**
 * The dataset shapes as published (each dataset's card and Hub schema; sources in
 * test/fixtures/README.md), column for column in file order, with types as DuckDB's DESCRIBE prints
 * them (a CSV's 0/1 columns read as BIGINT). A test checks the names against
 * test/fixtures/published-columns.json.
 */
const cols = (spec: Record<string, string>): ColumnInfo[] => Object.entries(spec).map(([name, type]) => ({ name, type }));

const CONVERSATION = 'STRUCT(content VARCHAR, "role" VARCHAR)[]';
const MESSAGES = 'STRUCT("role" VARCHAR, content VARCHAR)[]';
const MODERATION_NAMES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'self-harm',
  'self-harm/instructions',
  'self-harm/intent',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
];
const fields = (type: string) => MODERATION_NAMES.map((n) => `${/^[a-z]+$/.test(n) ? n : `"${n}"`} ${type}`).join(', ');
const MODERATION = `STRUCT(categories STRUCT(${fields('BOOLEAN')}), category_scores STRUCT(${fields('DOUBLE')}), flagged BOOLEAN)`;
const TOXIC = 'STRUCT("roberta-large" STRUCT(flagged BOOLEAN, probability DOUBLE), "t5-large" STRUCT(flagged BOOLEAN, score DOUBLE))';

const side = (s: 'a' | 'b') =>
  `header_count_${s} STRUCT(h1 BIGINT, h2 BIGINT, h3 BIGINT, h4 BIGINT, h5 BIGINT, h6 BIGINT), ` +
  `list_count_${s} STRUCT(ordered BIGINT, unordered BIGINT), bold_count_${s} STRUCT("**" BIGINT, "__" BIGINT)`;
/** LMArena's conv_metadata and category_tag, as the 140k file stores them (structs). */
export const CONV_METADATA =
  'STRUCT(sum_user_tokens BIGINT, sum_assistant_a_tokens BIGINT, sum_assistant_b_tokens BIGINT, context_a_tokens BIGINT, ' +
  `context_b_tokens BIGINT, turns BIGINT, ${side('a')}, ${side('b')})`;
export const CATEGORY_TAG =
  'STRUCT("creative_writing_v0.1" STRUCT(creative_writing BOOLEAN, score VARCHAR), "criteria_v0.1" STRUCT(complexity BOOLEAN, ' +
  'creativity BOOLEAN, domain_knowledge BOOLEAN, problem_solving BOOLEAN, real_world BOOLEAN, specificity BOOLEAN, ' +
  'technical_accuracy BOOLEAN), "if_v0.1" STRUCT("if" BOOLEAN, score BIGINT), "math_v0.1" STRUCT(math BOOLEAN))';
const CONTENT_PARTS = 'STRUCT("type" VARCHAR, "text" VARCHAR, image VARCHAR, mimeType VARCHAR)[]';
const MESSAGE_140K = `STRUCT("role" VARCHAR, content ${CONTENT_PARTS})`;

const judges = (suffix: string) => Object.fromEntries([1, 2, 3, 4, 5].map((k) => [`judge_${k}_${suffix}`, 'VARCHAR']));

export const SHAPES: Record<string, ColumnInfo[]> = {
  'lmsys-conversations': cols({
    question_id: 'VARCHAR',
    model_a: 'VARCHAR',
    model_b: 'VARCHAR',
    winner: 'VARCHAR',
    judge: 'VARCHAR',
    conversation_a: CONVERSATION,
    conversation_b: CONVERSATION,
    turn: 'BIGINT',
    anony: 'BOOLEAN',
    language: 'VARCHAR',
    tstamp: 'DOUBLE',
    openai_moderation: MODERATION,
    toxic_chat_tag: TOXIC,
  }),
  /** lmsys/mt_bench_human_judgments, both splits (human, gpt4_pair): its card's dataset_info. */
  'mt-bench': cols({
    question_id: 'BIGINT',
    model_a: 'VARCHAR',
    model_b: 'VARCHAR',
    winner: 'VARCHAR',
    judge: 'VARCHAR',
    conversation_a: CONVERSATION,
    conversation_b: CONVERSATION,
    turn: 'BIGINT',
  }),
  /** FastChat's clean_battle JSON as LMArena's notebook reads it (no conversations). */
  'lmsys-battles': cols({
    model_a: 'VARCHAR',
    model_b: 'VARCHAR',
    winner: 'VARCHAR',
    judge: 'VARCHAR',
    turn: 'BIGINT',
    anony: 'BOOLEAN',
    language: 'VARCHAR',
    tstamp: 'DOUBLE',
  }),
  'lmarena-55k': cols({
    id: 'BIGINT',
    model_a: 'VARCHAR',
    model_b: 'VARCHAR',
    prompt: 'VARCHAR',
    response_a: 'VARCHAR',
    response_b: 'VARCHAR',
    winner_model_a: 'BIGINT',
    winner_model_b: 'BIGINT',
    winner_tie: 'BIGINT',
  }),
  'lmarena-100k': cols({
    question_id: 'VARCHAR',
    model_a: 'VARCHAR',
    model_b: 'VARCHAR',
    winner: 'VARCHAR',
    conversation_a: 'VARCHAR',
    conversation_b: 'VARCHAR',
    turn: 'BIGINT',
    anony: 'BOOLEAN',
    language: 'VARCHAR',
    tstamp: 'DOUBLE',
    conv_metadata: 'VARCHAR',
    is_code: 'BOOLEAN',
    is_refusal: 'BOOLEAN',
    dedup_tag: 'VARCHAR',
    category_tag: 'VARCHAR',
    judge_hash: 'VARCHAR',
  }),
  'lmarena-140k': cols({
    id: 'VARCHAR',
    model_a: 'VARCHAR',
    model_b: 'VARCHAR',
    winner: 'VARCHAR',
    evaluation_session_id: 'VARCHAR',
    evaluation_order: 'BIGINT',
    conversation_a: `${MESSAGE_140K}[]`,
    conversation_b: `${MESSAGE_140K}[]`,
    full_conversation: `STRUCT("user" ${MESSAGE_140K}, model_side_a ${MESSAGE_140K}, model_side_b ${MESSAGE_140K})[]`,
    conv_metadata: CONV_METADATA,
    category_tag: CATEGORY_TAG,
    language: 'VARCHAR',
    is_code: 'BOOLEAN',
    timestamp: 'TIMESTAMP',
  }),
  comparag: cols({
    id: 'VARCHAR',
    session_hash: 'VARCHAR',
    tool_a_id: 'VARCHAR',
    tool_b_id: 'VARCHAR',
    chosen: 'VARCHAR',
    llm_id: 'VARCHAR',
    task: 'VARCHAR',
    goal: 'VARCHAR',
    timestamp: 'TIMESTAMP',
    competitor_type: 'VARCHAR',
  }),
  'comparia-votes': cols({
    id: 'VARCHAR',
    timestamp: 'TIMESTAMP',
    model_a_name: 'VARCHAR',
    model_b_name: 'VARCHAR',
    model_pair_name: 'VARCHAR',
    chosen_model_name: 'VARCHAR',
    both_equal: 'BOOLEAN',
    opening_msg: 'VARCHAR',
    conversation_a: CONVERSATION,
    conversation_b: CONVERSATION,
    selected_category: 'VARCHAR',
    ...Object.fromEntries(
      ['a', 'b'].flatMap((s) =>
        ['useful', 'creative', 'clear_formatting', 'incorrect', 'superficial', 'instructions_not_followed'].map((q) => [
          `conv_${q}_${s}`,
          'BOOLEAN',
        ]),
      ),
    ),
    conv_comments_a: 'VARCHAR',
    conv_comments_b: 'VARCHAR',
    is_unedited_prompt: 'BOOLEAN',
  }),
  'french-maxx': cols({
    messages: MESSAGES,
    response_optimal: 'VARCHAR',
    response_optimal_styled: 'VARCHAR',
    rejected: 'VARCHAR',
    rejected_2: 'VARCHAR',
    pref_strength: 'VARCHAR',
    incorrect: 'BOOLEAN',
    superficial: 'BOOLEAN',
    instructions_not_followed: 'BOOLEAN',
    conversation_turns: 'BIGINT',
    is_multi_turn: 'BOOLEAN',
    prompt_chars: 'BIGINT',
    source: 'VARCHAR',
    id: 'VARCHAR',
  }),
  genrm: cols({
    question: 'VARCHAR',
    response_1: 'VARCHAR',
    response_2: 'VARCHAR',
    source: 'VARCHAR',
    id: 'VARCHAR',
    original_index: 'BIGINT',
    judge_output_raw: 'VARCHAR[]',
    ...judges('response'),
    ...judges('reasoning'),
    ...judges('raw'),
    judge_responses: 'VARCHAR[]',
    majority_vote: 'VARCHAR',
    agreement_score: 'DOUBLE',
    a_votes: 'BIGINT',
    b_votes: 'BIGINT',
    invalid_votes: 'BIGINT',
    response_1_judge_score: 'DOUBLE',
    response_2_judge_score: 'DOUBLE',
    winner: 'VARCHAR',
    judge_job_id: 'VARCHAR',
    judge_model: 'VARCHAR',
    judge_temperature: 'DOUBLE',
    num_judges: 'BIGINT',
    original_metadata: 'VARCHAR',
    response_order: 'VARCHAR',
    swap_id: 'VARCHAR',
  }),
  verdicts: cols({
    qid: 'VARCHAR',
    turn: 'BIGINT',
    dataset: 'VARCHAR',
    model_a: 'VARCHAR',
    model_b: 'VARCHAR',
    winner: 'VARCHAR',
    model_a_conv: CONVERSATION,
    model_b_conv: CONVERSATION,
    question: 'VARCHAR',
    model_a_response: 'VARCHAR',
    model_b_response: 'VARCHAR',
    ref_answer: 'VARCHAR',
  }),
  'pair-counts': cols({ model_a: 'VARCHAR', model_b: 'VARCHAR', winner: 'VARCHAR', count: 'BIGINT' }),
};

/** Which SHAPES entry is which published shape of test/fixtures/published-columns.json. */
export const PUBLISHED: Record<string, string> = {
  'comparag-tool-votes': 'comparag',
  'comparia-french-maxx': 'french-maxx',
  'genrm-multi-judge': 'genrm',
  'lmsys-chatbot-arena-conversations': 'lmsys-conversations',
  'lmsys-mt-bench-human-judgments': 'mt-bench',
  'verdicts-pairwise': 'verdicts',
  'lmarena-arena-human-preference-55k': 'lmarena-55k',
  'lmarena-arena-human-preference-100k': 'lmarena-100k',
  'lmarena-arena-human-preference-140k': 'lmarena-140k',
};
