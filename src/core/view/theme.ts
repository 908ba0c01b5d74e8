/** The theme choice: follow the system, or pin dark or light. Stored on the device (state/theme.svelte.ts). */
export type Theme = 'system' | 'dark' | 'light';

export const THEME_KEY = 'arena-lens-theme';

/** The next theme of the theme button's cycle: system → dark → light → system. */
export function nextTheme(theme: Theme): Theme {
  return theme === 'system' ? 'dark' : theme === 'dark' ? 'light' : 'system';
}

/** A stored value read back; anything unexpected (tampered, older format, absent) is 'system'. */
export function readTheme(stored: string | null | undefined): Theme {
  return stored === 'dark' || stored === 'light' ? stored : 'system';
}
