import { afterAll, describe, expect, test } from 'vitest';
import type { Session } from './browser.ts';
import { closeChecked } from './page-helpers.ts';
import { openLens, openSample } from './lens-helpers.ts';
import { join } from 'node:path';
import { main as rankMain } from '../../src/cli/rank.ts';
import { STATIC } from '../fixtures/paths.ts';
import { run } from '../unit/cli/helpers.ts';

/**
 * The Topics lens in the browser: the prompts clustered in the topics worker, a click on a topic
 * shows its board and puts the topic in the address, and the link opens the same topic; a moved
 * mix weight and a pasted prompt's board (with how many battles and how near) are kept in the
 * address too, and their link reopens both.
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

  test("a pasted prompt's board counts its battles, and the link keeps the prompt and the mix", async () => {
    const { page } = session;
    // A mix weight moved by the keyboard goes into the address.
    const slider = page.getByTestId('topics-mix').locator('input[type="range"]').first();
    const before = Number(await slider.inputValue());
    await slider.focus();
    await page.keyboard.press(before < 100 ? 'ArrowRight' : 'ArrowLeft');
    const weight = Number(await slider.inputValue());
    expect(weight).not.toBe(before);
    await expect.poll(() => new URL(page.url()).searchParams.get('tp_mix')?.split(',')[0]).toBe(String(weight));

    const prompt = 'Write a Python function that sorts a list & explains <why>';
    await page.getByTestId('topics-prompt').fill(prompt);
    await page.getByTestId('topics-near').selectOption('200');
    await page.getByTestId('topics-prompt-show').click();
    const board = page.getByTestId('prompt-board');
    await board.waitFor({ timeout: 120_000 });
    expect(await board.locator('tbody tr').count()).toBeGreaterThan(1);
    const counts = (await page.getByTestId('prompt-board-counts').textContent())!.replace(/\s+/g, ' ');
    expect(counts).toMatch(/^200 battles used: the 200 nearest prompts of [\d,]+ battles with prompt text/);
    expect(counts).toMatch(/similarity: least 0\.\d\d, median 0\.\d\d/);
    // The votes of the board are those battles': each counts twice (once per side).
    const votes = await board.locator('tbody tr td:last-child').allTextContents();
    expect(votes.reduce((s, v) => s + Number(v.replace(/,/g, '')), 0)).toBe(400);
    expect(await page.getByTestId('topics-prompt-board').textContent()).toContain('not its learned model');
    const url = new URL(page.url());
    expect(url.searchParams.get('tp_prompt')).toBe(prompt);
    expect(url.searchParams.get('tp_k')).toBe('200');

    const again = await session.context.newPage();
    await again.goto(page.url());
    await again.getByTestId('prompt-board').waitFor({ timeout: 120_000 });
    expect(await again.getByTestId('topics-prompt').inputValue()).toBe(prompt);
    expect((await again.getByTestId('prompt-board-counts').textContent())!.replace(/\s+/g, ' ')).toBe(counts);
    expect(Number(await again.getByTestId('topics-mix').locator('input[type="range"]').first().inputValue())).toBe(weight);
    await again.close();
  });

  test('the clustered topics are a slice in Compare and in the model profile', async () => {
    const { page } = session;
    // The command line finds the same topic 1 with the same seed, and fits the same board (no minimum of votes, as the page).
    const cli = JSON.parse(
      (
        await run(
          rankMain,
          join(STATIC, 'arena-conversations.parquet'),
          '--topics',
          '--topic',
          '1',
          '--bootstrap',
          '0',
          '--min-votes',
          '0',
          '--json',
        )
      ).stdout,
    );
    const heading = await page.locator('[data-testid="topics-chosen"] h3').textContent();
    expect(heading).toBe(`Topic: ${cli.topics[1].terms.join(' · ')} (${cli.topics[1].size.toLocaleString('en-US')} prompts)`);
    const shown = await page
      .getByTestId('topic-board')
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim())));
    const fitted = cli.boards[0].board.models.filter((m: { votes: number }) => m.votes > 0);
    expect(shown.map((r) => [r[2], r[3], r[5]])).toEqual(
      fitted.map((m: { model: string; rating: number; votes: number }) => [m.model, m.rating.toFixed(0), m.votes.toLocaleString('en-US')]),
    );
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
