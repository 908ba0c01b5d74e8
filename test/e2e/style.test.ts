import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { appUrl, downloadedText, openSession, type Session } from './browser.ts';
import { waitForDataset, waitForRatings, closeChecked } from './page-helpers.ts';

const expected = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8'));
const conversations = expected.samples['arena-conversations.parquet'];

async function downloadCsv(page: Page, testId: string): Promise<Record<string, string>[]> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  const [head, ...lines] = (await downloadedText(file))
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));
  return lines.map((l) => Object.fromEntries(head.map((h, i) => [h, l[i]])));
}

async function waitForStyle(page: Page, votes: number) {
  await page.waitForFunction(
    (n) =>
      document.querySelector('[data-testid="style-votes"]')?.getAttribute('data-votes') === String(n) &&
      !document.querySelector('[data-testid="style-progress"]'),
    votes,
    { timeout: 120_000 },
  );
}

describe('the Style control lens on the default sample', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openSession();
    await session.page.goto(appUrl('?sample=arena-conversations'));
    await waitForDataset(session.page, 'arena-conversations.parquet');
    await waitForRatings(session.page);
  });
  afterAll(async () => {
    expect(session.errors).toEqual([]);
    await closeChecked(session);
  });

  test('shows raw and style-controlled ratings for every model and the fitted coefficients', async () => {
    const { page } = session;
    const board = await downloadCsv(page, 'download-leaderboard-csv');
    await page.getByTestId('lens-style').click();
    await waitForStyle(page, conversations.votes);
    const rows = page.locator('[data-testid="style-table"] tbody tr');
    expect(await rows.count()).toBe(conversations.models);
    const cells = await rows.evaluateAll((trs) =>
      trs.map((tr) => ({
        model: tr.getAttribute('data-model')!,
        raw: Number(tr.querySelector('[data-field="raw"]')!.textContent!.replace(/,/g, '')),
        controlled: Number(tr.querySelector('[data-field="controlled"]')!.textContent!.replace(/,/g, '')),
      })),
    );
    expect(cells.map((c) => c.model).sort()).toEqual([...conversations.model_names].sort());
    // The raw column is the app's Bradley-Terry on the same votes: the Leaderboard's ratings.
    for (const c of cells) {
      const lb = board.find((r) => r.model === c.model)!;
      expect(Math.abs(c.raw - Number(lb.rating)), c.model).toBeLessThanOrEqual(0.051);
      expect(Number.isFinite(c.controlled)).toBe(true);
    }
    const coefficients = page.locator('[data-testid="style-coefficients"] li');
    expect(await coefficients.count()).toBe(4);
    const length = page.locator('[data-testid="style-coefficients"] li[data-feature="length"]');
    expect(await length.getAttribute('data-used')).toBe('true');
    expect(await length.textContent()).toMatch(/longer answers \(characters\): [+−]\d+\.\d points per SD/);
    // The sample plants no style effect: a small length coefficient.
    expect(Math.abs(Number(await length.getAttribute('data-elo')))).toBeLessThan(15);
    expect(await page.locator('[data-chart$="-style-coefficients"] svg').count()).toBeGreaterThan(0);
    expect(await page.locator('[data-chart$="-style-ratings"] svg').count()).toBeGreaterThan(0);
  });

  test('sorts the table by a column and downloads it as CSV', async () => {
    const { page } = session;
    await page.locator('[data-testid="style-table"] th button[data-sort="change"]').click();
    const changes = await page.locator('[data-testid="style-table"] tbody td[data-field="change"]').allTextContents();
    const values = changes.map((t) => Number(t.replace('−', '-')));
    expect(values).toEqual([...values].sort((x, y) => y - x));
    const csv = await downloadCsv(page, 'download-style-csv');
    expect(Object.keys(csv[0])).toEqual([
      'model',
      'raw_rating',
      'raw_rank',
      'controlled_rating',
      'controlled_lower',
      'controlled_upper',
      'controlled_rank',
      'change',
      'votes',
      'flag',
      'features',
      'source_file',
      'source_fingerprint',
      'slice',
      'quick_filters',
      'anchor',
      'ties_model',
      'interval_method',
      'bootstrap_rounds',
      'rounds_done',
      'provisional',
      'seed',
      'vote_weighting',
    ]);
    expect(csv[0]).toMatchObject({ features: 'text', interval_method: 'sandwich' });
    expect(csv).toHaveLength(conversations.models);
    for (const r of csv) {
      expect(Math.abs(Number(r.controlled_rating) - Number(r.raw_rating) - Number(r.change)), r.model).toBeLessThan(0.11);
    }
  });

  test('follows the slice: a language filter refits on that language’s votes', async () => {
    const { page } = session;
    await page.locator('label[title^="French:"] input[type="checkbox"]').first().check();
    await waitForStyle(page, conversations.planted.languages.French);
    expect(await page.locator('[data-lens-body="style"] h2').textContent()).toContain('French');
    expect(await page.locator('[data-testid="style-table"] tbody tr').count()).toBeGreaterThan(1);
  });
});
