import type { Connector } from '../../src/core/sql/connector.ts';
import { createShape } from './helpers.ts';

/** Small raw tables in the real shapes, each with the awkward rows the builder must reject. */
export const FIXTURES: Record<string, (db: Connector) => Promise<unknown>> = {
  'lmsys-conversations': (db) =>
    createShape(
      db,
      'raw',
      'lmsys-conversations',
      [
        'question_id',
        'model_a',
        'model_b',
        'winner',
        'judge',
        'turn',
        'anony',
        'language',
        'tstamp',
        'openai_moderation',
        'toxic_chat_tag',
        'conversation_a',
      ],
      [
        `('q1', 'gpt-4', 'claude-v1', 'model_a', 'arena_user_1', 1, true, 'English', 1682000000.0, {'flagged': true, 'categories': {'hate': true}}, {'roberta-large': {'flagged': true, 'probability': 0.9}}, [{'content': 'hi', 'role': 'user'}])`,
        `('q2', 'claude-v1', 'gpt-4', 'model_b', 'arena_user_2', 2, true, 'French', 1682100000.0, {'flagged': false}, {'roberta-large': {'flagged': false, 'probability': 0.1}}, NULL)`,
        `('q3', 'gpt-4', 'vicuna', 'tie', 'arena_user_1', 1, false, 'English', 1682200000.0, {'flagged': false}, NULL, NULL)`,
        `('q4', 'vicuna', 'claude-v1', 'tie (bothbad)', 'arena_user_3', 1, true, 'German', 1682300000.0, NULL, NULL, NULL)`,
        `('q5', NULL, 'gpt-4', 'model_a', 'arena_user_1', 1, true, 'English', 1682400000.0, NULL, NULL, NULL)`,
        `('q6', 'gpt-4', 'gpt-4', 'model_a', 'arena_user_1', 1, true, 'English', 1682500000.0, NULL, NULL, NULL)`,
        `('q7', 'gpt-4', 'vicuna', 'left_win', 'arena_user_1', 1, true, 'English', 1682600000.0, NULL, NULL, NULL)`,
        `('q8', 'gpt-4', 'vicuna', NULL, 'arena_user_1', 1, true, 'English', 1682700000.0, NULL, NULL, NULL)`,
        `('q9', 'vicuna', 'gpt-4', 'model_a', 'arena_user_2', 3, true, 'French', 1682800000.0, {'flagged': true}, NULL, NULL)`,
      ],
    ),
  'comparia-votes': (db) =>
    createShape(
      db,
      'raw',
      'comparia-votes',
      ['id', 'model_a_name', 'model_b_name', 'chosen_model_name', 'both_equal', 'conv_useful_a'],
      [
        `('1', 'mistral', 'llama', 'mistral', false, true)`,
        `('2', 'mistral', 'llama', 'llama', false, false)`,
        `('3', 'llama', 'gemma', NULL, true, NULL)`,
        `('4', 'llama', 'gemma', 'gpt-4', false, NULL)`,
        `('5', 'llama', 'gemma', NULL, false, NULL)`,
        `('6', 'gemma', 'llama', 'llama', NULL, NULL)`,
        `('7', 'gemma', 'llama', 'gemma', true, NULL)`,
      ],
    ),
  'french-maxx': (db) =>
    createShape(
      db,
      'raw',
      'french-maxx',
      ['id', 'messages', 'response_optimal', 'rejected', 'rejected_2', 'pref_strength', 'incorrect', 'source'],
      [
        `('f1', [{'role': 'user', 'content': 'Bonjour'}], 'Salut !', 'Hello', NULL, 'strong', true, 'reactions')`,
        `('f2', [{'role': 'user', 'content': 'Merci'}], 'De rien', 'You are welcome', 'Welcome', 'weak', false, 'reactions')`,
        `('f3', [{'role': 'user', 'content': 'Oui'}], 'Oui.', NULL, NULL, NULL, NULL, 'arena')`,
      ],
    ),
  genrm: (db) =>
    createShape(
      db,
      'raw',
      'genrm',
      ['id', 'question', 'majority_vote', 'agreement_score', 'judge_1_response', 'response_order', 'swap_id'],
      [
        `('g1', 'p', 'A', 1.0, 'A', 'original', 's1')`,
        `('g2', 'p', 'B', 0.6, 'invalid', 'swapped', 's1')`,
        `('g3', 'p', 'tie', 0.8, 'tie', 'original', 's2')`,
        `('g4', 'p', 'invalid', 0.0, 'invalid', 'swapped', 's2')`,
      ],
    ),
  verdicts: (db) =>
    createShape(
      db,
      'raw',
      'verdicts',
      ['qid', 'model_a', 'model_b', 'winner', 'dataset', 'turn', 'ref_answer', 'model_a_response'],
      [
        `('v1', 'm1', 'm2', 'm1', 'bffbench', 1, 'ref', 'x')`,
        `('v2', 'm1', 'm2', 'm2', 'mtbmr', 2, 'ref', 'y')`,
        `('v3', 'm2', 'm1', 'tie', 'mtbmr', 1, 'ref', 'z')`,
        `('v4', 'm2', 'm3', 'm1', 'bffbench', 1, 'ref', 'w')`,
      ],
    ),
  'pair-counts': (db) =>
    createShape(
      db,
      'raw',
      'pair-counts',
      ['model_a', 'model_b', 'winner', 'count'],
      [
        `('a', 'b', 'model_a', 10)`,
        `('b', 'a', 'model_b', 5)`,
        `('a', 'c', 'tie', 2)`,
        `('a', 'c', 'tie (bothbad)', 1)`,
        `('a', 'c', 'model_a', 0)`,
        `('a', 'c', 'model_b', NULL)`,
        `('c', 'a', 'model_b', -3)`,
      ],
    ),
  'lmarena-55k': (db) =>
    createShape(
      db,
      'raw',
      'lmarena-55k',
      ['id', 'model_a', 'model_b', 'prompt', 'winner_model_a', 'winner_model_b', 'winner_tie'],
      [
        `(1, 'gpt-4', 'claude-2', '["Hi"]', 1, 0, 0)`,
        `(2, 'gpt-4', 'claude-2', '["Hi"]', 0, 1, 0)`,
        `(3, 'claude-2', 'llama-2', '["Hi"]', 0, 0, 1)`,
        `(4, 'claude-2', 'llama-2', '["Hi"]', 0, 0, 0)`,
        `(5, 'claude-2', 'llama-2', '["Hi"]', 1, 1, 0)`,
      ],
    ),
  'lmarena-100k': (db) =>
    createShape(
      db,
      'raw',
      'lmarena-100k',
      ['question_id', 'model_a', 'model_b', 'winner', 'conv_metadata', 'is_code', 'dedup_tag', 'category_tag'],
      [
        `('q1', 'gpt-4', 'claude-2', 'model_a', '{"sum_assistant_a_tokens": 120, "sum_assistant_b_tokens": 80, "header_count_a": {"h1": 1, "h2": 0}, "bold_count_a": {"**": 2, "__": 0}}', true, '{"high_freq": false, "sampled": true}', '{"criteria_v0.1": {"specificity": true, "domain_knowledge": true, "complexity": true, "problem_solving": true, "creativity": false, "technical_accuracy": true, "real_world": true}, "math_v0.1": {"math": true}, "if_v0.1": {"if": false, "score": 2}, "creative_writing_v0.1": {"creative_writing": false, "score": "no"}}')`,
        `('q2', 'claude-2', 'gpt-4', 'tie (bothbad)', '{"sum_assistant_a_tokens": 10, "sum_assistant_b_tokens": 30, "header_count_a": {"h1": 0, "h2": 3}, "bold_count_a": {"**": 0, "__": 1}}', false, '{"high_freq": true, "sampled": false}', '{"criteria_v0.1": {"specificity": true, "domain_knowledge": false, "complexity": false, "problem_solving": true, "creativity": true, "technical_accuracy": false, "real_world": true}, "math_v0.1": {"math": false}, "if_v0.1": {"if": true, "score": 4}, "creative_writing_v0.1": {"creative_writing": true, "score": "yes"}}')`,
        `('q3', 'gpt-4', 'llama-2', 'model_b', 'not json', false, NULL, NULL)`,
        `('q4', 'llama-2', 'gpt-4', 'tie', '{"sum_assistant_a_tokens": 5, "sum_assistant_b_tokens": 7}', false, NULL, NULL)`,
        `('q5', 'llama-2', 'gpt-4', 'model_a', '{"sum_assistant_a_tokens": 9, "sum_assistant_b_tokens": 2}', false, NULL, NULL)`,
      ],
    ),
  comparag: (db) =>
    createShape(
      db,
      'raw',
      'comparag',
      ['id', 'tool_a_id', 'tool_b_id', 'chosen', 'llm_id', 'timestamp'],
      [
        `('x1', 't1', 't2', 'a', 'gpt-4o', TIMESTAMP '2025-01-01 10:00:00')`,
        `('x2', 't2', 't3', 'b', 'gpt-4o', TIMESTAMP '2025-01-02 10:00:00')`,
        `('x3', 't1', 't3', 'tie', 'mistral', TIMESTAMP '2025-01-03 10:00:00')`,
      ],
    ),
};
