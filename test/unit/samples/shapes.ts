/**
 * Column names and DuckDB types of each sample, written out by hand from the dataset shapes (DESIGN.md presets)
 * (independent of the generator's own column lists). Quotes are ignored when comparing.
 */
const TURNS = 'STRUCT(content VARCHAR, role VARCHAR)[]';
const MOD = ['harassment', 'harassment/threatening', 'hate', 'hate/threatening', 'self-harm', 'self-harm/instructions',
  'self-harm/intent', 'sexual', 'sexual/minors', 'violence', 'violence/graphic'];
const cats = (t: string) => `STRUCT(${MOD.map((c) => `${c} ${t}`).join(', ')})`;

export const SHAPES: Record<string, Array<[string, string]>> = {
  'arena-conversations.parquet': [
    ['question_id', 'VARCHAR'], ['model_a', 'VARCHAR'], ['model_b', 'VARCHAR'], ['winner', 'VARCHAR'], ['judge', 'VARCHAR'],
    ['conversation_a', TURNS], ['conversation_b', TURNS], ['turn', 'BIGINT'], ['anony', 'BOOLEAN'], ['language', 'VARCHAR'],
    ['tstamp', 'DOUBLE'],
    ['openai_moderation', `STRUCT(categories ${cats('BOOLEAN')}, category_scores ${cats('DOUBLE')}, flagged BOOLEAN)`],
    ['toxic_chat_tag', 'STRUCT(roberta-large STRUCT(flagged BOOLEAN, probability DOUBLE), t5-large STRUCT(flagged BOOLEAN, score DOUBLE))'],
  ],
  'arena-battles.parquet': [
    ['question_id', 'VARCHAR'], ['model_a', 'VARCHAR'], ['model_b', 'VARCHAR'], ['winner', 'VARCHAR'], ['judge', 'VARCHAR'],
    ['turn', 'BIGINT'], ['anony', 'BOOLEAN'], ['language', 'VARCHAR'], ['tstamp', 'DOUBLE'], ['is_code', 'BOOLEAN'],
    ['is_refusal', 'BOOLEAN'], ['dedup_tag', 'STRUCT(high_freq BOOLEAN, sampled BOOLEAN)'],
    ['category_tag', 'STRUCT(criteria_v0.1 STRUCT(specificity BOOLEAN, creativity BOOLEAN, problem_solving BOOLEAN), math_v0.1 STRUCT(math BOOLEAN))'],
  ],
  'comparag-votes.parquet': [
    ['vote_id', 'VARCHAR'], ['tool_a_id', 'VARCHAR'], ['tool_b_id', 'VARCHAR'], ['chosen', 'VARCHAR'], ['llm_id', 'VARCHAR'],
    ['competitor_type', 'VARCHAR'], ['task', 'VARCHAR'], ['goal', 'VARCHAR'], ['created_at', 'TIMESTAMP'],
  ],
  'comparia-votes.parquet': [
    ['id', 'VARCHAR'], ['timestamp', 'TIMESTAMP'], ['model_a_name', 'VARCHAR'], ['model_b_name', 'VARCHAR'],
    ['model_pair_name', 'VARCHAR'], ['chosen_model_name', 'VARCHAR'], ['both_equal', 'BOOLEAN'], ['opening_msg', 'VARCHAR'],
    ['conversation_a', TURNS], ['conversation_b', TURNS], ['selected_category', 'VARCHAR'],
    ...(['a', 'b'].flatMap((s) => ['useful', 'creative', 'clear_formatting', 'incorrect', 'superficial', 'instructions_not_followed']
      .map((l) => [`conv_${l}_${s}`, 'BOOLEAN'])) as Array<[string, string]>),
    ['conv_comments_a', 'VARCHAR'], ['conv_comments_b', 'VARCHAR'], ['is_unedited_prompt', 'BOOLEAN'],
  ],
  'french-maxx.parquet': [
    ['id', 'VARCHAR'], ['messages', TURNS], ['response_optimal', 'VARCHAR'], ['rejected', 'VARCHAR'], ['pref_strength', 'BIGINT'],
    ['incorrect', 'BOOLEAN'], ['superficial', 'BOOLEAN'], ['instructions_not_followed', 'BOOLEAN'], ['source', 'VARCHAR'],
    ['multi_turn', 'BOOLEAN'],
  ],
  'genrm-judges.parquet': [
    ['id', 'VARCHAR'], ['prompt', 'VARCHAR'], ['response_1', 'VARCHAR'], ['response_2', 'VARCHAR'], ['model_1', 'VARCHAR'],
    ['model_2', 'VARCHAR'], ['judge_1_response', 'VARCHAR'], ['judge_2_response', 'VARCHAR'], ['judge_3_response', 'VARCHAR'],
    ['judge_4_response', 'VARCHAR'], ['judge_5_response', 'VARCHAR'], ['majority_vote', 'VARCHAR'], ['agreement_score', 'DOUBLE'],
    ['a_votes', 'BIGINT'], ['b_votes', 'BIGINT'], ['swap_id', 'VARCHAR'], ['response_order', 'VARCHAR'],
  ],
  'verdicts.jsonl': [
    ['qid', 'VARCHAR'], ['model_a', 'VARCHAR'], ['model_b', 'VARCHAR'], ['winner', 'VARCHAR'], ['dataset', 'VARCHAR'],
    ['turn', 'BIGINT'], ['question', 'VARCHAR'], ['answer_a', 'VARCHAR'], ['answer_b', 'VARCHAR'], ['ref_answer', 'VARCHAR'],
    ['annotator', 'VARCHAR'],
  ],
  'pair-counts.csv': [['model_a', 'VARCHAR'], ['model_b', 'VARCHAR'], ['winner', 'VARCHAR'], ['count', 'BIGINT']],
};

export const PRESETS: Record<string, string> = {
  'arena-conversations.parquet': 'lmsys-conversations', 'arena-battles.parquet': 'lmsys-battles',
  'comparag-votes.parquet': 'comparag', 'comparia-votes.parquet': 'comparia-votes', 'french-maxx.parquet': 'french-maxx',
  'genrm-judges.parquet': 'genrm', 'verdicts.jsonl': 'verdicts', 'pair-counts.csv': 'pair-counts',
};

/** How DuckDB reads each file. */
export function reader(file: string, path: string): string {
  const p = `'${path.replaceAll("'", "''")}'`;
  if (file.endsWith('.csv')) return `read_csv(${p})`;
  if (file.endsWith('.jsonl')) return `read_json(${p}, format='newline_delimited')`;
  return `read_parquet(${p})`;
}

export function normaliseType(t: string): string {
  return t.replaceAll('"', '').replace(/\s+/g, ' ').trim();
}
