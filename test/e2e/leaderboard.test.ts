import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ARENA_COUNTS as COUNTS, ARENA_COUNTS_SHA256, readArenaExpected } from '../fixtures/paths.ts';
import { appUrl, openSession, type Session } from './browser.ts';
import {
  closeChecked,
  DEFAULT_SAMPLE_FILE,
  downloadText,
  dropFile,
  leaderboardCsv,
  openOnSample,
  waitForDataset,
  waitForRatings,
} from './page-helpers.ts';
import { main as rankMain } from '../../src/cli/rank.ts';
import { run, type BoardRecord } from '../unit/cli/helpers.ts';

const EXPECTED = readArenaExpected();

/**
 * The shipped details of the default sample, its names deliberately spoilt the ways files differ
 * (case, dashes to underscores, dots to spaces), one model left out, one renamed past matching,
 * and one price that is not a number.
 */
const SHIPPED = readFileSync(resolve('static-data/chatbot-arena-20240814-models.csv'), 'utf8').trim().split('\n');
const [HEADER, ...LINES] = SHIPPED;
const LEFT_OUT = 'yi-large-preview';
const RENAMED = 'zephyr-7b-beta';
const spoilt = LINES.filter((l) => !l.startsWith(`${LEFT_OUT},`)).map((line, k) => {
  const [name, ...rest] = line.split(',');
  if (name === RENAMED) return ['zephyr-7b-betta', ...rest].join(',');
  if (name === 'gpt-4o-2024-05-13') return [name, rest[0], rest[1], rest[2], 'cheap', ...rest.slice(4)].join(',');
  const changed = k % 3 === 0 ? name.toUpperCase() : k % 3 === 1 ? name.replace(/-/g, '_') : name.replace(/\./g, ' ');
  return [changed, ...rest].join(',');
});
const OPENAI = new Set(LINES.filter((l) => l.split(',')[1] === 'OpenAI').map((l) => l.split(',')[0]));
const OPEN_WEIGHTS = LINES.filter((l) => l.split(',')[3] === 'yes' && !l.startsWith(`${LEFT_OUT},`) && !l.startsWith(`${RENAMED},`)).length;

function parseCsv(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split(/\r?\n/);
  const names = header.split(',');
  // Model names in this file have no commas or quotes; a stricter parser is not needed here.
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [names[i], v])));
}

