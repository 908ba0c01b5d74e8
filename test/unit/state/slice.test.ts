import type { SecondSourceStore } from '../../../src/state/second-source.svelte.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SliceStore } from '../../../src/state/slice.svelte.ts';
import { makeLensContext } from '../../../src/state/lens-context.svelte.ts';
import { readCounts } from '../../../src/core/sql/pair-counts.ts';
import type { Filter } from '../../../src/core/sql/filters.ts';
import type { Connector } from '../../../src/core/sql/connector.ts';
import type { OpenedDataset } from '../../../src/io/open-dataset.ts';
import type { RatingsStore } from '../../../src/state/ratings.svelte.ts';
import type { ViewStore } from '../../../src/state/view.svelte.ts';
import { DEFAULT_VIEW } from '../../../src/core/view/view-state.ts';
import { FIXTURES } from '../../sql/fixtures.ts';
import { buildFromRaw } from '../../sql/helpers.ts';
import { createWasmDuck } from './wasm-duck.ts';

/*
 * The lmsys-conversations fixture's valid votes (the other four rows are rejected by the builder):
 *   q1 gpt-4 beats claude-v1 (English)   q2 gpt-4 beats claude-v1 from seat b (French)
 *   q3 gpt-4 ties vicuna (English)       q4 vicuna and claude-v1 both bad (German)
 *   q9 vicuna beats gpt-4 (French)
 */
const duck = await createWasmDuck();
let dataset: OpenedDataset;
// Every model kept (a filtered slice otherwise drops models under a default minimum: stats/min-votes.ts).
const quick = { ...structuredClone(DEFAULT_VIEW.quick), minVotes: 0 };
const language = (...values: string[]): Filter[] => [{ kind: 'in', path: ['language'], values }];
const votes = (store: SliceStore) => store.votes;

beforeAll(async () => {
  await FIXTURES['lmsys-conversations'](duck.connector);
  const detection = await buildFromRaw(duck.connector, 'raw');
  const counts = await readCounts(duck.connector);
  // The parts of an opened dataset the slice reads (io/open-dataset.ts builds it in the page).
  dataset = { detection, counts, summary: { rows: 5 } } as unknown as OpenedDataset;
});
afterAll(() => duck.close());

describe('the slice store, on DuckDB-WASM', () => {
  it('is the whole file when nothing is filtered', async () => {
    const slice = new SliceStore();
    expect(await slice.update(duck, dataset, [], quick)).toEqual([]);
    expect(slice.where).toEqual({ sql: '', params: [] });
    expect(slice.counts).toBe(dataset.counts);
    expect([votes(slice), slice.models]).toEqual([5, 3]);
    expect(slice.columns.map((c) => c.name)).toContain('language');
  });

  it('turns filters into one bound condition and counts the votes it keeps', async () => {
    const slice = new SliceStore();
    await slice.update(duck, dataset, language('French'), quick);
    expect(slice.where.params).toEqual(['French']);
    expect(slice.where.sql).not.toContain('French');
    expect([votes(slice), slice.models]).toEqual([2, 3]);
    await slice.update(duck, dataset, language('German'), { ...quick, excludeBothBad: true });
    expect(votes(slice)).toBe(0);
  });

  it('drops a filter that does not fit the data and says which', async () => {
    const slice = new SliceStore();
    const applied = await slice.update(duck, dataset, [{ kind: 'in', path: ['no_such_column'], values: ['x'] }], quick);
    expect(applied).toEqual([]);
    expect(slice.problem).toMatch(/^filters ignored: .*no_such_column/);
    expect(votes(slice)).toBe(5);
  });

  it('keeps the newest slice when an older one’s counts arrive last', async () => {
    const slice = new SliceStore();
    await slice.update(duck, dataset, [], quick);
    // The first count query waits until released; the second goes through.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const urgent: Connector = duck.urgent;
    let calls = 0;
    const gated = {
      ...duck,
      urgent: { ...urgent, query: async (sql: string, params?: unknown[]) => (calls++ === 0 && (await held), urgent.query(sql, params)) },
    } as typeof duck;
    const older = slice.update(gated, dataset, language('French'), quick);
    const newer = slice.update(gated, dataset, language('German'), quick);
    await newer;
    expect(slice.where.params).toEqual(['German']);
    release();
    await older;
    expect(slice.where.params).toEqual(['German']);
    expect(votes(slice)).toBe(1);
  });
});

describe('the lens context, on DuckDB-WASM', () => {
  it('runs a lens’s queries and sub-slice counts on the page’s DuckDB, values bound', async () => {
    const slice = new SliceStore();
    await slice.update(duck, dataset, language('French'), quick);
    const context = makeLensContext(duck, {
      dataset,
      where: slice.where,
      sliceLabel: 'language = French',
      ratings: {} as RatingsStore,
      fileStem: 'fixture',
      view: {} as ViewStore,
      second: {} as SecondSourceStore,
    });
    expect('duck' in context).toBe(false);
    const rows = await context.query({ sql: `SELECT count(*) AS n FROM battles WHERE ${slice.where.sql}`, params: slice.where.params });
    expect(rows).toEqual([{ n: 2 }]);
    const counts = await context.counts(slice.where);
    expect(counts.models).toEqual(dataset.counts.models);
    expect(Array.from(counts.n).reduce((s, n) => s + n, 0)).toBe(2);
  });
});
