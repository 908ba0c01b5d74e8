import { afterAll, describe, expect, test } from 'vitest';
import { seriousViolations } from './axe.ts';
import { closeChecked } from './page-helpers.ts';
import { LENS_SAMPLES, lensTabs, openLens, openSample } from './lens-helpers.ts';
import type { Session } from './browser.ts';

describe('axe-core on every lens of the built page', () => {
  const sessions: Session[] = [];
  afterAll(async () => {
    for (const s of sessions) await closeChecked(s);
  });

  for (const sample of LENS_SAMPLES) {
    test(`${sample.id}: no serious or critical violation on any lens`, async () => {
      const session = await openSample(sample);
      sessions.push(session);
      const { page } = session;
      const found: Record<string, unknown> = {};
      for (const lens of await lensTabs(page)) {
        await openLens(page, lens);
        const violations = await seriousViolations(page);
        if (violations.length) found[lens] = violations;
      }
      expect(found).toEqual({});
    });
  }

  test('the narrow layout with the filter drawer open has no serious or critical violation', async () => {
    const session = await openSample(LENS_SAMPLES[0], { width: 800, height: 900 });
    sessions.push(session);
    const { page } = session;
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId('filters-open').click();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
