/**
 * Every lens of some samples, walked once per width: what a screenshot would show wrong at 800 and
 * 1440 px, and axe-core's serious or critical violations at 1440 px, both looked for on the same
 * walk. One page a sample: opened at 800 px (a first paint at the narrow width, where layouts break
 * most), walked, then widened to 1440 px and walked again, as a user widening the window would; the
 * lenses' results are then at hand, so the second walk costs little (two pages a sample made these
 * the slowest tests of the suite). The samples that together offer every lens (LENS_SAMPLES) are
 * split over two files of about the same length, so the two e2e workers walk them side by side.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { seriousViolations, type AxeViolation } from './axe.ts';
import { layoutProblems } from './layout-problems.ts';
import { closeChecked } from './page-helpers.ts';
import { LENS_SAMPLES, lensTabs, openLens, openSample } from './lens-helpers.ts';

/** The samples of every-lens-conversations-genrm.test.ts; every-lens-others.test.ts walks the rest. */
export const FIRST_SAMPLES: readonly string[] = ['arena-conversations', 'genrm-judges'];
export const firstSamples = () => LENS_SAMPLES.filter((s) => FIRST_SAMPLES.includes(s.id));
export const otherSamples = () => LENS_SAMPLES.filter((s) => !FIRST_SAMPLES.includes(s.id));

const WIDTHS = [800, 1440] as const;
const HEIGHT = 900;

/** Each lens opened in turn: its layout problems (the first few), and with `axe` its serious violations. */
async function walk(page: Page, axe: boolean) {
  const layout: Record<string, string[]> = {};
  const violations: Record<string, AxeViolation[]> = {};
  for (const lens of await lensTabs(page)) {
    await openLens(page, lens);
    const problems = await layoutProblems(page);
    if (problems.length) layout[lens] = problems.slice(0, 8);
    if (!axe) continue;
    const found = await seriousViolations(page);
    if (found.length) violations[lens] = found;
  }
  return { layout, violations };
}

export function describeEveryLens(samples: readonly { id: string; file: string }[]): void {
  for (const sample of samples) {
    describe(`${sample.id}, every lens at ${WIDTHS.join(' then ')} px`, () => {
      const walks = new Map<number, Awaited<ReturnType<typeof walk>>>();
      beforeAll(async () => {
        const session = await openSample(sample, { width: WIDTHS[0], height: HEIGHT });
        try {
          for (const width of WIDTHS) {
            await session.page.setViewportSize({ width, height: HEIGHT });
            walks.set(width, await walk(session.page, width === 1440));
          }
        } finally {
          await closeChecked(session);
        }
      });

      for (const width of WIDTHS) {
        test(`at ${width} px: no clipped label, no unreachable column, no broken word`, () => {
          expect(walks.get(width)?.layout).toEqual({});
        });
      }
      test('at 1440 px: no serious or critical axe-core violation', () => {
        expect(walks.get(1440)?.violations).toEqual({});
      });
    });
  }
}
