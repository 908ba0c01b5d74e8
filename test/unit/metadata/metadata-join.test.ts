import { describe, expect, it } from 'vitest';
import { editDistance, modelKey, nearestNames } from '../../../src/core/metadata/model-key.ts';
import { joinMetadata } from '../../../src/core/metadata/metadata-join.ts';
import { parseMetadata } from '../../../src/core/metadata/metadata-table.ts';

describe('model keys', () => {
  it('ignore case, dashes, underscores, dots, slashes and spaces', () => {
    const same = ['GPT-4o_latest', 'gpt-4o-latest', 'gpt 4o latest', 'GPT4O.LATEST', 'gpt/4o-latest', ' gpt-4o--latest '];
    expect(new Set(same.map(modelKey))).toEqual(new Set(['gpt4olatest']));
    expect(modelKey('llama-3.1-405b-instruct')).toBe('llama31405binstruct');
    // Full-width letters fold to the ASCII ones (NFKC).
    expect(modelKey('ＧＰＴ-4')).toBe('gpt4');
  });

  it('keep letters and digits apart: different versions are different keys', () => {
    expect(modelKey('gpt-4-0613')).not.toBe(modelKey('gpt-4-0314'));
    expect(modelKey('claude-3-opus')).not.toBe(modelKey('claude-3-sonnet'));
  });

  it('edit distance on textbook pairs', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('flaw', 'lawn')).toBe(2);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('suggest the nearest names, closest first, and nothing far', () => {
    const names = ['claude-3-opus-20240229', 'claude-3-sonnet-20240229', 'gpt-4-0613', 'mistral-large-2402'];
    expect(nearestNames('claude-3-opus', names)[0]).toBe('claude-3-opus-20240229');
    expect(nearestNames('gpt4-0613', names)).toEqual(['gpt-4-0613']);
    expect(nearestNames('zzzzzz', names)).toEqual([]);
  });
});

const VOTE_MODELS = [
  'gpt-4o-latest',
  'claude-3-5-sonnet-20240620',
  'llama-3.1-405b-instruct',
  'Mixtral-8x7B-Instruct-v0.1',
  'gemma-2-27b-it',
  'qwen2-72b-instruct',
  'yi-large',
];

// Deliberately mismatched: case, underscores, dots, spaces, dashes; one typo; one model of no vote.
const DETAILS_CSV = `model,organization,license,open_weights,price,release_date,params
GPT-4o_latest,OpenAI,Proprietary,no,7.5,2024-08-12,
Claude 3.5 Sonnet 20240620,Anthropic,Proprietary,false,6,2024-06-20,
LLAMA_3_1_405B_INSTRUCT,Meta,Llama 3.1 Community,yes,3,2024-07-23,405B
mixtral.8x7b.instruct.v0.1,Mistral,Apache 2.0,true,0.5,2023-12-11,8x7B
gemma-2-27B-IT,Google,Gemma,1,0.3,2024-06-27,27
qwen2-72b-chat,Alibaba,Qianwen,yes,0.9,2024-06-07,72
phi-3-medium,Microsoft,MIT,yes,,2024-05-21,14
`;

describe('joining the votes to a details file', () => {
  const table = parseMetadata(DETAILS_CSV, 'models.csv');
  const join = joinMetadata(VOTE_MODELS, table.models);

  it('matches names that differ only by case and punctuation', () => {
    expect(join.byModel.get('gpt-4o-latest')?.organisation).toBe('OpenAI');
    expect(join.byModel.get('claude-3-5-sonnet-20240620')?.organisation).toBe('Anthropic');
    expect(join.byModel.get('llama-3.1-405b-instruct')?.parameters).toBe(405);
    expect(join.byModel.get('Mixtral-8x7B-Instruct-v0.1')?.parameters).toBe(56);
    expect(join.byModel.get('gemma-2-27b-it')?.openWeights).toBe(true);
    expect(join.exact + join.loose).toBe(5);
    expect(join.exact).toBe(0);
  });

  it('lists what it could not match on each side, with the nearest names of the other side', () => {
    expect(join.votesUnmatched.map((u) => u.name)).toEqual(['qwen2-72b-instruct', 'yi-large']);
    expect(join.votesUnmatched[0].suggestions[0]).toBe('qwen2-72b-chat');
    expect(join.votesUnmatched[1].suggestions).toEqual([]);
    expect(join.detailsUnmatched.map((u) => u.name)).toEqual(['qwen2-72b-chat', 'phi-3-medium']);
    expect(join.detailsUnmatched[0].suggestions).toEqual(['qwen2-72b-instruct']);
  });

  it('prefers the same name to the same key', () => {
    const models = parseMetadata('model,org\ngpt-4,Exact\n', 'a.csv').models;
    const j = joinMetadata(['gpt-4', 'GPT_4'], models);
    expect(j.byModel.get('gpt-4')?.organisation).toBe('Exact');
    expect(j.byModel.get('GPT_4')?.organisation).toBe('Exact');
    expect([j.exact, j.loose]).toEqual([1, 1]);
  });
});
