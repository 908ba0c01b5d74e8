import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeView, encodeView } from '../../../src/core/view/url-codec.ts';
import { DEFAULT_VIEW } from '../../../src/core/view/view-state.ts';
import { HOSTILE } from './view-arbitraries.ts';

const KEYS =
  'v sample src file map f q_ties q_bothbad q_flagged q_anon q_min lens anchor ties rounds seed sort search top pair cmp_l cmp_r pivot'.split(
    ' ',
  );
const json = (key: string, value: unknown) => `${key}=${encodeURIComponent(JSON.stringify(value))}`;

/** Whatever was decoded must itself be a view the codec writes and reads back cleanly. */
const expectUsable = (search: string, hash?: string) => {
  const { state } = decodeView(search, hash);
  expect(decodeView(encodeView(state))).toEqual({ state, notes: [] });
};

describe('decodeView on broken parameters', () => {
  const cases: [string, string, string][] = [
    ['rounds=abc', 'rounds', 'ignored "rounds": expected a whole number from 0 to 10000, got "abc"'],
    ['rounds=1e309', 'rounds', 'ignored "rounds": expected a whole number from 0 to 10000, got "1e309"'],
    ['rounds=10001', 'rounds', 'ignored "rounds": expected a whole number from 0 to 10000, got "10001"'],
    ['rounds=2.5', 'rounds', 'ignored "rounds": expected a whole number from 0 to 10000, got "2.5"'],
    ['top=-5', 'top', 'ignored "top": expected a whole number from 0 to 1000, got "-5"'],
    ['seed=4294967296', 'seed', 'ignored "seed": expected a whole number from 0 to 4294967295, got "4294967296"'],
    ['q_ties=yes', 'q_ties', 'ignored "q_ties": expected 1 or 0, got "yes"'],
    ['ties=bradley', 'ties', 'ignored "ties": expected half or davidson, got "bradley"'],
    ['ci=wald', 'ci', 'ignored "ci": expected bootstrap or sandwich, got "wald"'],
    ['lens=SQL%3Bdrop', 'lens', 'ignored "lens": expected a lens name of 1 to 20 lowercase letters, got "SQL;drop"'],
    [
      'sort=elo.desc',
      'sort',
      'ignored "sort": expected <column>.asc or <column>.desc with a column from rank, model, rating, interval, votes, wins, losses, ties, winRate, group, rankRange, tier, got "elo.desc"',
    ],
    ['anchor=gpt-4', 'anchor', 'ignored "anchor": expected <model>@<rating>, got "gpt-4"'],
    ['anchor=gpt-4@1e999', 'anchor', 'ignored "anchor": rating: expected a finite number, got "1e999"'],
    ['anchor=gpt-4@0x10', 'anchor', 'ignored "anchor": rating: expected a finite number, got "0x10"'],
    ['src=javascript:alert(1)', 'src', 'ignored "src": expected an http(s) address, got "javascript:alert(1)"'],
    ['sample=..%2Fetc', 'sample', 'ignored "sample": no sample called "../etc"'],
    ['file=x.parquet~12', 'file', 'ignored "file": expected <file name>~<size in bytes>~<hex fingerprint>, got "x.parquet~12"'],
    ['pair=one', 'pair', 'ignored "pair": expected two model names separated by ",", got "one"'],
    ['pivot=a,b,c,d,e', 'pivot', 'ignored "pivot": expected 1 to 4 names separated by ",", got "a,b,c,d,e"'],
    ['search=%E0%A4%A', 'search', 'ignored "search": not valid percent-encoding'],
    ['f=not-json', 'f', 'ignored "f": expected JSON, got "not-json"'],
    ['f={"kind":"in"}', 'f', 'ignored "f": expected a list of filters, got {"kind":"in"}'],
    ['f=[{"kind":"sql","sql":"1=1"}]', 'f', 'ignored "f": filter 1: unknown kind "sql"'],
    ['f=[{"__proto__":{"polluted":true}}]', 'f', 'ignored "f": filter 1: no "kind"'],
    [json('f', [{ kind: 'in', path: ['x'], values: [1], extra: 1 }]), 'f', 'ignored "f": filter 1: unexpected field "extra"'],
    [
      json('f', [{ kind: 'in', path: ['a', 'b', 'c', 'd', 'e'], values: [] }]),
      'f',
      'ignored "f": filter 1: path must be a list of 1 to 4 names, got ["a","b","c","d","e"]',
    ],
    [
      json('f', [{ kind: 'in', path: ['x'.repeat(201)], values: [] }]),
      'f',
      `ignored "f": filter 1: each path part must be a name of 1 to 200 characters, got "${'x'.repeat(40)}…"`,
    ],
    [
      json('f', [{ kind: 'in', path: ['x'], values: [{ a: 1 }] }]),
      'f',
      'ignored "f": filter 1: values may be text, finite numbers, true, false or null, got {"a":1}',
    ],
    [json('f', [{ kind: 'in', path: ['x'], values: Array(1001).fill(1) }]), 'f', 'ignored "f": filter 1: more than 1000 values (1001)'],
    ['cmp_l=[{"kind":"range","path":["turn"],"min":1e309}]', 'cmp_l', 'ignored "cmp_l": filter 1: min must be a finite number, got null'],
    [
      'cmp_r=[{"kind":"exclude-outcomes","outcomes":["a","draw"]}]',
      'cmp_r',
      'ignored "cmp_r": filter 1: outcomes must be a list drawn from a, b, tie, both_bad, got ["a","draw"]',
    ],
    [
      json('map', { a: 'x', b: 'y', w: { outcome: 'left' } }),
      'map',
      'ignored "map": "w.outcome" must be one of a, b, tie, both_bad, got "left"',
    ],
    [json('map', { a: 'x', b: 'y', w: { col: 'w', labels: { l: 'a' } }, sql: '1' }), 'map', 'ignored "map": unexpected field "sql"'],
  ];
  it.each(cases.map(([search, key, note]) => ({ search, key, note })))(
    'falls back to the default for a bad $key (case %#), with a note naming it',
    ({ search, key, note }) => {
      const { state, notes } = decodeView(search);
      expect(notes).toEqual([note]);
      expect(note).toContain(`"${key}"`);
      expect(state).toEqual(DEFAULT_VIEW);
    },
  );

  it('reads the good parameters next to a broken one', () => {
    const { state, notes } = decodeView('?v=2&rounds=abc&lens=matrix&top=-5&seed=7');
    expect(state).toEqual({ ...DEFAULT_VIEW, lens: 'matrix', rating: { ...DEFAULT_VIEW.rating, seed: 7 } });
    expect(notes).toHaveLength(2);
  });

  it('treats an SQL injection attempt as plain text, never as a setting', () => {
    const attack = `'; DROP TABLE battles; --`;
    const { state, notes } = decodeView(`?search=${encodeURIComponent(attack)}&lens=${encodeURIComponent(attack)}`);
    expect(state.search).toBe(attack);
    expect(state.lens).toBe(DEFAULT_VIEW.lens);
    expect(notes).toEqual([`ignored "lens": expected a lens name of 1 to 20 lowercase letters, got "'; DROP TABLE battles; --"`]);
  });

  it('refuses a parameter over 8 KB without reading it', () => {
    const { state, notes } = decodeView(`?search=${'a'.repeat(10_000)}&top=5`);
    expect(state).toEqual({ ...DEFAULT_VIEW, topN: 5 });
    expect(notes).toEqual(['ignored "search": longer than 8192 characters (10000)']);
  });

  it('survives a megabyte of parameters', () => {
    const { state } = decodeView(`?${'rounds=1&x=2&'.repeat(80_000)}`);
    expect(state.rating.rounds).toBe(1);
  });

  it('does not pollute any prototype', () => {
    decodeView(`?f=[{"__proto__":{"polluted":true}}]&map={"__proto__":{"polluted":true}}&__proto__[polluted]=1&constructor=1`);
    decodeView(`?${json('map', JSON.parse('{"a":"x","b":"y","w":{"col":"w","labels":{"__proto__":"a"}},"__proto__":{"polluted":1}}'))}`);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
  });

  it('notes a repeated parameter and uses the first', () => {
    expect(decodeView('?top=3&top=4')).toEqual({
      state: { ...DEFAULT_VIEW, topN: 3 },
      notes: ['ignored a repeated "top"; the first one is used'],
    });
  });

  it('ignores unknown parameters and empty values silently', () => {
    expect(decodeView('?utm_source=mail&fbclid=x&lens=&rounds=&&=&junk')).toEqual({ state: DEFAULT_VIEW, notes: [] });
  });

  it('checks lens and sample against the lists it is given', () => {
    const options = { lenses: ['leaderboard', 'matrix'], samples: ['verdicts'] };
    expect(decodeView('?lens=matrix&sample=verdicts', '', options).notes).toEqual([]);
    expect(decodeView('?lens=safety&sample=other', '', options).notes).toEqual([
      'ignored "sample": no sample called "other"',
      'ignored "lens": no lens called "safety"',
    ]);
  });

  it('reads a link from a newer version as well as it can, and says so', () => {
    expect(decodeView('?v=7&top=5')).toEqual({
      state: { ...DEFAULT_VIEW, topN: 5 },
      notes: ['this link was made by a newer version (7) of the page; read as version 2'],
    });
    expect(decodeView('?v=x&top=5').notes).toEqual(['ignored "v": expected a version number, got "x"; read as version 2']);
  });

  it('never throws on random text and always yields a usable view', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), fc.string({ maxLength: 50 }), (search, hash) => {
        expectUsable(search, hash);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on known keys with random or hostile values', () => {
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom(...HOSTILE, '1e309', '-5', 'NaN', '[]', '{}', 'null', '[null]', '%', '@', '~', ','),
    );
    const param = fc.tuple(fc.constantFrom(...KEYS, '__proto__', 'url', 'filter'), value, fc.boolean());
    fc.assert(
      fc.property(fc.array(param, { maxLength: 12 }), (params) => {
        const search = params.map(([k, v, encode]) => `${k}=${encode ? encodeURIComponent(v) : v}`).join('&');
        expectUsable(search);
        expectUsable(`v=0&${search}`);
      }),
      { numRuns: 500 },
    );
  });
});
