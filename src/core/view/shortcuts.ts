/**
 * Keyboard shortcuts of the page, as data: the help overlay lists SHORTCUTS (and the keys inside
 * each lens, from the lens registry), and shortcutFor turns a key press into an action. Single keys
 * without modifiers, so they never clash with the browser's own; never while the user types in a
 * field (a "/" in a search box is a slash).
 */
import { LENS_SHORTCUTS, lensForKey, type LensId, type Shortcut } from './lenses.ts';

export type { Shortcut };
export { KEYS_IN_LENSES } from './lenses.ts';

export type ShortcutAction =
  | { kind: 'lens'; index: number }
  | { kind: 'next-lens' }
  | { kind: 'previous-lens' }
  /** A lens's own key (lenses.ts): open the lens and focus the element with this test id. */
  | { kind: 'focus'; lens: LensId; focus: string }
  | { kind: 'help' }
  | { kind: 'theme' };

export const SHORTCUTS: Shortcut[] = [
  { keys: ['1', '…', '9'], does: 'Open the first to ninth lens tab' },
  { keys: ['[', ']'], does: 'Previous / next lens' },
  ...LENS_SHORTCUTS,
  { keys: ['t'], does: 'Change the theme (system, dark, light); remembered on this device' },
  { keys: ['?'], does: 'Show or hide this list' },
  { keys: ['Esc'], does: 'Close this list, the filter drawer or a tooltip' },
];

export interface KeyPress {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  /** The key went to a text field, a select or an editable element. */
  inField: boolean;
}

export function shortcutFor(press: KeyPress): ShortcutAction | null {
  if (press.inField || press.ctrlKey || press.metaKey || press.altKey) return null;
  const { key } = press;
  if (/^[1-9]$/.test(key)) return { kind: 'lens', index: Number(key) - 1 };
  switch (key) {
    case ']':
      return { kind: 'next-lens' };
    case '[':
      return { kind: 'previous-lens' };
    case '?':
      return { kind: 'help' };
    case 't':
      return { kind: 'theme' };
    default: {
      const lens = lensForKey(key);
      return lens ? { kind: 'focus', ...lens } : null;
    }
  }
}

/** The lens a lens action leads to, or null when there is no such tab. */
export function lensAfter(action: ShortcutAction, tabs: readonly string[], current: string): string | null {
  const at = Math.max(0, tabs.indexOf(current));
  if (action.kind === 'lens') return tabs[action.index] ?? null;
  if (action.kind === 'next-lens') return tabs.length ? tabs[(at + 1) % tabs.length] : null;
  if (action.kind === 'previous-lens') return tabs.length ? tabs[(at - 1 + tabs.length) % tabs.length] : null;
  return null;
}
