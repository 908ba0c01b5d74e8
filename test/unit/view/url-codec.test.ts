import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeView, encodeView } from '../../../src/core/view/url-codec.ts';
import { DEFAULT_VIEW, type ViewState } from '../../../src/core/view/view-state.ts';
import { viewStateArb } from './view-arbitraries.ts';

const view = (patch: (s: ViewState) => void): ViewState => {
  const s = structuredClone(DEFAULT_VIEW);
  patch(s);
  return s;
};

describe('encodeView', () => {
  it('writes nothing for the default view', () => {
    expect(encodeView(DEFAULT_VIEW)).toBe('');
    expect(decodeView('')).toEqual({ state: DEFAULT_VIEW, notes: [] });
  });

  it('writes only what differs, after v=2, with short readable keys', () => {
    const s = view((s) => {
      s.source = { kind: 'remote', url: 'https://example.org/data/battles.parquet?rev=2' };
      s.quick.excludeTies = true;
      s.rating.anchor = { model: 'gpt-4-0613', value: 1200 };
      s.rating.rounds = 200;
      s.sort = { key: 'rating', descending: true };
      s.lens = 'matrix';
    });
    expect(encodeView(s)).toBe(
      'v=2&src=https://example.org/data/battles.parquet?rev%3D2&q_ties=1&lens=matrix&anchor=gpt-4-0613@1200&rounds=200&sort=rating.desc',
    );
  });

  it('writes a local file as name~size~fingerprint and filters as readable JSON', () => {
    const s = view((s) => {
      s.source = { kind: 'local', file: { name: 'votes ~ march.parquet', size: 123456, fingerprint: '0123456789abcdef' } };
      s.filters = [{ kind: 'in', path: ['language'], values: ['English', 'French'] }];
      s.slots.matrix.pair = ['a,b', 'c'];
      s.slots.compare.pivot = ['openai_moderation', 'flagged'];
    });
    expect(encodeView(s)).toBe(
      'v=2&file=votes%20~%20march.parquet~123456~0123456789abcdef' +
        '&f=%5B%7B%22kind%22:%22in%22,%22path%22:%5B%22language%22%5D,%22values%22:%5B%22English%22,%22French%22%5D%7D%5D' +
        '&pair=a%2Cb,c&pivot=openai_moderation,flagged',
    );
    expect(decodeView(encodeView(s))).toEqual({ state: s, notes: [] });
  });

  it('keeps & # = + % and quotes inside values from breaking the address', () => {
    const s = view((s) => {
      s.search = `a&lens=sql#x=1+2%20"'<script>`;
    });
    const q = encodeView(s);
    expect(q).not.toMatch(/[#\s"'<>+]/);
    expect(q.split('&')).toHaveLength(2);
    expect(decodeView(q).state.search).toBe(s.search);
  });

  it('writes lone surrogates as U+FFFD instead of throwing', () => {
    const s = view((s) => {
      s.search = 'a\uD800b';
    });
    expect(decodeView(encodeView(s)).state.search).toBe('a\uFFFDb');
  });

  it('writes an empty pivot as no pivot', () => {
    expect(encodeView(view((s) => (s.slots.compare.pivot = [])))).toBe('');
  });
});

describe('encodeView and decodeView together', () => {
  it('give back every field of any view, hostile text included, without notes', () => {
    fc.assert(
      fc.property(viewStateArb, (s) => {
        const q = encodeView(s);
        const back = decodeView(q);
        expect(back.notes).toEqual([]);
        expect(back.state).toEqual(s);
      }),
      { numRuns: 500 },
    );
  });

  it('are deterministic and survive a trip through a real URL', () => {
    fc.assert(
      fc.property(viewStateArb, (s) => {
        const q = encodeView(s);
        expect(encodeView(structuredClone(s))).toBe(q);
        // The browser may re-escape characters when it parses the address; meaning must not change.
        const url = new URL(`https://lens.example/app/?${q}`);
        expect(decodeView(url.search, url.hash)).toEqual({ state: s, notes: [] });
      }),
      { numRuns: 200 },
    );
  });

  it('write the keys in one fixed order', () => {
    const order =
      'v sample src hf config split file map f q_ties q_bothbad q_flagged q_anon q_dedup q_min lens anchor ties rounds seed ci tiers rw sort search top md_sample md_src md_file md_open md_from pair mx mx_top cmp_l cmp_r cmp_all pivot profile profile_dim profile_style jb_base jb_strong jb_judge jb_family ctl tp_seed tp_topic tp_mix tp_prompt tp_k tp_sim voter_cap voter_alpha with with_key sql'.split(
        ' ',
      );
    fc.assert(
      fc.property(viewStateArb, (s) => {
        const keys = encodeView(s)
          .split('&')
          .filter(Boolean)
          .map((p) => p.split('=')[0]);
        const positions = keys.map((k) => order.indexOf(k));
        expect(positions.every((p) => p >= 0)).toBe(true);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
      }),
    );
  });

  it('keep a winner label called "__proto__" as a label, without touching any prototype', () => {
    const s = view((s) => {
      s.mapping = {
        modelA: { kind: 'column', column: 'left' },
        modelB: { kind: 'constant', name: 'baseline' },
        winner: { kind: 'column', column: 'w', labels: JSON.parse('{"__proto__":"a","constructor":"b"}'), namesModel: true },
        weight: 'n',
      };
    });
    const back = decodeView(encodeView(s)).state.mapping!;
    expect(back).toEqual(s.mapping);
    const labels = back.winner.kind === 'column' ? back.winner.labels : {};
    expect(Object.keys(labels)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(labels)).toBe(Object.prototype);
  });
});

describe('decodeView with the fragment', () => {
  it('reads src from the fragment, encoded or not', () => {
    const url = 'https://example.org/a.parquet';
    const remote = { kind: 'remote', url };
    expect(decodeView('', `#src=${encodeURIComponent(url)}`)).toEqual({ state: { ...DEFAULT_VIEW, source: remote }, notes: [] });
    expect(decodeView('', `#src=${url}`).state.source).toEqual(remote);
    expect(decodeView('?lens=matrix', `#src=${url}`).state).toEqual({ ...DEFAULT_VIEW, source: remote, lens: 'matrix' });
  });

  it('prefers the query src when both are present, and says so', () => {
    const { state, notes } = decodeView('?src=https://a.example/q.parquet', '#src=https://b.example/h.parquet');
    expect(state.source).toEqual({ kind: 'remote', url: 'https://a.example/q.parquet' });
    expect(notes).toEqual(['ignored "src" in the fragment: the address in the query is used']);
  });

  it('reads only src from the fragment', () => {
    expect(decodeView('', '#lens=sql&rounds=5')).toEqual({ state: DEFAULT_VIEW, notes: [] });
  });

  it('uses src over file over sample, naming the ones left out', () => {
    const { state, notes } = decodeView('?sample=verdicts&file=x.csv~10~0123456789abcdef&src=https://a.example/x.parquet');
    expect(state.source.kind).toBe('remote');
    expect(notes).toEqual([
      'ignored "file": the link also names "src", which is used',
      'ignored "sample": the link also names "src", which is used',
    ]);
  });
});

describe('pair-frequency reweighting in the address', () => {
  it('writes rw=1 after tiers, reads it back, and opens older links without it unweighted', () => {
    const s = view((s) => {
      s.rating.tiers = true;
      s.rating.reweight = true;
    });
    expect(encodeView(s)).toBe('v=2&tiers=1&rw=1');
    expect(decodeView(encodeView(s))).toEqual({ state: s, notes: [] });
    const old = decodeView('v=2&ci=sandwich&tiers=1');
    expect(old.notes).toEqual([]);
    expect(old.state.rating.reweight).toBe(false);
    expect(decodeView('v=1&lens=matrix').state.rating.reweight).toBe(false);
  });

  it('notes a value it cannot read and keeps the default', () => {
    const { state, notes } = decodeView('v=2&rw=yes');
    expect(state.rating.reweight).toBe(false);
    expect(notes.join(' ')).toMatch(/rw/);
  });
});
