/**
 * Every lens of some samples, walked once per width: what a screenshot would show wrong at 800 and
 * 1440 px, and axe-core's serious or critical violations at 1440 px, both looked for on the same
 * walk (a walk loads the page and draws every lens; walking once per check made these the slowest
 * tests of the suite). The samples that together offer every lens (LENS_SAMPLES) are split over
 * two files of about the same length, so the two e2e workers walk them side by side.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { seriousViolations, type AxeViolation } from './axe.ts';
import { layoutProblems } from './layout-problems.ts';
import { closeChecked } from './page-helpers.ts';
import { LENS_SAMPLES, lensTabs, openLens, openSample } from './lens-helpers.ts';

/** The samples of every-lens-conversations-genrm.test.ts; every-lens-others.test.ts walks the rest. */
export const FIRST_SAMPLES: readonly string[] = ['arena-conversations', 'genrm-judges'];
export const firstSamples = () => LENS_SAMPLES.filter((s) => FIRST_SAMPLES.includes(s.id));
export const otherSamples = () => LENS_SAMPLES.filter((s) => !FIRST_SAMPLES.includes(s.id));

export function describeEveryLens(samples: readonly { id: string; file: string }[]): void {
  for (const sample of samples) {
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
}
