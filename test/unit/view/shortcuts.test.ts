import { describe, expect, it } from 'vitest';
import { lensAfter, SHORTCUTS, shortcutFor } from '../../../src/core/view/shortcuts.ts';
import { nextTheme, readTheme } from '../../../src/core/view/theme.ts';

const press = (key: string, extra: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; inField: boolean }> = {}) =>
  shortcutFor({ key, inField: false, ...extra });

describe('keyboard shortcuts', () => {
  it('digits open the lens tabs in order, brackets step through them', () => {
    const tabs = ['leaderboard', 'matrix', 'compare', 'sql'];
    expect(lensAfter(press('2')!, tabs, 'leaderboard')).toBe('matrix');
    expect(lensAfter(press('9')!, tabs, 'leaderboard')).toBeNull();
    expect(lensAfter(press(']')!, tabs, 'sql')).toBe('leaderboard');
    expect(lensAfter(press('[')!, tabs, 'leaderboard')).toBe('sql');
  });

  it('"/" searches the leaderboard, "?" shows the help, "t" changes the theme', () => {
    expect(press('/')).toEqual({ kind: 'focus', lens: 'leaderboard', focus: 'leaderboard-search' });
    expect(press('?')).toEqual({ kind: 'help' });
    expect(press('t')).toEqual({ kind: 'theme' });
    expect(press('x')).toBeNull();
  });

  it('do nothing while typing in a field or with a modifier held', () => {
    expect(press('/', { inField: true })).toBeNull();
    expect(press('1', { inField: true })).toBeNull();
    expect(press('1', { ctrlKey: true })).toBeNull();
    expect(press('t', { metaKey: true })).toBeNull();
    expect(press('[', { altKey: true })).toBeNull();
  });

  it('are all listed in the help', () => {
    const listed = SHORTCUTS.flatMap((s) => s.keys);
    for (const key of ['1', '9', '[', ']', '/', '?', 't']) expect(listed).toContain(key);
  });
});

describe('the remembered theme', () => {
  it('cycles system → dark → light → system', () => {
    expect(nextTheme('system')).toBe('dark');
    expect(nextTheme('dark')).toBe('light');
    expect(nextTheme('light')).toBe('system');
  });

  it('reads anything unexpected as the system theme', () => {
    expect(readTheme('dark')).toBe('dark');
    expect(readTheme('light')).toBe('light');
    expect(readTheme(null)).toBe('system');
    expect(readTheme('<script>')).toBe('system');
  });
});
