/**
 * The theme, remembered on this device (localStorage) and applied to <html data-theme>, which
 * theme.css reads. Storage that is unavailable (private mode, blocked) only means it is forgotten.
 */
import { nextTheme, readTheme, THEME_KEY, type Theme } from '../core/view/theme.ts';

function stored(): Theme {
  try {
    return readTheme(localStorage.getItem(THEME_KEY));
  } catch {
    return 'system';
  }
}

/** Sets <html data-theme> for `theme`; main.ts calls it before the page is first drawn. */
export function applyTheme(theme: Theme = stored()): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

export class ThemeStore {
  theme = $state<Theme>(stored());

  cycle(): void {
    this.theme = nextTheme(this.theme);
    applyTheme(this.theme);
    try {
      if (this.theme === 'system') localStorage.removeItem(THEME_KEY);
      else localStorage.setItem(THEME_KEY, this.theme);
    } catch {
      // Not stored: the choice lasts until the page is closed.
    }
  }
}
