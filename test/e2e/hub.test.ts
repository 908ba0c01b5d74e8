import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { appUrl, openSession, type Session } from './browser.ts';
import { loadsSoFar, summaryFigures, waitForDataset, waitForRatings } from './page-helpers.ts';
import { FILE_HOST, HUB, refuseOtherHosts, startFakeHub, type FakeDataset, type FakeHub } from './fake-hub.ts';
import { createNodeConnector } from '../../src/cli/node-connector.ts';
import { PUBLIC_DATASETS } from '../../src/core/hub/public-datasets.ts';
import { mtBenchReference } from '../unit/sources/mt-bench-reference.ts';
import { HUB_CONNECT_ORIGINS } from '../../src/core/hub/hub-api.ts';

const expected = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8'));
// Every sample the generator lists, under the Hub id of the public dataset of its shape (or a test
// id when no public dataset has it), converted to parquet as the Hub's parquet conversion does and
// split into shards when large: so the test follows the samples when they change.
const samples = Object.entries(expected.samples as Record<string, { preset: string; rows: number; votes: number; models: number }>);
const work = resolve('test/.cache/fake-hub');

interface Case {
  file: string;
  id: string;
  dataset: FakeDataset;
  planted: (typeof samples)[number][1];
}

async function buildCases(): Promise<Case[]> {
  mkdirSync(work, { recursive: true });
  const db = await createNodeConnector();
  const used = new Set<string>();
  const cases: Case[] = [];
  try {
    for (const [file, planted] of samples) {
      const match = PUBLIC_DATASETS.find((d) => d.id && d.preset === planted.preset && !used.has(d.id));
      const id = match?.id ?? `arena-lens-test/${file.replace(/\.[^.]+$/, '')}`;
      used.add(id);
      const source = resolve('static-data', file);
      const reader = file.endsWith('.parquet') ? 'read_parquet($1)' : file.endsWith('.csv') ? 'read_csv($1)' : 'read_json($1)';
      const count = planted.rows >= 10_000 ? 3 : 1;
      const shards: string[] = [];
      for (let k = 0; k < count; k++) {
        const path = join(work, `${file.replace(/\.[^.]+$/, '')}-${k}.parquet`);
        // Row order kept: shard k holds the k-th third of the rows.
        await db.query(
          `COPY (SELECT * EXCLUDE (i) FROM (SELECT *, row_number() OVER () - 1 AS i FROM ${reader}) WHERE i * $2 // $3 = $4) TO '${path}' (FORMAT parquet)`,
          [source, count, planted.rows, k],
        );
        shards.push(path);
      }
      cases.push({ file, id, planted, dataset: { config: 'default', split: 'train', shards } });
    }
  } finally {
    db.close();
  }
  return cases;
}

/** Requests that went anywhere but the test server and the routed Hub hosts. */
const elsewhere = (session: Session) =>
  session.requests.filter(
    (u) =>
      !u.startsWith(new URL(inject('baseUrl')).origin) &&
      !u.startsWith(`${HUB}/`) &&
      !u.startsWith(`${FILE_HOST}/`) &&
      !/^(blob|data):/.test(u),
  );

