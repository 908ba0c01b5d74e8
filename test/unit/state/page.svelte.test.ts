import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Duck } from '../../../src/io/duckdb.ts';
import type { Live } from '../../../src/state/lens-context.svelte.ts';
import { ThreadWorker } from './web-worker.ts';
import { createWasmDuck } from './wasm-duck.ts';

/*
 * The page's flow and the dataset store, end to end below the views: a CSV file read into
 * DuckDB-WASM (its Node build), recognised, built into battles, counted, sliced and rated by the
 * real rating worker (a Node thread). The edges are the browser's: the address bar (location,
 * history, popstate) and DuckDB's start, which hands out the Node build.
 */
const engine = vi.hoisted(() => ({ duck: null as Promise<Duck & { close(): void }> | null }));
// The browser build's engine download ahead of its start has no Node counterpart: nothing to fetch.
// The Node build has no engine download to start ahead and no compile to stop for a newer file.
vi.mock('../../../src/io/duckdb.ts', () => ({
  getDuck: () => engine.duck!,
  prefetchDuck: () => undefined,
  abortDuckStart: () => undefined,
}));

const { PageState } = await import('../../../src/state/page.svelte.ts');
const { DatasetStore } = await import('../../../src/state/dataset.svelte.ts');
const { decodeView } = await import('../../../src/core/view/url-codec.ts');
const { countsFingerprint } = await import('../../../src/core/stats/pair-counts.ts');
const { live } = await import('../../../src/state/lens-context.svelte.ts');

/** The address bar: history writes it, popstate says the user went Back. */
const window = new EventTarget();
function goTo(url: string) {
  Object.assign(globalThis, { location: new URL(url, 'http://arena.test/') });
}
beforeAll(async () => {
  goTo('/');
  Object.assign(globalThis, {
    Worker: ThreadWorker,
    self: globalThis,
    history: {
      pushState: (_: unknown, __: string, url: string) => goTo(url),
      replaceState: (_: unknown, __: string, url: string) => goTo(url),
    },
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
    // A board counts as painted a task later (no screen here).
    requestAnimationFrame: (paint: () => void) => setTimeout(paint, 0),
  });
  if (typeof navigator === 'undefined') Object.assign(globalThis, { navigator: {} });
  engine.duck = createWasmDuck();
  await engine.duck;
}, 180_000);
const cleanups: (() => void)[] = [];
afterAll(async () => {
  cleanups.forEach((c) => c());
  (await engine.duck!).close();
});

/**
 * Votes as a CSV in the plain pairs shape: [language, winner seat, times]. Between gpt and claude:
 * English, gpt wins 25 and loses 5; French, 5 and 5 (10 votes). The whole file is 30 to 10: a Bradley-Terry
 * fit puts them 400·log10(3) Elo points apart; the French votes alone, 0 apart.
 */
const ROWS: [string, 'model_a' | 'model_b', number][] = [
  ['English', 'model_a', 25],
  ['English', 'model_b', 5],
  ['French', 'model_a', 5],
  ['French', 'model_b', 5],
];
const csv = (name: string, rows = ROWS) =>
  new File(
    [
      'model_a,model_b,winner,language\n' +
        rows.flatMap(([lang, w, n]) => Array.from({ length: n }, () => `gpt,claude,${w},${lang}\n`)).join(''),
    ],
    name,
  );
const FRENCH = [{ kind: 'in' as const, path: ['language'], values: ['French'] }];

