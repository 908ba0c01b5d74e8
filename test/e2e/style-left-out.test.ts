import { afterAll, describe, expect, test } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, dropFile, waitForDataset, waitForRatings } from './page-helpers.ts';
import { openLens } from './lens-helpers.ts';
import { shootScreens } from './screens.ts';

/**
 * Votes in the LMArena 55k (Kaggle) layout between six models that all win and lose, plus
 * "unbeaten-34b", which won its three votes and so has no finite rating.
 */
function withUnbeaten(): string {
  const dir = resolve('test/.cache');
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, 'style-unbeaten.csv');
  const lines = ['id,model_a,model_b,prompt,response_a,response_b,winner_model_a,winner_model_b,winner_tie'];
  const answer = (i: number, words: number) => `"${Array.from({ length: words }, (_, k) => `word${(i + k) % 13}`).join(' ')}"`;
  let id = 0;
  for (let i = 0; i < 900; i++) {
    const a = i % 6;
    const b = (a + 1 + (i % 5)) % 6;
    const r = (i * 37) % 100;
    const [wa, wb, wt] = r < 40 + 4 * (b - a) ? [1, 0, 0] : r < 88 ? [0, 1, 0] : [0, 0, 1];
    lines.push(
      `${id++},model-${a},model-${b},"prompt ${i}",${answer(i, 20 + (i % 40))},${answer(i + 3, 20 + ((i * 7) % 40))},${wa},${wb},${wt}`,
    );
  }
  for (let i = 0; i < 3; i++) lines.push(`${id++},unbeaten-34b,model-${i},"prompt u${i}",${answer(i, 30)},${answer(i, 25)},1,0,0`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('the Style control lens with a model that never lost', () => {
  let session: Session;
  afterAll(() => closeChecked(session));

  test('lists it apart, with its reason and votes, not at the top of the rated table', async () => {
    session = await openSession({ width: 1280, height: 800 });
    const { page } = session;
    await page.goto(appUrl('?sample=pair-counts'));
    await waitForDataset(page, 'pair-counts.csv');
    await dropFile(page, withUnbeaten());
    await waitForRatings(page);
    await openLens(page, 'style');
    const table = page.getByTestId('style-table');
    await table.locator('tbody tr').first().waitFor();
    const rated = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-model')));
    expect(rated.sort()).toEqual(['model-0', 'model-1', 'model-2', 'model-3', 'model-4', 'model-5']);
    const apart = page.getByTestId('style-left-out');
    expect(
      await apart
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent!.trim()).join(' | '))),
    ).toEqual(['unbeaten-34b | never lost | 3']);
    // No figure of the penalty's making is shown for it anywhere in the lens's tables.
    expect(await apart.textContent()).not.toMatch(/\d,\d{3}\.\d/);
    await shootScreens(page, 'style-left-out', async (p) => {
      await apart.scrollIntoViewIfNeeded();
      void p;
    });
  });
});
