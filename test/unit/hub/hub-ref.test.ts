import { describe, expect, it } from 'vitest';
import { addressSource, hubLabel, isDatasetId, parseHubInput } from '../../../src/core/hub/hub-ref.ts';
import { decodeView, encodeView } from '../../../src/core/view/url-codec.ts';
import { DEFAULT_VIEW } from '../../../src/core/view/view-state.ts';

const ref = (dataset: string, config: string | null = null, split: string | null = null) => ({ dataset, config, split });

describe('parseHubInput', () => {
  it.each([
    ['lmarena-ai/arena-human-preference-140k', ref('lmarena-ai/arena-human-preference-140k')],
    ['  ArthurSrz/comparag-tool-votes  ', ref('ArthurSrz/comparag-tool-votes')],
    ['https://huggingface.co/datasets/lmsys/chatbot_arena_conversations', ref('lmsys/chatbot_arena_conversations')],
    ['huggingface.co/datasets/kensho/NoFreeLabelsPairwise/', ref('kensho/NoFreeLabelsPairwise')],
    ['https://hf.co/datasets/maxidl/comparia-french-maxx?row=3', ref('maxidl/comparia-french-maxx')],
    [
      'https://huggingface.co/datasets/lmarena-ai/arena-human-preference-140k/tree/main/data',
      ref('lmarena-ai/arena-human-preference-140k'),
    ],
    [
      'https://huggingface.co/datasets/lmarena-ai/arena-human-preference-55k/blob/main/train.csv',
      ref('lmarena-ai/arena-human-preference-55k'),
    ],
    ['https://huggingface.co/datasets/ibm/duorc/viewer/SelfRC/validation', ref('ibm/duorc', 'SelfRC', 'validation')],
    ['https://huggingface.co/datasets/ibm/duorc/viewer/SelfRC', ref('ibm/duorc', 'SelfRC')],
    ['https://huggingface.co/datasets/ibm/duorc/resolve/refs%2Fconvert%2Fparquet/SelfRC/test/0000.parquet', ref('ibm/duorc')],
    ['hf://datasets/lmsys/chatbot_arena_conversations', ref('lmsys/chatbot_arena_conversations')],
  ])('reads %s', (input, expected) => {
    expect(parseHubInput(input)).toEqual(expected);
  });

  it.each([
    '',
    'arena',
    'a/b/c',
    'https://example.org/datasets/a/b',
    'https://huggingface.co/lmsys/vicuna-7b',
    'https://huggingface.co/spaces/lmarena-ai/leaderboard',
    'https://huggingface.co/datasets/only-owner',
    'javascript:alert(1)//huggingface.co/datasets/a/b',
    '../../etc/passwd',
    'owner/name with space',
    'a--b/c',
    '-a/b',
    'https://huggingface.co.evil.example/datasets/a/b',
  ])('refuses %j', (input) => {
    expect(parseHubInput(input)).toBeNull();
  });

  it('never lets a viewer tail put a path into the config or split', () => {
    expect(parseHubInput('https://huggingface.co/datasets/a/b/viewer/..%2F..%2Fx/train')).toEqual(ref('a/b'));
  });

  it('opens a dataset page typed as a remote address as the dataset, and a parquet file as a file', () => {
    expect(addressSource('https://huggingface.co/datasets/a/b')).toEqual({ kind: 'hub', dataset: 'a/b', config: null, split: null });
    const file = 'https://huggingface.co/datasets/a/b/resolve/main/data/train-00000-of-00001.parquet';
    expect(addressSource(file)).toEqual({ kind: 'remote', url: file });
    expect(addressSource('https://example.org/votes.parquet?x=1')).toEqual({
      kind: 'remote',
      url: 'https://example.org/votes.parquet?x=1',
    });
  });

  it('labels a reference for people', () => {
    expect(hubLabel(ref('a/b'))).toBe('a/b');
    expect(hubLabel(ref('a/b', 'default', 'train'))).toBe('a/b · default/train');
    expect(isDatasetId('lmarena-ai/arena-human-preference-100k')).toBe(true);
  });
});

describe('hf= in the address', () => {
  it('writes the dataset, then config and split when chosen, and reads them back', () => {
    const state = {
      ...structuredClone(DEFAULT_VIEW),
      source: { kind: 'hub' as const, dataset: 'lmarena-ai/arena-human-preference-140k', config: 'default', split: 'train' },
    };
    const query = encodeView(state);
    expect(query).toBe('v=2&hf=lmarena-ai/arena-human-preference-140k&config=default&split=train');
    expect(decodeView(query)).toEqual({ state, notes: [] });
    expect(decodeView('?hf=ArthurSrz/comparag-tool-votes').state.source).toEqual({
      kind: 'hub',
      dataset: 'ArthurSrz/comparag-tool-votes',
      config: null,
      split: null,
    });
  });

  it('refuses a malformed dataset, config or split with a note, and a config without a dataset', () => {
    expect(decodeView('?hf=../../x').notes[0]).toMatch(/^ignored "hf": expected a Hub dataset/);
    expect(decodeView('?hf=a/b&split=..%2Fx').notes[0]).toMatch(/^ignored "split"/);
    const orphan = decodeView('?config=default');
    expect(orphan.state.source).toEqual(DEFAULT_VIEW.source);
    expect(orphan.notes[0]).toMatch(/^ignored "config": it goes with "hf"/);
  });

  it('lets a remote address win over a dataset name, and says so', () => {
    const { state, notes } = decodeView('?src=https://example.org/a.parquet&hf=a/b');
    expect(state.source).toEqual({ kind: 'remote', url: 'https://example.org/a.parquet' });
    expect(notes).toEqual(['ignored "hf": the link also names "src", which is used']);
  });
});
