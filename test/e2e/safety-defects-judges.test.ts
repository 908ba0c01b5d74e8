import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { downloadedText, type Session } from './browser.ts';
import { closeChecked, dropFile, loadsSoFar, openOnSample, summaryFigures, waitForDataset, waitForRatings } from './page-helpers.ts';

const samples = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8')).samples;

/** The headline figures of the open lens, read from their data-value attributes. */
async function figures(page: Page): Promise<Record<string, number>> {
  return page.evaluate(() =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-figure]')].map((el) => [el.getAttribute('data-figure'), Number(el.getAttribute('data-value'))]),
    ),
  );
}

/** Waits until a chart has drawn at least `min` marks of the given kind. */
async function waitForChart(page: Page, name: string, selector = 'rect', min = 1): Promise<number> {
  const sel = `[data-chart="${name}"] svg ${selector}`;
  await page.waitForFunction(([s, n]) => document.querySelectorAll(s).length >= n, [sel, min] as const, { timeout: 60_000 });
  return page.locator(sel).count();
}

/** Clicks the first bar of a chart and waits for the listed rows. */
async function clickBar(page: Page, name: string, selector = '[aria-label^="bar"] rect'): Promise<number> {
  await page.locator(`[data-chart="${name}"] svg ${selector}`).first().click();
  // The list replaces itself while it loads: wait until it holds rows and stops changing.
  const rows = page.locator('[data-testid="lens-rows"] tbody tr');
  let last = -1;
  await expect
    .poll(
      async () => {
        const now = await rows.count();
        const settled = now > 0 && now === last;
        last = now;
        return settled;
      },
      { timeout: 60_000, interval: 150 },
    )
    .toBe(true);
  return last;
}

async function downloadCsv(page: Page, scope: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`${scope} [data-download="csv"]`).first().click()]);
  return downloadedText(download);
}

