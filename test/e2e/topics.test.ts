import { afterAll, describe, expect, test } from 'vitest';
import type { Session } from './browser.ts';
import { closeChecked } from './page-helpers.ts';
import { openLens, openSample } from './lens-helpers.ts';

/**
 * The Topics lens in the browser: the prompts clustered in the topics worker, a click on a topic
 * shows its board and puts the topic in the address, and the link opens the same topic.
 * (The clustering and the boards' numbers are proven in Node: test/unit/topics, test/sql/topics.)
 */
describe('the Topics lens on the Chatbot Arena conversations sample', () => {
  let session: Session;
  afterAll(() => closeChecked(session));

  test('a click on a topic shows its board, the address keeps it, and the link reopens it', async () => {
    session = await openSample({ id: 'arena-conversations', file: 'arena-conversations.parquet' }, { width: 1280, height: 900 });
    const { page } = session;
    await openLens(page, 'topics');
    await page.getByTestId('topics-icicle').waitFor({ timeout: 120_000 });
    await page.locator('[data-testid="topics-icicle"] [data-topic="1"]').click();
    const board = page.getByTestId('topic-board');
    await board.waitFor({ timeout: 120_000 });
    expect(await board.locator('tbody tr').count()).toBeGreaterThan(1);
    expect(page.url()).toContain('tp_topic=1');
    expect(await page.getByTestId('topic-pivot').locator('tbody tr').count()).toBeGreaterThan(1);
    const link = page.url();
    const again = await session.context.newPage();
    await again.goto(link);
    await again.getByTestId('topic-board').waitFor({ timeout: 120_000 });
    expect(await again.locator('[data-topic="1"]').getAttribute('aria-pressed')).toBe('true');
    await again.close();
  });

  test('the clustered topics are a slice in Compare and in the model profile', async () => {
    const { page } = session;
    // The chosen topic (1) against everything else, named by its terms; the pick is in the address.
    await page.getByTestId('topic-compare').click();
    await expect
      .poll(() => page.locator('[data-chart$="compare-ratings"] .title').textContent(), { timeout: 120_000 })
      .toMatch(/^Ratings: topic = #1 \S.* vs topic ≠ #1 \S/);
    expect(await page.getByTestId('slice-left-dimension').inputValue()).toBe(JSON.stringify(['@topic']));
    expect(new URL(page.url()).searchParams.get('cmp_l')).toContain('@topic');
    const title = await page.locator('[data-chart$="compare-ratings"] .title').textContent();
    // The link reopens the same comparison: the prompts are clustered again with the address's seed.
    const again = await session.context.newPage();
    await again.goto(page.url());
    await expect.poll(() => again.locator('[data-chart$="compare-ratings"] .title').textContent(), { timeout: 120_000 }).toBe(title);
    await again.close();
    await openLens(page, 'profile');
    await page.getByTestId('profile-model').selectOption({ index: 1 });
    await page.getByTestId('profile-dim').selectOption({ label: 'topic' });
    const first = page.locator('[data-testid="profile-slices"] tbody tr td').first();
    await expect.poll(() => first.textContent(), { timeout: 120_000 }).toMatch(/^#\d+ \S/);
    expect(session.errors).toEqual([]);
  });
});