describe('the first visit: the leaderboard on real Chatbot Arena counts (2024-08-14)', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    // No parameters: what anyone opening the hosted page sees first.
    await session.page.goto(appUrl());
    await waitForDataset(session.page, DEFAULT_SAMPLE_FILE);
    await waitForRatings(session.page);
  });
  afterAll(() => closeChecked(session));

  test('ships the same bytes as the reference file, and says where they come from and under which licence', async () => {
    const { page } = session;
    expect(resolve('static-data', DEFAULT_SAMPLE_FILE)).toBe(COUNTS);
    expect(createHash('sha256').update(readFileSync(COUNTS)).digest('hex')).toBe(ARENA_COUNTS_SHA256);
    const credit = page.getByTestId('sample-credit');
    await expect.poll(() => credit.textContent()).toContain('clean_battle_20240814');
    const notice = await credit.getByRole('link').getAttribute('href');
    const text = await page.evaluate(async (href) => (await fetch(href!)).text(), notice);
    expect(text).toContain('BSD 3-Clause');
    expect(text).toContain('leaderbot');
  });

  test('shows one row per model, 129 in all', async () => {
    expect(await session.page.locator('[data-testid="leaderboard"] tbody tr').count()).toBe(129);
  });

  test('downloads a CSV whose ratings match the reference within 0.05, with intervals and ranks', async () => {
    const { page } = session;
    const text = await leaderboardCsv(page);
    expect(text.split(/\r?\n/)[0]).toMatch(/^rank,model,rating,lower,upper,votes,wins,losses,ties,group/);
    const rows = parseCsv(text);
    expect(rows).toHaveLength(129);
    for (const row of rows) {
      expect(Math.abs(Number(row.rating) - EXPECTED.mean_1000[row.model]), row.model).toBeLessThan(0.05);
      expect(Number(row.lower)).toBeLessThan(Number(row.rating));
      expect(Number(row.upper)).toBeGreaterThan(Number(row.rating));
      expect(Number(row.rank)).toBeGreaterThanOrEqual(1);
    }
    expect(rows.reduce((sum, r) => sum + Number(r.votes), 0)).toBe(2 * 1_670_250);
  });

  test('anchoring mixtral at 1114 reproduces the LMArena convention', async () => {
    const { page } = session;
    await page.getByText('Rating options').click();
    await page.getByTestId('option-anchor-model').selectOption('mixtral-8x7b-instruct-v0.1');
    await page.getByTestId('option-anchor-value').fill('1114');
    await page.getByTestId('option-anchor-value').blur();
    await expect
      .poll(() => page.locator('[data-testid="leaderboard"] tr[data-model="mixtral-8x7b-instruct-v0.1"] td.strong').textContent())
      .toBe('1,114.0');
    const top = await page.locator('[data-testid="leaderboard"] tbody tr').first().getAttribute('data-model');
    const shown = await page.locator(`[data-testid="leaderboard"] tr[data-model="${top}"] td.strong`).textContent();
    expect(Math.abs(Number(shown!.replace(/,/g, '')) - EXPECTED.anchored_mixtral_8x7b_instruct_v0_1_at_1114[top!])).toBeLessThan(0.06);
    await page.getByTestId('option-anchor-model').selectOption('');
  });

  test("one click switches to LMArena's scale, where chatgpt-4o-latest reads 1315, and one click back", async () => {
    const { page } = session;
    const anchored = EXPECTED.anchored_mixtral_8x7b_instruct_v0_1_at_1114;
    // The interval chart sits under the 129 rows, out of sight: it is redrawn when the page is idle.
    const chart = page.locator('[data-chart$="rating-intervals"]');
    const highestTick = () =>
      chart.evaluate((c) => {
        const ticks = [...c.querySelectorAll('svg g[aria-label="x-axis tick label"] text')];
        return { top: c.getBoundingClientRect().top, highest: Math.max(...ticks.map((t) => Number(t.textContent!.replace(/,/g, '')))) };
      });
    await expect.poll(async () => (await highestTick()).highest).toBeLessThan(1250);
    await waitForRatings(page);
    const onMean = await leaderboardCsv(page);
    await page.getByTestId('scale-lmarena').click();
    await expect.poll(() => page.url()).toContain('anchor=mixtral-8x7b-instruct-v0.1@1114');
    await waitForRatings(page);
    await expect
      .poll(() => page.locator('[data-testid="leaderboard"] tr[data-model="mixtral-8x7b-instruct-v0.1"] td.strong').textContent())
      .toBe('1,114.0');
    const rows = parseCsv(await leaderboardCsv(page));
    expect(rows).toHaveLength(129);
    for (const row of rows) expect(Math.abs(Number(row.rating) - anchored[row.model]), row.model).toBeLessThan(0.05);
    expect(Number(rows.find((r) => r.model === 'chatgpt-4o-latest')!.rating)).toBeCloseTo(1315.16, 1);
    // The board the switch shows at once (prepared by the worker after the final board) has the intervals the
    // command line computes on that scale from scratch: every round pinned at the anchor.
    const cli: BoardRecord[] = JSON.parse(
      (await run(rankMain, COUNTS, '--anchor', 'mixtral-8x7b-instruct-v0.1=1114', '--json')).stdout,
    ).models;
    expect(cli).toHaveLength(129);
    for (const r of cli) {
      const row = rows.find((x) => x.model === r.model)!;
      // The CSV rounds to 0.001.
      for (const key of ['rating', 'lower', 'upper'] as const)
        expect(Math.abs(Number(row[key]) - r[key]!), `${r.model} ${key}`).toBeLessThan(0.0011);
    }
    await expect.poll(async () => (await highestTick()).highest).toBeGreaterThanOrEqual(1310);
    expect((await highestTick()).top, 'the chart is below the fold').toBeGreaterThan(900);
    await page.getByTestId('scale-mean').click();
    await expect.poll(() => page.url()).not.toContain('anchor=');
    await waitForRatings(page);
    // And one click back is the board it left, byte for byte.
    await expect.poll(() => leaderboardCsv(page)).toBe(onMean);
  });

  test('sorts by every column and searches by name', async () => {
    const { page } = session;
    const table = page.getByTestId('leaderboard');
    const votes = async () =>
      (await table.locator('tbody tr td[data-field="votes"]').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
    await table.getByRole('button', { name: 'Votes' }).click();
    const desc = await votes();
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    await table.getByRole('button', { name: 'Votes' }).click();
    const asc = await votes();
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    await table.getByRole('button', { name: 'Model' }).click();
    const names = await table.locator('tbody th.model').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    await page.getByTestId('leaderboard-search').fill('claude-3');
    const found = await table.locator('tbody th.model').allTextContents();
    expect(found.length).toBeGreaterThan(2);
    expect(found.every((n) => n.includes('claude-3'))).toBe(true);
    await page.getByTestId('leaderboard-search').fill('');
    await page.getByTestId('leaderboard-top').selectOption('10');
    expect(await table.locator('tbody tr').count()).toBe(10);
    await page.getByTestId('leaderboard-top').selectOption('0');
  });

  test('downloads JSON with the same models', async () => {
    const { page } = session;
    const records = JSON.parse(await downloadText(page, () => page.getByTestId('download-leaderboard-json').click())).models;
    expect(records).toHaveLength(129);
    expect(Object.keys(records[0])).toEqual(expect.arrayContaining(['model', 'rating', 'lower', 'upper', 'rank', 'votes', 'group']));
  });

  // Last: it leaves the board filtered to open-weights models.
  test('a file with mismatched names joins, lists what it could not match, colours and hides, and reopens from the address', async () => {
    const { page } = session;
    const path = join(mkdtempSync(join(tmpdir(), 'details-')), 'my models.csv');
    writeFileSync(path, [HEADER, ...spoilt].join('\n'));
    // The sample offers its own details; a file of the user's is what the test opens.
    await page.getByTestId('model-details').locator('summary').first().click();
    await expect.poll(() => page.getByTestId('details-sample').textContent()).toContain('Add model details');
    await page.getByTestId('details-file').setInputFiles(path);
    const summary = page.getByTestId('details-summary');
    await summary.waitFor();
    expect(await summary.getAttribute('data-matched')).toBe('127');
    expect(await summary.getAttribute('data-models')).toBe('129');
    // Unmatched on both sides, each with the nearest name of the other side.
    const votes = page.getByTestId('details-unmatched-votes');
    expect(await votes.locator('li').evaluateAll((li) => li.map((x) => x.getAttribute('data-model')))).toEqual([LEFT_OUT, RENAMED]);
    expect(await votes.locator(`li[data-model="${RENAMED}"]`).textContent()).toContain('nearest in the file: zephyr-7b-betta');
    const file = page.getByTestId('details-unmatched-file');
    expect(await file.locator('li').evaluateAll((li) => li.map((x) => x.getAttribute('data-model')))).toEqual(['zephyr-7b-betta']);
    expect(await page.getByTestId('details-bad').textContent()).toContain('"cheap"');

    // Colour by organisation: a key under the chart and dots of several colours.
    const key = page.getByTestId('interval-organisations');
    expect(await key.locator('[data-org="OpenAI"]').count()).toBe(1);
    // The key and the redrawn chart come from one change but paint in separate frames.
    const fills = () =>
      page
        .getByTestId('interval-chart')
        .locator('svg circle')
        .evaluateAll((c) => new Set(c.map((x) => x.getAttribute('fill'))).size);
    await expect.poll(fills).toBeGreaterThan(3);

    // The price chart and its frontier; the best model per organisation is the top of its rows on the board.
    const chart = page.getByTestId('price-chart');
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(80);
    expect((await chart.getAttribute('data-frontier'))!.split('|').length).toBeGreaterThan(1);
    const board = await page
      .locator('[data-testid="leaderboard"] tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [r.getAttribute('data-model')!, Number(r.querySelector('td.strong')!.textContent!.replace(/,/g, ''))] as const),
      );
    const firstOpenAi = board.filter(([m]) => OPENAI.has(m)).sort((a, b) => b[1] - a[1])[0][0];
    expect(
      await page.locator('[data-testid="best-per-organisation"] tr[data-organisation="OpenAI"] [data-field="model"]').textContent(),
    ).toBe(firstOpenAi);

    // Open weights only: the closed ones and the two without details leave the board.
    await page.getByTestId('details-open-only').check();
    await expect.poll(() => page.locator('[data-testid="leaderboard"] tbody tr').count()).toBe(OPEN_WEIGHTS);
    expect(await page.getByTestId('details-hidden').getAttribute('data-hidden')).toBe(String(129 - OPEN_WEIGHTS));
    expect(await page.getByTestId('details-hidden').textContent()).toContain('2 without an open-weights value');

    // The address names the file and the filter; a fresh page asks for the file again.
    const link = page.url();
    expect(link).toContain('md_file=my%20models.csv~');
    expect(link).toContain('md_open=1');
    const fresh = await openSession();
    try {
      await fresh.page.goto(link);
      await waitForDataset(fresh.page, DEFAULT_SAMPLE_FILE);
      await fresh.page.getByTestId('details-file-prompt').waitFor();
      await fresh.page.getByTestId('details-file-input').setInputFiles(path);
      await fresh.page.getByTestId('details-summary').waitFor();
      expect(await fresh.page.getByTestId('details-summary').getAttribute('data-matched')).toBe('127');
      await expect.poll(() => fresh.page.locator('[data-testid="leaderboard"] tbody tr').count()).toBe(OPEN_WEIGHTS);
      expect(await fresh.page.locator('[data-testid="view-notes"]').count()).toBe(0);

      // An address instead: read by the page's worker, and read again when the link is reopened.
      writeFileSync(join(inject('remoteDir'), 'details-spoilt.csv'), [HEADER, ...spoilt].join('\n'));
      const details = fresh.page.getByTestId('model-details');
      if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').first().click();
      await fresh.page.getByTestId('details-url').fill(`${new URL(fresh.page.url()).origin}/remote/details-spoilt.csv`);
      await details.getByRole('button', { name: 'Read', exact: true }).click();
      await expect.poll(() => fresh.page.getByTestId('details-summary').textContent()).toContain('details-spoilt.csv');
      expect(fresh.page.url()).toContain('md_src=');
      await fresh.page.reload();
      await waitForDataset(fresh.page, DEFAULT_SAMPLE_FILE);
      await expect.poll(() => fresh.page.getByTestId('details-summary').getAttribute('data-matched'), { timeout: 60_000 }).toBe('127');
      expect(await fresh.page.getByTestId('details-file-prompt').count()).toBe(0);
    } finally {
      await fresh.close();
    }
  });
});

