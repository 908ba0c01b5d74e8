import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { appUrl, downloadedText, openSession, type Session } from './browser.ts';
import { closeChecked, downloadText, leaderboardCsv, waitForDataset, waitForRatings } from './page-helpers.ts';

const expected = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8'));
const SAMPLE = 'arena-conversations';
const models = expected.samples[`${SAMPLE}.parquet`].models as number;

/** CSV text to records (the leaderboard's fields have no commas). */
function records(text: string): Record<string, string>[] {
  const [header, ...lines] = text
    .trim()
    .split('\r\n')
    .map((l) => l.split(','));
  return lines.map((l) => Object.fromEntries(header.map((h, k) => [h, l[k]])));
}

async function open(query: string): Promise<Session> {
  const session = await openSession();
  await session.page.goto(appUrl(`?sample=${SAMPLE}${query}`));
  await waitForDataset(session.page, `${SAMPLE}.parquet`);
  await waitForRatings(session.page);
  return session;
}

const rowCells = (page: Page, field: string) =>
  page.locator(`[data-testid="leaderboard"] tbody td[data-field="${field}"]`).allTextContents();

describe('statistics a reader can trust, on the leaderboard', () => {
  let session: Session;
  beforeAll(async () => (session = await open('&tiers=1')));
  afterAll(async () => {
    expect(session.errors).toEqual([]);
    await closeChecked(session);
  });

  test('each model shows its 95% rank range and tier, and the table sorts by rank range', async () => {
    const { page } = session;
    const ranges = await rowCells(page, 'rank-range');
    expect(ranges).toHaveLength(models);
    expect(ranges.every((r) => /^\d+(–\d+)?$/.test(r))).toBe(true);
    const tiers = (await rowCells(page, 'tier')).map(Number);
    expect(tiers[0]).toBe(1);
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
    await expect.poll(() => page.getByTestId('tier-rule').textContent()).toMatch(/the anchor never moves/i);
    await page.getByTestId('leaderboard').getByRole('button', { name: 'Rank range' }).click();
    const lows = (await rowCells(page, 'rank-range')).map((r) => Number(r.split('–')[0]));
    expect(lows).toEqual([...lows].sort((a, b) => a - b));
  });

  test('tiers do not move when the table is searched', async () => {
    const { page } = session;
    const before = new Map(
      (await page
        .locator('[data-testid="leaderboard"] tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-model'), tr.getAttribute('data-tier')]))) as [string, string][],
    );
    await page.getByTestId('leaderboard-search').fill('13b');
    const after = await page
      .locator('[data-testid="leaderboard"] tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [tr.getAttribute('data-model'), tr.getAttribute('data-tier')]));
    expect(after.length).toBeGreaterThan(1);
    for (const [model, tier] of after) expect(tier).toBe(before.get(model!));
    await page.getByTestId('leaderboard-search').fill('');
  });

  test('a line above the table says how many neighbouring pairs are separated at 95%', async () => {
    const signal = session.page.getByTestId('order-signal');
    expect(await signal.getAttribute('data-pairs')).toBe(String(models - 1));
    expect(await signal.textContent()).toMatch(/How much of the order is signal: \d+ of \d+ neighbouring pairs are separated at 95%/);
  });

  test('the CSV and JSON downloads carry rank ranges, tiers, both interval kinds and the provenance', async () => {
    const { page } = session;
    const rows = records(await leaderboardCsv(page));
    expect(rows).toHaveLength(models);
    for (const r of rows) {
      expect(Number(r.rank_lower)).toBeLessThanOrEqual(Number(r.rank_upper));
      expect(Number(r.sandwich_lower)).toBeLessThan(Number(r.rating));
      expect(r).toMatchObject({
        source_file: `${SAMPLE}.parquet`,
        slice: 'all votes',
        quick_filters: 'none',
        anchor: 'mean 1000',
        ties_model: 'half',
        interval_method: 'bootstrap',
        bootstrap_rounds: '1000',
        seed: '0',
      });
      expect(r.source_fingerprint).toMatch(/^[0-9a-f]{16}$/);
    }
    const json = JSON.parse(await downloadText(page, () => page.getByTestId('download-leaderboard-json').click()));
    expect(json.format).toBe('arena-lens-leaderboard/2');
    expect(json.provenance).toMatchObject({ source_file: `${SAMPLE}.parquet`, interval_method: 'bootstrap', seed: 0 });
    expect(json.pairwise.rounds).toBe(1000);
    expect(json.signal.adjacent_pairs).toBe(models - 1);
  });

  test('the interval chart writes each model’s rank range beside its bar, and its SVG carries the provenance', async () => {
    const { page } = session;
    const chart = page.locator('[data-chart$="rating-intervals"]');
    await expect.poll(() => chart.locator('svg text').allTextContents()).toContainEqual(expect.stringMatching(/^#\d+(–\d+)?$/));
    expect(await chart.getByTestId('chart-provenance').textContent()).toContain('anchor mean 1000');
    const svg = await downloadText(page, () => chart.locator('[data-download="svg"]').click());
    expect(svg).toMatch(
      /<metadata>Ratings with 95% intervals.*arena-conversations\.parquet \(fingerprint [0-9a-f]{16}\).*slice: all votes.*seed 0<\/metadata>/,
    );
  });

  test('switching to sandwich intervals shows them at once, and the caption says so', async () => {
    const { page } = session;
    await page.getByText('Rating options').click();
    await page.getByTestId('option-intervals').selectOption('sandwich');
    await expect.poll(() => page.getByTestId('leaderboard-caption').textContent()).toContain('sandwich (robust)');
    await waitForRatings(page);
    const rows = records(await leaderboardCsv(page));
    for (const r of rows) {
      expect(r.lower).toBe(r.sandwich_lower);
      expect(r.interval_method).toBe('sandwich');
    }
    expect(page.url()).toContain('ci=sandwich');
  });
});

