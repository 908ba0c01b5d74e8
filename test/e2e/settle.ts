/** Waiting until a lens has drawn, without vitest: shared by the e2e helpers and the screenshot script. */
import type { Page } from 'playwright-core';

/** Samples that, together, offer every lens; each with the file name its summary shows. */
export const LENS_SAMPLES = [
  { id: 'arena-conversations', file: 'arena-conversations.parquet' },
  { id: 'comparia-votes', file: 'comparia-votes.parquet' },
  { id: 'genrm-judges', file: 'genrm-judges.parquet' },
  { id: 'comparag-votes', file: 'comparag-votes.parquet' },
  { id: 'verdicts', file: 'verdicts.parquet' },
] as const;

/**
 * Opens a lens and waits until it has finished drawing: no status or progress shown, no
 * "…ing" placeholder, and the panel unchanged for 0.4 s (eight looks 50 ms apart; at 100 ms apart
 * every lens took 0.8 s at least, a third of the walks of every-lens.ts). `strict` (for
 * screenshots) also waits out every placeholder a lens shows ("Reading …", "Counting …", a phase)
 * and anything marked busy, and asks for the panel unchanged twice as long.
 */
export async function openLens(page: Page, lens: string, strict = false): Promise<void> {
  await page.getByTestId(`lens-${lens}`).click();
  await page.waitForFunction(
    (strict) => {
      const panel = document.getElementById('lens-panel');
      if (!panel || document.querySelector('[data-testid="status"], [data-testid="time-progress"], progress')) return false;
      if (/\b(Opening|Waiting for|Rating the|Looking for|Loading|Computing|computing)\b[^.]*…/.test(panel.textContent ?? '')) return false;
      if (
        strict &&
        (/\b(Reading|Counting|Listing|Fitting|Measuring|counting)\b[^.]*…/.test(panel.textContent ?? '') ||
          panel.querySelector('[aria-busy="true"]'))
      )
        return false;
      const w = window as unknown as { __lastPanel?: string; __same?: number };
      const now = panel.innerHTML.length + ':' + panel.querySelectorAll('*').length;
      w.__same = w.__lastPanel === now ? (w.__same ?? 0) + 1 : 0;
      w.__lastPanel = now;
      return w.__same >= (strict ? 16 : 8);
    },
    strict,
    { timeout: 90_000, polling: 50 },
  );
}

/** The lens ids the page offers as tabs, in order. */
export function lensTabs(page: Page): Promise<string[]> {
  return page.locator('[role="tab"][data-lens]').evaluateAll((els) => els.map((e) => e.getAttribute('data-lens')!));
}
