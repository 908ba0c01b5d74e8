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
});
