/**
 * Plot names each mark's <g> after the mark ("dot", "rule", "tip") with aria-label, which ARIA
 * prohibits on an element without a role (axe: aria-prohibited-attr), and which says nothing to a
 * screen reader anyway. The chart speaks through its svg's aria-label and the table or CSV beside
 * it, so mark groups are hidden from assistive technology. Tips are drawn again on every pointer
 * move (and marks' `tip: true` makes tip marks Plot creates itself), so new groups are caught as
 * they appear. The aria-label stays, so tests can still find a mark by its name.
 */
const UNHIDDEN = 'g[aria-label]:not([aria-hidden])';

function hide(root: Element) {
  for (const g of root.querySelectorAll(UNHIDDEN)) g.setAttribute('aria-hidden', 'true');
}

/** Hides the chart's mark groups now and whenever Plot redraws one; returns the cleanup. */
export function hideMarksFromAssistiveTech(chart: Element): () => void {
  hide(chart);
  const observer = new MutationObserver(() => hide(chart));
  observer.observe(chart, { childList: true, subtree: true });
  return () => observer.disconnect();
}
