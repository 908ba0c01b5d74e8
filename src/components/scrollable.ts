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
  // The box's own size and its content's: either can start or end the overflow.
  const resized = new ResizeObserver(update);
  const watch = () => {
    resized.disconnect();
    resized.observe(node);
    for (const child of node.children) resized.observe(child);
  };
  const changed = new MutationObserver(() => {
    watch();
    update();
  });
  changed.observe(node, { childList: true, subtree: true, characterData: true });
  watch();
  update();
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
