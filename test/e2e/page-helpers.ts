import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { appUrl, downloadedText, openSession, type Session } from './browser.ts';

/** The file the page opens when no link says otherwise: real Chatbot Arena counts. */
export const DEFAULT_SAMPLE_FILE = 'chatbot-arena-20240814-counts.parquet';

/** The invented sample most tests work on (every lens of the lmsys conversations shape), opened by name. */
export const CONVERSATIONS_QUERY = '?sample=arena-conversations';
export const CONVERSATIONS_FILE = 'arena-conversations.parquet';

/** A fresh Chromium on the page with the conversations sample loaded (and its ratings fitted, when asked). */
export async function openOnSample(options: { rated?: boolean } = {}): Promise<Session> {
  const session = await openSession();
  await session.page.goto(appUrl(CONVERSATIONS_QUERY));
  await waitForDataset(session.page, CONVERSATIONS_FILE);
  if (options.rated) await waitForRatings(session.page);
  return session;
}

/** Dismisses every dialog the page opens and keeps its message, so a test can show none opened. */
export function recordDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  return dialogs;
}

/** Closes a session, having checked that no request left localhost while it was open. */
export async function closeChecked(session: Session): Promise<void> {
  try {
    expect(session.outside(), 'requests that left localhost').toEqual([]);
  } finally {
    await session.close();
  }
}

/** Sets a file on the page's file input and waits until the summary describes it. */
export async function dropFile(page: Page, path: string, name = path.split('/').pop()!): Promise<void> {
  const before = await loadsSoFar(page);
  await page.getByTestId('file-input').setInputFiles(path);
  await waitForDataset(page, name, before);
}

/** Number of loads the page has finished (the summary's data-loads), 0 before the first. */
export async function loadsSoFar(page: Page): Promise<number> {
  const summary = page.getByTestId('dataset-summary');
  return (await summary.count()) ? Number(await summary.getAttribute('data-loads')) : 0;
}

/** Waits until a load newer than `after` has finished and describes the file `name`. */
export async function waitForDataset(page: Page, name: string, after = 0, timeout = 90_000): Promise<void> {
  await page.waitForFunction(
    ([name, after]) => {
      const el = document.querySelector('[data-testid="dataset-summary"]');
      return !!el && el.getAttribute('data-source') === name && Number(el.getAttribute('data-loads')) > Number(after);
    },
    [name, after] as const,
    { timeout },
  );
}

/** Waits for the leaderboard to hold final intervals (no bootstrap still running). */
export async function waitForRatings(page: Page, timeout = 90_000): Promise<void> {
  await page.waitForSelector('[data-testid="leaderboard"] tbody tr', { timeout });
  await page.waitForFunction(() => !document.querySelector('[data-testid="status"]'), null, { timeout });
}

export async function summaryFigures(page: Page) {
  return page.getByTestId('dataset-summary').evaluate((el) => {
    const field = (name: string) => Number(el.querySelector(`[data-field="${name}"]`)?.textContent?.replace(/[^\d]/g, ''));
    const outcomes = Object.fromEntries(
      [...el.querySelectorAll('[data-outcome]')].map((o) => [o.getAttribute('data-outcome'), Number(o.getAttribute('data-votes'))]),
    );
    const rejected = Object.fromEntries(
      [...el.querySelectorAll('[data-reason]')].map((r) => [r.getAttribute('data-reason'), Number(r.getAttribute('data-rows'))]),
    );
    return {
      rows: field('rows'),
      votes: field('votes'),
      models: field('models'),
      preset: el.querySelector('[data-field="preset"]')?.getAttribute('data-preset'),
      outcomes,
      rejected,
    };
  });
}

/** Clicks something that downloads a file and returns the file's text. */
export async function downloadText(page: Page, click: () => Promise<unknown>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return downloadedText(download);
}

/** The leaderboard as the CSV a user downloads. */
export const leaderboardCsv = (page: Page) => downloadText(page, () => page.getByTestId('download-leaderboard-csv').click());
