/**
 * Cumulative layout shift as the browser itself measures it (PerformanceObserver 'layout-shift',
 * Layout Instability API). The observer is added before any page script runs (addInitScript, which
 * the page's CSP does not govern) and keeps every shift without recent input.
 */
import type { BrowserContext, Page } from 'playwright-core';

declare global {
  interface Window {
    __shifts?: { value: number; time: number; sources: string[] }[];
  }
}

export async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.__shifts = [];
    const describe = (n: Node | null) => {
      const el = n as Element | null;
      if (!el || !el.tagName) return String(n?.nodeName ?? '?');
      const id = el.getAttribute('data-testid') ?? el.id ?? '';
      return `${el.tagName.toLowerCase()}${id ? `#${id}` : ''}.${String(el.className).split(' ')[0]}`;
    };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        startTime: number;
        sources?: { node: Node | null }[];
      }[]) {
        if (!e.hadRecentInput)
          window.__shifts!.push({ value: e.value, time: e.startTime, sources: (e.sources ?? []).map((s) => describe(s.node)) });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export interface LayoutShift {
  /** CLS as the web-vitals define it: the largest session window (gaps < 1 s, at most 5 s long). */
  cls: number;
  /** Every shift added up, windows or not. */
  total: number;
  shifts: { value: number; time: number; sources: string[] }[];
}

export async function layoutShift(page: Page): Promise<LayoutShift> {
  const shifts = await page.evaluate(() => window.__shifts ?? []);
  let cls = 0,
    session = 0,
    start = -Infinity,
    last = -Infinity;
  for (const s of shifts) {
    if (s.time - last > 1000 || s.time - start > 5000) {
      session = 0;
      start = s.time;
    }
    session += s.value;
    last = s.time;
    cls = Math.max(cls, session);
  }
  return { cls, total: shifts.reduce((t, s) => t + s.value, 0), shifts };
}
