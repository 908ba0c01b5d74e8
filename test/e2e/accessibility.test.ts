import { afterAll, describe, expect, test } from 'vitest';
import { seriousViolations } from './axe.ts';
import { closeChecked } from './page-helpers.ts';
import { LENS_SAMPLES, openSample } from './lens-helpers.ts';
import type { Session } from './browser.ts';

// Every lens of every sample is checked by axe-core in the every-lens walks (every-lens.ts), on the walk that checks their layout.
describe('axe-core on the narrow layout', () => {
  const sessions: Session[] = [];
  afterAll(async () => {
    for (const s of sessions) await closeChecked(s);
  });

  test('the narrow layout with the filter drawer open has no serious or critical violation', async () => {
    const session = await openSample(LENS_SAMPLES[0], { width: 800, height: 900 });
    sessions.push(session);
    const { page } = session;
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('filters-open').click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