describe('safety, defects and judges lenses on their samples', () => {
  let session: Session;
  beforeAll(async () => (session = await openOnSample()));
  afterAll(async () => {
    expect(session.errors).toEqual([]);
    expect(await session.page.locator('[data-lens-body] .error').count(), 'error banners in the lenses').toBe(0);
    await closeChecked(session);
  });

  test('the safety lens shows the planted flag counts, draws its charts and lists flagged votes', async () => {
    const { page } = session;
    const planted = samples['arena-conversations.parquet'].planted;
    await waitForRatings(page);
    await page.getByTestId('lens-safety').click();
    await page.waitForSelector('[data-figure="flagged:openai_moderation"]', { timeout: 60_000 });
    const f = await figures(page);
    expect(f['votes']).toBe(30000);
    expect(f['flagged:openai_moderation']).toBe(planted.moderation_flagged);
    expect(f['flagged:toxic_chat_tag.roberta-large']).toBe(planted.toxic_flagged['roberta-large']);
    expect(f['flagged:toxic_chat_tag.t5-large']).toBe(planted.toxic_flagged['t5-large']);
    expect(f['flagged:any-classifier']).toBe(planted.toxic_flagged.any);
    expect(await waitForChart(page, 'arena-conversations-moderation-categories', '[aria-label^="bar"] rect', 11)).toBe(11);
    await waitForChart(page, 'arena-conversations-score-histogram');
    await waitForChart(page, 'arena-conversations-flagged-by-model', '[aria-label^="bar"] rect', 24);
    await waitForChart(page, 'arena-conversations-ratings-flagged-vs-not', 'circle', 24);
    const kappa = await page.locator('[data-agreement]').count();
    expect(kappa).toBe(3);
    // The first category bar is the largest: harassment.
    const rows = await clickBar(page, 'arena-conversations-moderation-categories');
    expect(rows).toBe(Math.min(200, planted.moderation_categories.harassment));
    await expect(page.locator('[data-testid="lens-rows"] h3').textContent()).resolves.toContain('harassment');
    const csv = await downloadCsv(page, '[data-testid="lens-rows"]');
    expect(csv.split('\n')[0]).toContain('model_a');
    expect(csv.trim().split('\n').length).toBe(rows + 1);
  });

  test('French-Maxx opens on the defects lens: label counts over the preference pairs, "no label" for arena rows, second pairs on request', async () => {
    const { page } = session;
    const sample = samples['french-maxx.parquet'];
    const planted = sample.planted;
    await dropFile(page, resolve('static-data/french-maxx.parquet'));
    await expect.poll(() => page.getByTestId('lens-defects').getAttribute('aria-selected')).toBe('true');
    await page.waitForSelector('[data-figure="label:incorrect"]', { timeout: 60_000 });
    const f = await figures(page);
    expect(f['units']).toBe(sample.votes);
    expect(f['label:incorrect']).toBe(planted.defect_counts.incorrect);
    expect(f['label:superficial']).toBe(planted.defect_counts.superficial);
    expect(f['label:instructions_not_followed']).toBe(planted.defect_counts.instructions_not_followed);
    expect(f['label:any_defect']).toBe(planted.defect_counts.any_defect);
    await waitForChart(page, 'french-maxx-label-cooccurrence', '[aria-label="cell"] rect', 9);
    // by source: 3 labels + any defect for the labelled "reactions" rows; the arena rows say "no label", not 0%
    expect(await waitForChart(page, 'french-maxx-labels-by-source', '[aria-label^="bar"] rect', 4)).toBe(4);
    expect(await page.locator('[data-chart="french-maxx-labels-by-source"] svg text').filter({ hasText: 'no label' }).count()).toBe(4);
    await waitForChart(page, 'french-maxx-answer-lengths');
    const rows = await clickBar(page, 'french-maxx-label-rates');
    expect(rows).toBe(200);
    const text = await page.locator('[data-testid="lens-rows"] thead').textContent();
    expect(text).toContain('rejected');
    const csv = await downloadCsv(page, '[data-testid="lens-rows"]');
    expect(csv.split('\n')[0]).toContain('incorrect');
    // Rows without a rejected answer are no pair: set aside and counted.
    expect((await summaryFigures(page)).rejected).toEqual({ 'no rejected answer': planted.no_rejected_rows });
    const before = await loadsSoFar(page);
    await page.getByTestId('optional-pairs').locator('input').check();
    await waitForDataset(page, 'french-maxx.parquet', before);
    expect((await summaryFigures(page)).votes).toBe(planted.votes_with_rejected_2);
    expect(await page.getByTestId('dataset-summary').locator('[data-field="preset"]').getAttribute('data-preset')).toBe('french-maxx');
  });

  test('the defects lens gives comparIA labels per model, side a to model A and side b to model B', async () => {
    const { page } = session;
    const planted = samples['comparia-votes.parquet'].planted;
    await dropFile(page, resolve('static-data/comparia-votes.parquet'));
    await page.getByTestId('lens-defects').click();
    // The lens stays open across the file change: wait for it to count the new file's answers (two per vote).
    await page.waitForSelector('[data-figure="units"][data-value="16000"]', { timeout: 60_000 });
    const f = await figures(page);
    const sum = (label: string) =>
      Object.values(planted.label_counts_per_model as Record<string, Record<string, number>>).reduce((s, m) => s + m[label], 0);
    expect(f['label:incorrect']).toBe(sum('incorrect'));
    expect(f['label:useful']).toBe(sum('useful'));
    expect(await waitForChart(page, 'comparia-votes-labels-per-model', '[aria-label="cell"] rect', 112)).toBe(112);
    // Label counts depend on the slice only: their caption names no anchor nor intervals.
    const rates = page.locator('[data-chart="comparia-votes-label-rates"]');
    expect(await rates.getByTestId('chart-provenance').textContent()).toBe('all votes');
    expect(await rates.locator('.subtitle').textContent()).toBe('16,000 answers · blue: a quality, red: a defect, purple: any defect');
    const cell = page.locator('[data-chart="comparia-votes-labels-per-model"] svg [aria-label="cell"] rect');
    // Cells come in data order: models sorted by name, then the six labels in file order and "any defect".
    const i = [...samples['comparia-votes.parquet'].model_names].sort().indexOf('corvid-7b') * 7 + 3;
    expect(await cell.nth(i).evaluate((el) => (el as unknown as { __data__: unknown }).__data__)).toBe(i);
    await cell.nth(i).click();
    await page.waitForSelector('[data-testid="lens-rows"] h3');
    expect(await page.locator('[data-testid="lens-rows"] h3').textContent()).toContain('corvid-7b');
    await page.waitForFunction(() => document.querySelector('[data-testid="lens-rows"] h3')?.textContent?.includes('corvid-7b'));
    await page.waitForSelector('[data-testid="lens-rows"] tbody tr');
    const rows = await page.locator('[data-testid="lens-rows"] tbody tr').count();
    expect(rows).toBe(Math.min(200, planted.label_counts_per_model['corvid-7b'].incorrect));
  });

  test('GenRM as published (no model columns) opens on the judges lens with the planted agreement, invalid votes and position bias', async () => {
    const { page } = session;
    const sample = samples['genrm-judges.parquet'];
    const planted = sample.planted;
    await dropFile(page, resolve('static-data/genrm-judges.parquet'));
    await expect.poll(() => page.getByTestId('lens-judges').getAttribute('aria-selected')).toBe('true');
    await page.waitForSelector('[data-figure="invalid-votes"]', { timeout: 60_000 });
    const f = await figures(page);
    expect(f['items']).toBe(sample.rows);
    expect(f['unanimous']).toBe(planted.agreement_distribution['1.0']);
    // The three judges' unreadable verdicts, as the file's invalid_votes column sums them; slots 4 and 5 are no judges.
    expect(f['invalid-votes']).toBe(planted.invalid_judge_votes);
    expect(await page.locator('[data-figure="items"]').textContent()).toContain('3 judges');
    expect(f['seat-a-share']).toBeCloseTo(planted.position_bias.a_share_of_decisive_majorities, 4);
    expect(f['swap-inconsistent']).toBeCloseTo(planted.position_bias.swap_pairs.position_inconsistency_rate, 4);
    expect(f['kappa-recorded']).toBeCloseTo(1, 6);
    expect(f['fleiss-kappa']).toBeGreaterThan(0);
    expect(f['fleiss-kappa']).toBeLessThan(1);
    expect(f['krippendorff-alpha']).toBeGreaterThan(0);
    expect(f['krippendorff-alpha']).toBeLessThan(1);
    // How often each judge picks the response shown first, per order: the majority and 3 judges, 2 orders each.
    expect(await waitForChart(page, 'genrm-judges-position-bias', '[aria-label="dot"] path', 8)).toBe(8);
    for (const score of ['agreement_score', 'response_1_judge_score', 'response_2_judge_score'])
      await waitForChart(page, `genrm-judges-${score}`, 'rect');
    await waitForChart(page, 'genrm-judges-judge-agreement', '[aria-label^="bar"] rect', 5);
    expect(await waitForChart(page, 'genrm-judges-judge-verdicts', '[aria-label^="bar"] rect', 12)).toBe(12);
    expect(await waitForChart(page, 'genrm-judges-judge-kappa', 'circle', 3)).toBe(3);
    expect(await waitForChart(page, 'genrm-judges-swap-consistency', '[aria-label^="bar"] rect', 12)).toBe(12);
    const table = await page.locator('[data-table="genrm-judges-judges"] tbody tr').first().textContent();
    expect(table).toContain(String(planted.judges[0].agrees_with_majority.toLocaleString('en-US')));
    // The first agreement bar is the highest level: all three judges agree.
    const rows = await clickBar(page, 'genrm-judges-judge-agreement');
    expect(rows).toBe(Math.min(200, planted.agreement_distribution['1.0']));
    const csv = await downloadCsv(page, '[data-table="genrm-judges-judges"]');
    expect(csv.trim().split('\n')).toHaveLength(5);
  });
});