const until = async (done: () => boolean, what: string, state: () => unknown = () => '') => {
  for (const start = Date.now(); !done();) {
    if (Date.now() - start > 40_000) throw new Error(`still waiting for ${what}: ${JSON.stringify(state())}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};
function newPage() {
  let page!: InstanceType<typeof PageState>;
  cleanups.push($effect.root(() => void (page = new PageState())));
  return page;
}
/** The board of the slice on screen, once its bootstrap is done. */
const settled = (page: InstanceType<typeof PageState>) =>
  !!page.ratings.leaderboard &&
  !page.ratings.computing &&
  !!page.slice.counts &&
  countsFingerprint(page.ratings.counts!) === countsFingerprint(page.slice.counts);
const gap = (page: InstanceType<typeof PageState>) => {
  const rating = (m: string) => page.ratings.leaderboard!.rows.find((r) => r.model === m)!.rating!;
  return rating('gpt') - rating('claude');
};
const addressed = () => decodeView(location.search, location.hash).state;

describe('the dataset store', () => {
  it('reads a CSV into battles: rows, votes, models and pair counts', async () => {
    const store = new DatasetStore();
    await store.open({ kind: 'file', file: csv('votes.csv') });
    expect([store.phase, store.error, store.sourceLabel]).toEqual(['ready', null, 'votes.csv']);
    const { summary, counts } = store.dataset!;
    expect([summary.rows, summary.votes, summary.models]).toEqual([40, 40, 2]);
    expect(summary.outcomes).toMatchObject({ a: 30, b: 10 });
    expect([...counts.models].sort()).toEqual(['claude', 'gpt']);
  });

  it('a newer open supersedes an older one: only the newer file becomes the dataset', async () => {
    const store = new DatasetStore();
    const older = store.open({ kind: 'file', file: csv('older.csv') });
    const newer = store.open({ kind: 'file', file: csv('newer.csv', ROWS.slice(0, 2)) });
    await Promise.all([older, newer]);
    expect([store.dataset!.source.name, store.dataset!.summary.votes, store.loads]).toEqual(['newer.csv', 30, 1]);
    expect(store.phase).toBe('ready');
  });

  it('names the file it cannot read, and reads the next one', async () => {
    const store = new DatasetStore();
    await store.open({ kind: 'file', file: new File([], 'empty.csv') });
    expect(store.phase).toBe('error');
    expect(store.error).toMatch(/^empty\.csv: the file is empty \(0 bytes\)/);
    await store.open({ kind: 'file', file: csv('votes.csv') });
    expect([store.phase, store.error, store.dataset?.summary.votes]).toEqual(['ready', null, 40]);
  });

  it('a file of no known shape waits for a mapping, then is read with it', async () => {
    const store = new DatasetStore();
    const file = new File(['left,right,verdict\n' + 'gpt,claude,L\n'.repeat(3) + 'gpt,claude,R\n'], 'own.csv');
    await store.open({ kind: 'file', file });
    expect(store.dataset).toBeNull();
    expect(store.unrecognised?.columns.map((c) => c.name)).toEqual(['left', 'right', 'verdict']);
    await store.remap({
      modelA: { kind: 'column', column: 'left' },
      modelB: { kind: 'column', column: 'right' },
      winner: { kind: 'column', column: 'verdict', labels: { L: 'a', R: 'b' }, namesModel: false },
    });
    expect([store.phase, store.unrecognised, store.dataset?.userMapping]).toEqual(['ready', null, true]);
    expect(store.dataset!.summary.outcomes).toMatchObject({ a: 3, b: 1 });
  });
});

describe('the page’s flow', () => {
  let link = '';

  it('a chosen file goes into the address, is read, sliced, rated and shown to a lens; a filter follows into the address', async () => {
    goTo('/');
    const page = newPage();
    // Fewer bootstrap rounds than the default 1000: the intervals are not what is checked here.
    page.view.state.rating.rounds = 50;
    const file = csv('votes.csv');
    const chosen = page.sources.chooseFile(file);
    await until(
      () => page.data.phase !== 'loading',
      'the file read',
      () => [page.data.phase, page.data.step],
    );
    await chosen;
    await until(
      () => settled(page),
      'the board of the whole file',
      () => [page.data.phase, page.data.error, page.ratings.error, page.slice.votes, !!page.ratings.leaderboard, page.ratings.computing],
    );
    // A lens on the page's context, as the lens host runs it: asked again when the slice changes.
    let lens!: Live<number>;
    cleanups.push(
      $effect.root(() => {
        lens = live(() => {
          const c = page.context;
          const where = c?.where.sql ? ` WHERE ${c.where.sql}` : '';
          return c
            ? c.query({ sql: `SELECT sum(weight) AS n FROM battles${where}`, params: c.where.params }).then(([r]) => Number(r.n))
            : null;
        });
      }),
    );
    await until(
      () => lens.value === 40,
      'the lens on the whole file',
      () => [lens.value, lens.error],
    );
    const source = addressed().source;
    expect(source.kind === 'local' && [source.file.name, source.file.size]).toEqual(['votes.csv', file.size]);
    expect([page.slice.votes, page.slice.models]).toEqual([40, 2]);
    expect(gap(page)).toBeCloseTo(400 * Math.log10(3), 1);

    page.setFilters(FRENCH, { ...page.view.state.quick, minVotes: 0 });
    await until(
      () => page.slice.votes === 10 && settled(page),
      'the board of the French votes',
      () => [page.slice.votes, page.slice.where, page.slice.problem, page.view.state.filters, page.ratings.computing, page.ratings.error],
    );
    expect(page.sliceLabel).toMatch(/French/);
    await until(
      () => lens.value === 10,
      'the lens on the French votes',
      () => [lens.value, lens.error],
    );
    expect(Math.abs(gap(page))).toBeLessThan(1e-6);
    await until(() => addressed().filters.length === 1, 'the filter in the address');
    expect(addressed().filters).toEqual(FRENCH);
    link = location.search;
  });

  it('a link naming a file asks for it, checks the file given, and keeps the link’s filters', async () => {
    goTo(`/${link}`);
    const page = newPage();
    cleanups.push(page.start());
    expect(page.sources.linkWantsFile).toBe(true);
    expect(page.dataset).toBeNull();
    await page.sources.chooseFile(csv('votes.csv'));
    expect(page.view.notes).toEqual([]);
    expect(page.view.state.filters).toEqual(FRENCH);
    await until(() => page.slice.votes === 10 && settled(page), 'the linked slice');

    // Back to the address before the filter: the page reads it and follows, without reading the file again.
    const loads = page.data.loads;
    const source = addressed().source;
    const before = new URLSearchParams(link);
    before.delete('f');
    goTo(`/?${before}`);
    expect([addressed().source, addressed().filters]).toEqual([source, []]);
    window.dispatchEvent(new Event('popstate'));
    expect(page.view.state.filters).toEqual([]);
    await until(() => page.slice.votes === 40 && settled(page), 'the whole file again');
    expect(page.data.loads).toBe(loads);
  });

  it('another file given for the link is said not to be the one, and shown anyway', async () => {
    goTo(`/${link}`);
    const page = newPage();
    cleanups.push(page.start());
    await page.sources.chooseFile(csv('votes.csv', ROWS.slice(1)));
    expect(page.view.notes).toEqual(['votes.csv is not the file this link was made from (size or content differs); showing it anyway']);
    await until(() => page.data.phase === 'ready' && settled(page), 'the other file');
    expect(page.view.state.filters).toEqual(FRENCH);
    expect(page.slice.votes).toBe(10);
  });
});
