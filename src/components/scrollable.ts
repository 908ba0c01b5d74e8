/**
 * A Svelte action for boxes that scroll (tables, tall charts): while the content overflows and
 * holds nothing focusable, the box itself takes focus (tabindex 0) so keyboard users can scroll it
 * with the arrow keys (WCAG 2.1.1; axe: scrollable-region-focusable). `label` names the region.
 */
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]:not([tabindex="-1"])';

export function scrollable(node: HTMLElement, label: string) {
  node.setAttribute('role', 'region');
  node.setAttribute('aria-label', label);
  const update = () => {
    const overflows = node.scrollHeight > node.clientHeight + 1 || node.scrollWidth > node.clientWidth + 1;
    if (overflows && !node.querySelector(FOCUSABLE)) node.setAttribute('tabindex', '0');
    else node.removeAttribute('tabindex');
  };
  // The box's own size and its content's: either can start or end the overflow. A ResizeObserver
  // reports after layout, so reading the sizes there forces none; reading them on every change of
  // the content (a table redrawn as intervals refine) forced a layout of the page each time.
  const resized = new ResizeObserver(update);
  const watch = () => {
    resized.disconnect();
    resized.observe(node);
    for (const child of node.children) resized.observe(child);
  };
  // A child replaced (a chart drawn again) is a new element to watch; observing it reports its size.
  const changed = new MutationObserver(watch);
  changed.observe(node, { childList: true });
  watch();
  return {
    update(next: string) {
      node.setAttribute('aria-label', next);
    },
    destroy() {
      resized.disconnect();
      changed.disconnect();
    },
  };
}