describe('a dataset whose models never met across groups', () => {
  let session: Session;
  beforeAll(async () => (session = await openOnSample()));
  afterAll(async () => {
    await session.close();
  });

  test('shows each model its group and says plainly that groups cannot be compared', async () => {
    const { page } = session;
    await dropFile(page, resolve('static-data/pair-counts.csv'));
    await waitForRatings(page);
    const warning = page.locator('[data-warning="disconnected"]');
    await expect.poll(() => warning.textContent()).toContain('2 separate comparison groups');
    // Markup wraps its text: compare what the reader sees, whitespace collapsed.
    expect((await warning.innerText()).replace(/\s+/g, ' ')).toContain('cannot be compared');
    const groups = await page.locator('[data-testid="leaderboard"] tbody tr td:last-child').allTextContents();
    expect(new Set(groups)).toEqual(new Set(['1', '2']));
  });

  test('a model that never lost is shown apart with its record, not as a huge number', async () => {
    const { page } = session;
    await dropFile(page, resolve('static-data/french-maxx.parquet'));
    await page.getByTestId('lens-leaderboard').click();
    const unrated = page.getByTestId('unrated-models');
    await expect.poll(() => unrated.textContent()).toContain('never lost');
    expect(await unrated.textContent()).toContain('optimal');
  });
});

describe('the other views of the ratings', () => {
  test('online Elo is shown beside Bradley-Terry, labelled as order-dependent; Davidson reports the tie propensity', async () => {
    const session = await openOnSample({ rated: true });
    try {
      const { page } = session;
      const elo = page.getByTestId('online-elo');
      await elo.locator('summary').click();
      expect(await elo.textContent()).toContain('depends on vote order');
      await expect.poll(() => elo.locator('tbody tr').count(), { timeout: 60_000 }).toBe(24);
      const first = await elo.locator('tbody tr').first().locator('td').allTextContents();
      expect(Number(first[1].replace(/,/g, ''))).toBeGreaterThan(1000);
      await page.getByText('Rating options').click();
      await page.getByTestId('option-ties').selectOption('davidson');
      await expect.poll(() => page.getByTestId('davidson-ties').textContent(), { timeout: 60_000 }).toMatch(/ν = \d\.\d{3}/);
    } finally {
      await closeChecked(session);
    }
  });
});
