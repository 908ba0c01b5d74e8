import { beforeAll, describe, expect, test } from 'vitest';
import { seriousViolations, type AxeViolation } from './axe.ts';
import { layoutProblems } from './layout-problems.ts';
import { closeChecked } from './page-helpers.ts';
import { LENS_SAMPLES, lensTabs, openLens, openSample } from './lens-helpers.ts';

/**
 * Every lens of the samples that together offer them all, walked once per width: what a
 * screenshot would show wrong at 800 and 1440 px, and axe-core's serious or critical violations
 * at 1440 px, both looked for on the same walk (a walk loads the page and draws every lens; walking
 * once per check made these the slowest tests of the suite).
 */
for (const sample of LENS_SAMPLES) {
  for (const width of [1440, 800]) {
    describe(`${sample.id} at ${width} px, every lens`, () => {
      const layout: Record<string, string[]> = {};
      const axe: Record<string, AxeViolation[]> = {};
      beforeAll(async () => {
        const session = await openSample(sample, { width, height: 900 });
        try {
          for (const lens of await lensTabs(session.page)) {
            await openLens(session.page, lens);
            const problems = await layoutProblems(session.page);
            if (problems.length) layout[lens] = problems.slice(0, 8);
            if (width !== 1440) continue;
            const violations = await seriousViolations(session.page);
            if (violations.length) axe[lens] = violations;
          }
        } finally {
          await closeChecked(session);
        }
      });

      test('no clipped label, no unreachable column, no broken word', () => {
        expect(layout).toEqual({});
      });
      if (width === 1440) {
        test('no serious or critical axe-core violation', () => {
          expect(axe).toEqual({});
        });
      }
    });
  }
}
