import type { Connector } from '../../src/core/sql/connector.ts';
import { createShape } from './helpers.ts';

/** Small raw tables in the real shapes, each with the awkward rows the builder must reject. */
export const FIXTURES: Record<string, (db: Connector) => Promise<unknown>> = {
  'lmsys-conversations': (db) =>
    createShape(
      db,
      'raw',
      'lmsys-conversations',
      ['question_id', 'model_a', 'model_b', 'winner', 'judge', 'turn', 'anony', 'language', 'tstamp',
        'openai_moderation', 'toxic_chat_tag', 'conversation_a'],
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
    createShape(db, 'raw', 'comparia-votes', ['id', 'model_a_name', 'model_b_name', 'chosen_model_name', 'both_equal', 'conv_useful_a'], [
      `('1', 'mistral', 'llama', 'mistral', false, true)`,
      `('2', 'mistral', 'llama', 'llama', false, false)`,
      `('3', 'llama', 'gemma', NULL, true, NULL)`,
      `('4', 'llama', 'gemma', 'gpt-4', false, NULL)`,
      `('5', 'llama', 'gemma', NULL, false, NULL)`,
      `('6', 'gemma', 'llama', 'llama', NULL, NULL)`,
      `('7', 'gemma', 'llama', 'gemma', true, NULL)`,
    ]),
  'french-maxx': (db) =>
    createShape(db, 'raw', 'french-maxx', ['id', 'messages', 'response_optimal', 'rejected', 'pref_strength', 'incorrect', 'source'], [
      `('f1', [{'content': 'Bonjour', 'role': 'user'}], 'Salut !', 'Hello', 3, true, 'arena')`,
      `('f2', [{'content': 'Merci', 'role': 'user'}], 'De rien', 'You are welcome', 1, false, 'reactions')`,
    ]),
  genrm: (db) =>
    createShape(db, 'raw', 'genrm', ['id', 'prompt', 'model_1', 'model_2', 'majority_vote', 'agreement_score', 'judge_1_response'], [
      `('g1', 'p', 'qwen', 'llama', 'A', 1.0, 'A')`,
      `('g2', 'p', 'llama', 'qwen', 'B', 0.6, 'invalid')`,
      `('g3', 'p', 'qwen', 'llama', 'tie', 0.8, 'tie')`,
      `('g4', 'p', 'qwen', 'llama', 'invalid', 0.0, 'invalid')`,
    ]),
  verdicts: (db) =>
    createShape(db, 'raw', 'verdicts', ['qid', 'model_a', 'model_b', 'winner', 'dataset', 'turn', 'ref_answer'], [
      `('v1', 'm1', 'm2', 'm1', 'bffbench', 1, 'ref')`,
      `('v2', 'm1', 'm2', 'm2', 'mtbmr', 2, 'ref')`,
      `('v3', 'm2', 'm1', 'tie', 'mtbmr', 1, 'ref')`,
      `('v4', 'm2', 'm3', 'm1', 'bffbench', 1, 'ref')`,
    ]),
  'pair-counts': (db) =>
    createShape(db, 'raw', 'pair-counts', ['model_a', 'model_b', 'winner', 'count'], [
      `('a', 'b', 'model_a', 10)`,
      `('b', 'a', 'model_b', 5)`,
      `('a', 'c', 'tie', 2)`,
      `('a', 'c', 'tie (bothbad)', 1)`,
      `('a', 'c', 'model_a', 0)`,
      `('a', 'c', 'model_b', NULL)`,
      `('c', 'a', 'model_b', -3)`,
    ]),
  comparag: (db) =>
    createShape(db, 'raw', 'comparag', ['vote_id', 'tool_a_id', 'tool_b_id', 'chosen', 'llm_id', 'created_at'], [
      `('x1', 't1', 't2', 'a', 'gpt-4o', TIMESTAMP '2025-01-01 10:00:00')`,
      `('x2', 't2', 't3', 'b', 'gpt-4o', TIMESTAMP '2025-01-02 10:00:00')`,
      `('x3', 't1', 't3', 'tie', 'mistral', TIMESTAMP '2025-01-03 10:00:00')`,
    ]),
};
