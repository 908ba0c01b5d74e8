/**
 * The Two sources lens in the browser: llmfao's crowd file dropped as the dataset and its GPT-4 file
 * as "compare with"; the page's matched count, agreement, κ and τ must equal the independent
 * computation (test/unit/sources/llmfao-reference.ts), the disagreements list both sources' rows,
 * and the address holds both files: a fresh page on it asks for each file again.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { statSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, dropFile, openOnSample, waitForDataset } from './page-helpers.ts';
import { LLMFAO_CROWD, LLMFAO_GPT4 } from '../fixtures/paths.ts';
import { readCsv, reference } from '../unit/sources/llmfao-reference.ts';
import { mtBenchReference } from '../unit/sources/mt-bench-reference.ts';

const ref = reference(readCsv(LLMFAO_CROWD), readCsv(LLMFAO_GPT4));

async function figures(page: Page): Promise<Record<string, number>> {
  await page.locator('[data-figure="tau"]').waitFor({ timeout: 120_000 });
  const pairs = await page
    .locator('[data-figure]')
    .evaluateAll((els) => els.map((e) => [e.getAttribute('data-figure')!, Number(e.getAttribute('data-value'))] as const));
  return Object.fromEntries(pairs);
}

function expectReference(f: Record<string, number>, r: ReturnType<typeof reference> = ref, unmatchedSecond = 0): void {
  expect(f.matched).toBe(r.n);
  expect([f['unmatched-first'], f['unmatched-second']]).toEqual([0, unmatchedSecond]);
  expect(f.agreement).toBeCloseTo(r.agreement, 9);
  expect(f.kappa).toBeCloseTo(r.kappa, 9);
  expect(f.tau).toBeCloseTo(r.tau, 6);
}

describe('two sources on the same items (llmfao crowd vs GPT-4)', () => {
  let session: Session;
  beforeAll(async () => {
    session = await openOnSample();
  });
  afterAll(async () => {
    if (session) await closeChecked(session);
  });

  test('shows the figures an independent computation gives, the disagreements, and keeps both files in the link', async () => {
    const { page } = session;
    await dropFile(page, LLMFAO_CROWD);
    await page.getByTestId('lens-sources').click();
    await page.getByTestId('sources-file-input').setInputFiles(LLMFAO_GPT4);
    expectReference(await figures(page));
    await expect.poll(() => page.getByTestId('sources-key').inputValue()).toBe('id');

    // The confusion table, rows the crowd's verdict and columns GPT-4's.
    const confusion = await page
      .locator('[data-testid="sources-confusion"] tbody tr')
      .evaluateAll((rows) =>
        rows.map((r) => [...r.querySelectorAll('td')].slice(1).map((td) => Number(td.textContent!.replace(/,/g, '')))),
      );
    expect(confusion).toEqual(ref.table);

    // The first disagreement: both sources' rows side by side, values as text.
    const first = page.getByTestId('sources-disagreement').first();
    await first.locator('[data-side="second"] tbody tr').first().waitFor();
    expect(await page.getByTestId('sources-disagreement').count()).toBe(10);
    const sides = await first
      .locator('[data-side]')
      .evaluateAll((els) =>
        els.map((e) => ({ side: e.getAttribute('data-side'), rows: e.querySelectorAll('tbody tr').length, text: e.textContent })),
      );
    expect(sides.map((s) => s.side)).toEqual(['first', 'second']);
    expect(sides[0].rows).toBeGreaterThan(0);
    expect(sides[1].rows).toBe(1);

    // Another key: the model pair with the prompt gives the same items here; the address keeps it.
    await page.getByTestId('sources-key').selectOption('pair+prompt');
    await expect.poll(() => page.url()).toContain('with_key=pair%2Bprompt');
    await expect.poll(() => page.locator('[data-figure="matched"]').textContent()).toContain('model pair + prompt');
    expectReference(await figures(page));

    // The link names both local files and the key; a fresh page asks for each file and shows the same figures.
    const link = page.url();
    expect(link).toContain(`file=crowd-comparisons.csv~${statSync(LLMFAO_CROWD).size}~`);
    expect(link).toContain(`with=file:gpt4-crowd-comparisons.csv~${statSync(LLMFAO_GPT4).size}~`);
    const fresh = await openSession();
    try {
      await fresh.page.goto(link);
      await fresh.page.getByTestId('local-file-input').setInputFiles(LLMFAO_CROWD);
      await waitForDataset(fresh.page, 'crowd-comparisons.csv');
      await fresh.page.getByTestId('sources-file-prompt').waitFor();
      expect(await fresh.page.getByTestId('sources-file-prompt').textContent()).toContain('gpt4-crowd-comparisons.csv');
      await fresh.page.getByTestId('sources-file-input').setInputFiles(LLMFAO_GPT4);
      expectReference(await figures(fresh.page));
      expect(await fresh.page.locator('[data-testid="view-notes"]').count()).toBe(0);
    } finally {
      await fresh.close();
    }
  });
  test('offers a built-in pair: MT-Bench experts and GPT-4, matched by pair, question and turn, and kept in the link', async () => {
    const { page } = session;
    const mt = await mtBenchReference();
    // From another dataset, with no second source named yet.
    await page.goto(appUrl('?sample=arena-conversations&lens=sources'));
    await page.getByTestId('sources-pair').click();
    await waitForDataset(page, 'mt-bench-human.parquet');
    expectReference(await figures(page), mt, 2400 - mt.n);
    await expect.poll(() => page.getByTestId('sources-key').inputValue()).toBe('pair+question_id+turn');
    expect(await page.locator('[data-figure="matched"]').textContent()).toContain('model pair + question_id + turn');
    // A disagreement names its item by question and turn.
    expect(await page.getByTestId('sources-disagreement').first().locator('.key').textContent()).toMatch(/^\d+ · [12]$/);
    const link = page.url();
    expect(link).toContain('sample=mt-bench-human');
    expect(link).toContain('with=sample:mt-bench-gpt4-pair');

    // A fresh page on the link reads both built-in files by itself; the sample alone offers its partner.
    const fresh = await openSession();
    try {
      await fresh.page.goto(link);
      expectReference(await figures(fresh.page), mt, 2400 - mt.n);
      expect(await fresh.page.getByTestId('sources-file-prompt').count()).toBe(0);
      await fresh.page.goto(link.replace(/&with=[^&]*/, ''));
      await fresh.page.getByTestId('sources-partner').click();
      expectReference(await figures(fresh.page), mt, 2400 - mt.n);
      await expect.poll(() => fresh.page.url()).toContain('with=sample:mt-bench-gpt4-pair');
      // A link naming a built-in source the page does not have says so, and names the ones it has.
      await fresh.page.goto(link.replace('with=sample:mt-bench-gpt4-pair', 'with=sample:no-such-sample'));
      await expect
        .poll(() => fresh.page.getByTestId('sources-error').textContent(), { timeout: 60_000 })
        .toBe('sample:no-such-sample: no built-in second source has this name (there is: mt-bench-gpt4-pair)');
    } finally {
      await fresh.close();
    }
  });
});
