import { afterAll, describe, expect, test } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, dropFile, waitForDataset, waitForRatings } from './page-helpers.ts';
import { shootScreens } from './screens.ts';

/**
 * Seventy models named in model_a/model_b and numbered in model_x/model_y (as llmfao numbers
 * them), with a real measure beside them: prompt_tokens, hundreds of values.
 */
function numberedModels(): string {
  const dir = resolve('test/.cache');
  mkdirSync(dir, { recursive: true });
  const file = resolve(dir, 'numbered-models.csv');
  const lines = ['model_a,model_b,winner,model_x,model_y,prompt_tokens'];
  for (let i = 0; i < 4000; i++) {
    const a = i % 70;
    const b = (a + 1 + ((i * 7) % 69)) % 70;
    const winner = (i * 31) % 100 < 45 + (b - a) / 2 ? 'model_a' : i % 9 === 0 ? 'tie' : 'model_b';
    lines.push(`m-${String(a).padStart(2, '0')},m-${String(b).padStart(2, '0')},${winner},${a},${b},${20 + ((i * 37) % 900)}`);
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('integer columns that number the models', () => {
  let session: Session;
  afterAll(() => closeChecked(session));

  test('are offered as values to pick, not as ranges to cut; a measure stays a range', async () => {
    session = await openSession({ width: 1280, height: 800 });
    const { page } = session;
    await page.goto(appUrl('?sample=pair-counts'));
    await waitForDataset(page, 'pair-counts.csv');
    await dropFile(page, numberedModels());
    await waitForRatings(page);
    const panel = page.getByTestId('filter-panel');
    await panel.locator('fieldset[data-dimension="prompt_tokens"]').waitFor();
    const kinds = await panel
      .locator('fieldset[data-dimension]')
      .evaluateAll((sets) => Object.fromEntries(sets.map((f) => [f.getAttribute('data-dimension'), f.getAttribute('data-kind')])));
    expect(kinds).toMatchObject({ model_x: 'category', model_y: 'category', prompt_tokens: 'number' });
    // As the panel draws them: model ids as values with a box each (the first shown are the most voted), the measure as min/max.
    const modelX = panel.locator('fieldset[data-dimension="model_x"]');
    await modelX.locator('input[type="checkbox"]').first().waitFor();
    expect(await modelX.locator('input[type="number"]').count()).toBe(0);
    expect(await panel.locator('fieldset[data-dimension="prompt_tokens"] input[type="checkbox"]').count()).toBe(0);
    await shootScreens(page, 'model-ids');
  });
});
