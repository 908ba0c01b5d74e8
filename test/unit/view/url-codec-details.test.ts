import { describe, expect, it } from 'vitest';
import { decodeView, encodeView } from '../../../src/core/view/url-codec.ts';
import { DEFAULT_VIEW, type ViewState } from '../../../src/core/view/view-state.ts';

const view = (edit: (s: ViewState) => void): ViewState => {
  const s = structuredClone(DEFAULT_VIEW);
  edit(s);
  return s;
};

describe('model details in the address', () => {
  it('a dropped details file as name~size~fingerprint, with its filters', () => {
    const s = view((s) => {
      s.details = {
        source: { kind: 'local', file: { name: 'my models.csv', size: 812, fingerprint: '0123456789abcdef' } },
        openOnly: true,
        releasedFrom: '2024-03-01',
      };
    });
    const address = encodeView(s);
    expect(address).toBe('v=2&md_file=my%20models.csv~812~0123456789abcdef&md_open=1&md_from=2024-03-01');
    expect(decodeView(address)).toEqual({ state: s, notes: [] });
  });

  it('an address and a built-in one', () => {
    for (const source of [
      { kind: 'remote' as const, url: 'https://example.org/models.json?x=1' },
      { kind: 'sample' as const, id: 'chatbot-arena-20240814' },
    ]) {
      const s = view((s) => (s.details.source = source));
      expect(decodeView(encodeView(s)).state.details.source).toEqual(source);
    }
  });

  it('a bad value keeps the default and says so', () => {
    const { state, notes } = decodeView('?md_src=ftp://x&md_from=2024-13-45&md_open=yes');
    expect(state.details).toEqual(DEFAULT_VIEW.details);
    expect(notes).toEqual([
      'ignored "md_src": expected an http(s) address, got "ftp://x"',
      'ignored "md_open": expected 1 or 0, got "yes"',
      'ignored "md_from": expected a date as YYYY-MM-DD, got "2024-13-45"',
    ]);
  });
});
