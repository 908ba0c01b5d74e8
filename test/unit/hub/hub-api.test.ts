import { describe, expect, it } from 'vitest';
import {
  hubFailure,
  listShards,
  parquetListingUrl,
  parseParquetListing,
  planShards,
  type ParquetListing,
} from '../../../src/core/hub/hub-api.ts';

const shard = (id: string, config: string, split: string, n: number) =>
  `https://huggingface.co/api/datasets/${id}/parquet/${config}/${split}/${n}.parquet`;
// The shape of https://huggingface.co/api/datasets/ibm/duorc/parquet (dataset-viewer docs, parquet.md).
const DUORC: ParquetListing = {
  ParaphraseRC: { test: [shard('ibm/duorc', 'ParaphraseRC', 'test', 0)], train: [shard('ibm/duorc', 'ParaphraseRC', 'train', 0)] },
  SelfRC: {
    train: [shard('ibm/duorc', 'SelfRC', 'train', 0), shard('ibm/duorc', 'SelfRC', 'train', 1)],
    validation: [shard('ibm/duorc', 'SelfRC', 'validation', 0)],
  },
};
const ref = (dataset: string, config: string | null = null, split: string | null = null) => ({ dataset, config, split });

describe('the parquet listing', () => {
  it('is asked of the Hub API, one path segment per name part', () => {
    expect(parquetListingUrl('lmarena-ai/arena-human-preference-140k')).toBe(
      'https://huggingface.co/api/datasets/lmarena-ai/arena-human-preference-140k/parquet',
    );
    expect(parquetListingUrl('a/b', 'http://127.0.0.1:9')).toBe('http://127.0.0.1:9/api/datasets/a/b/parquet');
  });

  it('accepts the Hub shape and refuses anything else', () => {
    expect(parseParquetListing(DUORC, 'ibm/duorc')).toEqual(DUORC);
    for (const bad of [null, [], { default: [] }, { default: { train: 'x' } }, { default: { train: ['ftp://plain.example/x'] } }]) {
      expect(() => parseParquetListing(bad, 'a/b')).toThrow(/not in the expected form/);
    }
  });
});

describe('planShards', () => {
  it('takes the config and split asked for, every shard in order', () => {
    expect(planShards(DUORC, ref('ibm/duorc', 'SelfRC', 'train'))).toEqual({
      config: 'SelfRC',
      split: 'train',
      shards: [shard('ibm/duorc', 'SelfRC', 'train', 0), shard('ibm/duorc', 'SelfRC', 'train', 1)],
      notes: [],
    });
  });

  it('defaults to "default" and "train", else the first listed, and says what it chose', () => {
    const plain = { default: { train: ['https://huggingface.co/x/0.parquet'], test: ['https://huggingface.co/y/0.parquet'] } };
    const plan = planShards(plain, ref('a/b'));
    expect([plan.config, plan.split]).toEqual(['default', 'train']);
    expect(plan.notes).toEqual(['config "default" has splits train, test; showing "train"']);
    const duorc = planShards(DUORC, ref('ibm/duorc'));
    expect([duorc.config, duorc.split]).toEqual(['ParaphraseRC', 'train']);
    expect(duorc.notes[0]).toMatch(/has 2 configs \(ParaphraseRC, SelfRC\); showing "ParaphraseRC"/);
  });

  it('takes a partially converted split and says it holds only the first 5 GB', () => {
    const plan = planShards({ default: { 'partial-train': ['https://huggingface.co/x/0.parquet'] } }, ref('big/one', null, 'train'));
    expect(plan.split).toBe('partial-train');
    expect(plan.notes.join(' ')).toMatch(/only the first 5 GB of split "train"/);
  });

  it('names what exists when a config or split does not', () => {
    expect(() => planShards(DUORC, ref('ibm/duorc', 'nope'))).toThrow('ibm/duorc has no config "nope"; it has "ParaphraseRC", "SelfRC"');
    expect(() => planShards(DUORC, ref('ibm/duorc', 'SelfRC', 'test'))).toThrow('has no split "test"; it has "train", "validation"');
    expect(() => planShards({}, ref('a/b'))).toThrow(/no parquet files yet/);
  });
});

describe('what a failed answer means', () => {
  it.each([
    [401, /gated or private \(HTTP 401\).*sends no credentials.*huggingface\.co\/datasets\/a\/b/],
    [403, /gated or private \(HTTP 403\)/],
    [404, /no public dataset called a\/b on the Hub \(HTTP 404\)/],
    [429, /limiting requests.*HTTP 429.*wait a minute/],
    [503, /could not answer for a\/b \(HTTP 503\)/],
  ])('HTTP %i', (status, message) => {
    expect(hubFailure(status, 'a/b').message).toMatch(message);
  });

  it('lists through the given fetch, and tells an unanswered request from a refusal', async () => {
    const asked: string[] = [];
    const plan = await listShards(ref('ibm/duorc', 'SelfRC', 'validation'), async (url) => (asked.push(url), { status: 200, body: DUORC }));
    expect(asked).toEqual(['https://huggingface.co/api/datasets/ibm/duorc/parquet']);
    expect(plan.shards).toHaveLength(1);
    await expect(listShards(ref('a/b'), async () => ({ status: 401, body: null }))).rejects.toThrow(/gated or private/);
    await expect(
      listShards(ref('a/b'), async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).rejects.toThrow(/could not reach huggingface\.co for a\/b.*CORS/);
  });
});