describe('pairwise confidence in the matrix', () => {
  let session: Session;
  beforeAll(async () => {
    session = await open('');
    await session.page.getByTestId('lens-matrix').click();
  });
  afterAll(async () => {
    expect(session.errors).toEqual([]);
    await closeChecked(session);
  });

  test('a mode shows the share of bootstrap rounds with the row model above, and the pair’s detail says it in words', async () => {
    const { page } = session;
    await page.getByTestId('matrix-mode-confidence').check();
    await page.waitForSelector('[data-testid="matrix-lens"][data-mode="confidence"] [data-testid="matrix"] svg');
    await expect
      .poll(() => page.locator('[data-chart$="pairwise-confidence"] .subtitle').textContent())
      .toMatch(/Share of 1000 bootstrap rounds/);
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('download-matrix-csv').click()]);
    const lines = (await downloadedText(file))
      .trim()
      .split('\r\n')
      .map((l) => l.split(','));
    const n = lines.length - 1;
    // Row i over column j plus row j over column i is one whole round each time.
    for (let i = 1; i <= n; i++)
      for (let j = 1; j <= n; j++) if (i !== j) expect(Number(lines[i][j]) + Number(lines[j][i])).toBeCloseTo(1, 4);
    await page.getByTestId('pair-show').click();
    await expect
      .poll(() => page.getByTestId('pair-confidence').textContent())
      .toMatch(/is rated above .* in \d+\.\d% of\s+1000 bootstrap rounds/);
  });
});

describe('the compare lens never claims what it did not finish', () => {
  let session: Session;
  beforeAll(async () => {
    session = await open('');
    await session.page.getByTestId('lens-compare').click();
  });
  afterAll(async () => {
    expect(session.errors).toEqual([]);
    await closeChecked(session);
  });

  test('states its correction, finishes its rounds and marks significance only then', async () => {
    const { page } = session;
    await page.waitForSelector('[data-testid="slice-left-value"] option', { state: 'attached' });
    await page.getByTestId('slice-left-dimension').selectOption({ label: 'language' });
    await page.getByTestId('slice-left-value').selectOption('"French"');
    const correction = page.getByTestId('compare-correction');
    await expect
      .poll(async () => (await correction.innerText()).replace(/\s+/g, ' '), { timeout: 90_000 })
      .toMatch(/of \d+ models tested differ significantly \(Holm-corrected, family-wise 5%\)/);
    expect(await page.getByTestId('compare-progress').count()).toBe(0);
    const states = await page
      .locator('[data-testid="compare-table"] tbody tr')
      .evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-significant')));
    expect(states).not.toContain('pending');
  });
});
