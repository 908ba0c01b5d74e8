import { afterAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { appUrl, openSession, type Session } from './browser.ts';
import { closeChecked, DEFAULT_SAMPLE_FILE, waitForDataset } from './page-helpers.ts';
import { LENS_SAMPLES, lensTabs, openLens, openSample } from './lens-helpers.ts';

/**
 * What a screenshot would show wrong, measured: chart text outside its svg (clipped labels), a
 * table wider than its box without a scroll to reach the rest, the page itself scrolling sideways,
 * and words broken inside table cells ("optima l").
 */
async function layoutProblems(page: Page) {
  // A chart checks its labels on the frame after it is drawn (PlotView): look once that is done.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(done)))));
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > innerWidth + 1) problems.push(`page scrolls sideways: ${root.scrollWidth} > ${innerWidth}`);
    const panel = document.getElementById('lens-panel')!;
    for (const svg of panel.querySelectorAll('svg')) {
      const box = svg.getBoundingClientRect();
      if (box.width < 2 || box.height < 2 || svg.closest('[aria-hidden="true"]:not(svg)')) continue;
      for (const text of svg.querySelectorAll('text')) {
        if (!text.textContent?.trim() || text.closest('g[aria-label="tip"]')) continue;
        const r = text.getBoundingClientRect();
        if (!r.width) continue;
        if (r.left < box.left - 1 || r.right > box.right + 1 || r.top < box.top - 1 || r.bottom > box.bottom + 1) {
          problems.push(`clipped chart text "${text.textContent.slice(0, 40)}" in ${svg.getAttribute('aria-label') ?? 'a chart'}`);
        }
      }
    }
    for (const table of panel.querySelectorAll('table')) {
      let box: HTMLElement | null = table.parentElement;
      while (box && box !== panel && !/(auto|scroll|hidden)/.test(getComputedStyle(box).overflowX)) box = box.parentElement;
      const holder = box ?? panel;
      if (table.offsetWidth > holder.clientWidth + 1 && !/(auto|scroll)/.test(getComputedStyle(holder).overflowX)) {
        problems.push(
          `table ${table.getAttribute('data-testid') ?? table.closest('[data-table]')?.getAttribute('data-table') ?? ''} is ${table.offsetWidth}px in a ${holder.clientWidth}px box without a scroll`,
        );
      }
      for (const cell of [...table.querySelectorAll('th, td')].slice(0, 400)) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? '';
          for (const m of text.matchAll(/\S+/g)) {
            if (m[0].length > 30) continue; // long unbroken strings (hashes, URLs) may wrap
            const range = document.createRange();
            range.setStart(node, m.index!);
            range.setEnd(node, m.index! + m[0].length);
            const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
            if (tops.size > 1) problems.push(`word "${m[0]}" broken across lines in a table cell`);
          }
        }
      }
    }
    return [...new Set(problems)];
  });
}

describe('every lens at 800 and 1440 px: no clipped label, no unreachable column, no broken word', () => {
  const sessions: Session[] = [];
  afterAll(async () => {
    for (const s of sessions) await closeChecked(s);
  });

  for (const width of [800, 1440]) {
    for (const sample of LENS_SAMPLES) {
      test(`${sample.id} at ${width} px`, async () => {
        const session = await openSample(sample, { width, height: 900 });
        sessions.push(session);
        const found: Record<string, string[]> = {};
        for (const lens of await lensTabs(session.page)) {
          await openLens(session.page, lens);
          const problems = await layoutProblems(session.page);
          if (problems.length) found[lens] = problems.slice(0, 8);
        }
        expect(found).toEqual({});
      });
    }
  }
});

describe('the header', () => {
  const sessions: Session[] = [];
  afterAll(async () => {
    for (const s of sessions) await closeChecked(s);
  });

  // The default sample has the longest name in the sample menu, which once pushed them out of sight.
  for (const width of [1440, 800]) {
    test(`shows the votes and models on screen at ${width} px, on one line with the pickers when wide`, async () => {
      const session = await openSession({ width, height: 900 });
      sessions.push(session);
      const { page } = session;
      await page.goto(appUrl());
      await waitForDataset(page, DEFAULT_SAMPLE_FILE);
      await page.waitForSelector('[data-testid="slice-figures"][data-votes="1670250"]');
      const seen = await page.evaluate(() => {
        const figures = document.querySelector('[data-testid="slice-figures"]')!;
        const box = figures.parentElement!.getBoundingClientRect();
        const header = document.querySelector('header')!.getBoundingClientRect();
        const shown = [...figures.querySelectorAll('strong')].map((s) => {
          const r = s.getBoundingClientRect();
          return r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1 ? s.textContent : null;
        });
        return { shown, headerHeight: Math.round(header.height) };
      });
      expect(seen.shown).toEqual(['1,670,250', '129']);
      if (width === 1440) expect(seen.headerHeight).toBeLessThan(60);
    });
  }
});