describe('a Hub dataset opened by name, with the Hub answered on loopback', () => {
  let session: Session;
  let cases: Case[];
  let served: FakeHub;
  const report: string[] = [];

  beforeAll(async () => {
    cases = await buildCases();
    served = await startFakeHub({
      ...Object.fromEntries(cases.map((c) => [c.id, c.dataset])),
      'someone/gated-votes': { status: 401 },
      'someone/private-votes': { status: 403 },
      'nobody/no-such-votes': { status: 404 },
      'someone/busy-votes': { status: 429 },
      'someone/no-cors-votes': { noCors: true },
    });
    session = await openSession(undefined, { args: served.args, ignoreHTTPSErrors: true, serviceWorkers: 'allow' });
    await refuseOtherHosts(session.context, new URL(inject('baseUrl')).origin);
    // Every text the status bar shows while loading, to check the progress it gives.
    await session.context.addInitScript(() => {
      const seen: string[] = ((window as unknown as { __status: string[] }).__status = []);
      new MutationObserver(() => {
        const text = document.querySelector('[data-testid="status"]')?.textContent;
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
  });
  afterAll(async () => {
    console.log(`bytes read through ?hf= (file host, only the needed columns):\n  ${report.join('\n  ')}`);
    try {
      expect(elsewhere(session), 'requests to hosts other than localhost and the Hub').toEqual([]);
    } finally {
      await session?.close();
      await served?.close();
    }
  });

  test('the page allows exactly the Hub and its file hosts to be contacted, besides itself', async () => {
    await session.page.goto(appUrl());
    const csp = await session.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    const connect = csp!
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src'))!;
    expect(connect.split(/\s+/).slice(1)).toEqual(["'self'", ...HUB_CONNECT_ORIGINS]);
  });

  test('?hf= and the Hub box open every sample shape, across all its shards, as the generator planted it', async () => {
    const { page } = session;
    for (const [k, c] of cases.entries()) {
      // On the leaderboard, so no lens reads more of the file (text) while the bytes are compared.
      if (k === 0) {
        await page.goto(appUrl(`?hf=${c.id}&lens=leaderboard`));
        await waitForDataset(page, c.id);
      } else {
        // The others on the same page, as a user opens one after another (their eleven page loads took ~18 s of this test's 32 s).
        const before = await loadsSoFar(page);
        await page.getByTestId('hub-menu').selectOption({ label: 'Hub dataset…' });
        await page.getByTestId('hub-input').fill(c.id);
        await page.getByRole('button', { name: 'Open', exact: true }).click();
        await waitForDataset(page, c.id, before);
        await expect.poll(() => page.url()).toContain(`hf=${c.id}`);
      }
      const figures = await summaryFigures(page);
      expect({ file: c.file, ...figures }).toMatchObject({
        file: c.file,
        preset: c.planted.preset,
        rows: c.planted.rows,
        votes: c.planted.votes,
        models: c.planted.models,
      });
      const info = page.getByTestId('hub-info');
      expect(Number(await info.getAttribute('data-shards'))).toBe(c.dataset.shards.length);
      const read = served.bytes.get(c.id)!;
      expect(Number(await info.getAttribute('data-bytes')), `${c.id}: bytes the page counted = bytes the file host sent`).toBe(read);
      const size = c.dataset.shards.reduce((s, p) => s + statSync(p).size, 0);
      report.push(
        `${c.id} (${c.file}, ${c.dataset.shards.length} shard${c.dataset.shards.length > 1 ? 's' : ''}): ${read} of ${size} bytes (${((100 * read) / size).toFixed(0)}%) in ${served.ranges.get(c.id)!.length} range requests`,
      );
      expect(
        served.ranges.get(c.id)!.every((r) => r.startsWith('bytes=')),
        'every read is a range request',
      ).toBe(true);
    }
    // The conversation text is left out of the read (parquet-wasm merges nearby column ranges, so
    // what it saves depends on where the columns sit in the file).
    const big = cases.find((c) => c.planted.preset === 'lmsys-conversations')!;
    const size = big.dataset.shards.reduce((s, p) => s + statSync(p).size, 0);
    expect(served.bytes.get(big.id)!).toBeLessThan(size);
    // Loading a split of several shards said which shard it was reading and how much it had read.
    await page.goto(appUrl(`?hf=${cases.find((c) => c.dataset.shards.length > 1)!.id}`));
    await waitForDataset(page, cases.find((c) => c.dataset.shards.length > 1)!.id);
    const shown = (await page.evaluate(() => (window as unknown as { __status: string[] }).__status)).join('\n');
    expect(shown).toMatch(/reading \(shard 3 of 3, [\d.]+ [kM]?B read\)/);
  });

  test('the Public datasets menu opens one, the link names it, and the link reopens the same view', async () => {
    const { page } = session;
    const c = cases.find((c) => PUBLIC_DATASETS.some((d) => d.id === c.id))!;
    await page.goto(appUrl('?sample=comparag-votes'));
    await waitForDataset(page, 'comparag-votes.parquet');
    await page.getByTestId('hub-menu').selectOption(c.id);
    await waitForDataset(page, c.id);
    await waitForRatings(page);
    await expect.poll(() => page.url()).toContain(`hf=${c.id}`);
    const rows = await page.locator('[data-testid="leaderboard"] tbody tr').allTextContents();
    await page.goto(page.url());
    await waitForDataset(page, c.id);
    await waitForRatings(page);
    expect(await page.locator('[data-testid="leaderboard"] tbody tr').allTextContents()).toEqual(rows);
  });

  test('a pasted dataset page address, with a viewer tail, opens that config and split', async () => {
    const { page } = session;
    const c = cases[cases.length - 1];
    await page.getByTestId('hub-menu').selectOption({ label: 'Hub dataset…' });
    await page.getByTestId('hub-input').fill(`https://huggingface.co/datasets/${c.id}/viewer/default/train`);
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await waitForDataset(page, `${c.id} · default/train`);
    await expect.poll(() => page.url()).toContain(`hf=${c.id}&config=default&split=train`);
    // The same address pasted where a remote parquet address goes opens the dataset too.
    const other = cases[0];
    await page.getByTestId('hub-menu').selectOption({ label: 'Remote URL…' });
    await page.getByTestId('remote-url').fill(`https://huggingface.co/datasets/${other.id}`);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await waitForDataset(page, other.id);
    await expect.poll(() => page.url()).toContain(`hf=${other.id}`);
    await page.getByTestId('hub-menu').selectOption({ label: 'Hub dataset…' });
    await page.getByTestId('hub-input').fill('not a dataset');
    await page.getByRole('button', { name: 'Open', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('expected owner/name');
  });

  test('the Two sources lens compares with a Hub dataset, and the link names it', async () => {
    const { page } = session;
    const human = cases.find((c) => c.file === 'mt-bench-human.parquet')!;
    const judge = cases.find((c) => c.file === 'mt-bench-gpt4-pair.parquet')!;
    const mt = await mtBenchReference();
    await page.goto(appUrl(`?hf=${human.id}&lens=sources`));
    await waitForDataset(page, human.id);
    await page.getByTestId('sources-address').fill(judge.id);
    await page.getByRole('button', { name: 'Compare', exact: true }).click();
    const matched = page.locator('[data-figure="matched"]');
    await expect.poll(() => matched.getAttribute('data-value'), { timeout: 60_000 }).toBe(String(mt.n));
    expect(await page.getByTestId('sources-second').textContent()).toContain(judge.id);
    await expect.poll(() => page.url()).toContain(`with=hf:${judge.id}`);
    // The link reads the Hub dataset again by itself.
    await page.goto(page.url());
    await expect.poll(() => matched.getAttribute('data-value'), { timeout: 60_000 }).toBe(String(mt.n));
    expect(Number(await page.locator('[data-figure="agreement"]').getAttribute('data-value'))).toBeCloseTo(mt.agreement, 9);
  });

  test.each([
    ['someone/gated-votes', /gated or private \(HTTP 401\).*Arena Lens sends no credentials/],
    ['someone/private-votes', /gated or private \(HTTP 403\)/],
    ['nobody/no-such-votes', /no public dataset called nobody\/no-such-votes on the Hub \(HTTP 404\)/],
    ['someone/busy-votes', /limiting requests from this address \(HTTP 429/],
    ['someone/no-cors-votes', /could not reach huggingface\.co for someone\/no-cors-votes.*CORS/],
  ])('%s gets a message that says what happened', async (id, message) => {
    const { page } = session;
    await page.goto(appUrl(`?hf=${id}`));
    await expect.poll(() => page.getByTestId('error').textContent(), { timeout: 30_000 }).toMatch(message);
  });
});
