import type { Page } from 'playwright-core';

/**
 * What a screenshot would show wrong, measured: chart text outside its svg (clipped labels), a
 * table wider than its box without a scroll to reach the rest, the page itself scrolling sideways,
 * and words broken inside table cells ("optima l").
 */
export async function layoutProblems(page: Page) {
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
            // Chinese, Japanese, Korean and Thai text breaks between characters by the rules of its script.
            if (/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u.test(m[0])) continue;
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
