import { describe, expect, it } from 'vitest';
import { absentLenses, AUTO_LENS, LENSES, LENS_IDS, offeredLenses, shownLens, type LensData } from '../../../src/core/view/lenses.ts';
import { FRENCH_MAXX, GENRM, LMSYS_BATTLES, LMSYS_CONVERSATIONS } from '../../../src/core/schema/presets.ts';
import { decodeView, encodeView } from '../../../src/core/view/url-codec.ts';
import { DEFAULT_VIEW } from '../../../src/core/view/view-state.ts';
import { SHORTCUTS, shortcutFor } from '../../../src/core/view/shortcuts.ts';

const MODERATION = { name: 'openai_moderation', type: 'STRUCT(flagged BOOLEAN, categories STRUCT(harassment BOOLEAN))' };
const data = (over: Partial<LensData>): LensData => ({ shapeLenses: [], loadedColumns: [], textColumns: [], columns: [], ...over });
const ids = (d: LensData | null) => offeredLenses(d).map((t) => t.id);

describe('the lens registry', () => {
  it('offers the lenses every dataset has before any file is read, in tab order', () => {
    expect(ids(null)).toEqual(['leaderboard', 'matrix', 'compare', 'profile', 'browse', 'sql']);
    expect(offeredLenses(null)[0]).toEqual({ id: 'leaderboard', label: 'Leaderboard' });
  });

  it('offers a shape lens only when the shape names it, and Safety only when the file has a flag', () => {
    const conversations = data({ shapeLenses: LMSYS_CONVERSATIONS.lenses, loadedColumns: [MODERATION] });
    expect(ids(conversations)).toContain('safety');
    // The same shape without the moderation column (a battles export): no Safety tab.
    expect(ids({ ...conversations, loadedColumns: [] })).not.toContain('safety');
    // A flag in a file whose shape does not name Safety: no tab either.
    expect(ids(data({ shapeLenses: LMSYS_BATTLES.lenses, loadedColumns: [MODERATION] }))).not.toContain('safety');
    expect(ids(data({ shapeLenses: GENRM.lenses }))).toContain('judges');
    expect(ids(data({ shapeLenses: FRENCH_MAXX.lenses }))).toEqual([
      'leaderboard',
      'matrix',
      'compare',
      'profile',
      'defects',
      'judgeboard',
      'style',
      'audit',
      'sources',
      'browse',
      'sql',
    ]);
  });

  it('offers Topics for a prompt, question or conversation column only', () => {
    expect(ids(data({ textColumns: ['prompt'] }))).toContain('topics');
    expect(ids(data({ textColumns: ['conversation_a', 'conversation_b'] }))).toContain('topics');
    expect(ids(data({ textColumns: ['Question'] }))).toContain('topics');
    expect(ids(data({ textColumns: ['response_a', 'response_b'] }))).not.toContain('topics');
    expect(ids(data({}))).not.toContain('topics');
  });

  it('says why a read file has no Topics, and says nothing before a file is read or when it has them', () => {
    expect(absentLenses(data({ textColumns: ['response_a', 'response_b'] }))).toEqual([
      { id: 'topics', label: 'Topics', why: 'Topics needs a prompt, question or conversation column; this file has none.' },
    ]);
    expect(absentLenses(data({ textColumns: ['prompt'] }))).toEqual([]);
    expect(absentLenses(null)).toEqual([]);
  });

  it('offers Over time for a time column, and Style & controls on every file once read (seat A needs only the pairs)', () => {
    expect(ids(data({ columns: [{ name: 'tstamp', type: 'DOUBLE' }] }))).toContain('time');
    expect(ids(data({ columns: [{ name: 'winner', type: 'VARCHAR' }] }))).not.toContain('time');
    expect(ids(data({ textColumns: ['conversation_a', 'conversation_b'] }))).toContain('style');
    expect(ids(data({ textColumns: ['conversation_a'] }))).toContain('style');
    expect(ids(data({}))).toContain('style');
    expect(ids(null)).not.toContain('style');
  });

  it('shows the chosen lens when offered, else the shape’s landing lens, else the first tab', () => {
    const tabs = offeredLenses(data({ shapeLenses: GENRM.lenses }));
    expect(shownLens('matrix', tabs, GENRM.landing)).toBe('matrix');
    expect(shownLens(AUTO_LENS, tabs, GENRM.landing)).toBe('judges');
    expect(shownLens('safety', tabs, GENRM.landing)).toBe('judges');
    expect(shownLens('safety', tabs)).toBe('leaderboard');
  });

  it('gives each lens a label of its own, and every page key a line in the help', () => {
    const labels = LENS_IDS.map((id) => LENSES[id].label);
    expect(new Set(labels).size).toBe(labels.length);
    for (const id of LENS_IDS) {
      const s = (LENSES[id] as { shortcut?: { key: string } }).shortcut;
      if (!s) continue;
      expect(SHORTCUTS.flatMap((x) => x.keys)).toContain(s.key);
      expect(shortcutFor({ key: s.key, inField: false })).toMatchObject({ kind: 'focus', lens: id });
    }
  });
});

describe('the lenses’ slots in the address', () => {
  it('read a link written in the order used before the slots (compare keys before the matrix keys) as the same view', () => {
    const old = '?v=2&lens=matrix&pair=a%2Cb,c&cmp_l=%5B%5D&pivot=language&mx=battles&mx_top=50&sql=SELECT%201';
    const { state, notes } = decodeView(old);
    expect(notes).toEqual([]);
    expect(state.slots).toEqual({
      matrix: { mode: 'battles', top: 50, pair: ['a,b', 'c'] },
      compare: { left: [], right: [], rightAll: false, pivot: ['language'] },
      profile: { model: null, dim: null, style: false },
      judgeboard: { baseline: null, strong: true, judge: null, family: null },
      style: { controls: [] },
      sources: { with: null, key: null },
      audit: { voterCap: 100, voterAlpha: 0.05 },
      topics: { seed: 1, topic: null, mix: null, prompt: '', nearK: 500, nearMin: null },
      sql: { text: 'SELECT 1' },
    });
    // Written back in the registry's order, and read again to the same view.
    const again = encodeView(state);
    expect(again).toBe('v=2&lens=matrix&pair=a%2Cb,c&mx=battles&mx_top=50&pivot=language&sql=SELECT%201');
    expect(decodeView(`?${again}`).state).toEqual(state);
  });

  it('carry the Audit’s voter cap and outlier level, and refuse a level not on offer', () => {
    const { state, notes } = decodeView('?lens=audit&voter_cap=20&voter_alpha=0.01');
    expect(notes).toEqual([]);
    expect(state.slots.audit).toEqual({ voterCap: 20, voterAlpha: 0.01 });
    expect(encodeView(state)).toBe('v=2&lens=audit&voter_cap=20&voter_alpha=0.01');
    const bad = decodeView('?voter_cap=0&voter_alpha=0.2');
    expect(bad.state.slots.audit).toEqual({ voterCap: 100, voterAlpha: 0.05 });
    expect(bad.notes).toEqual([
      'ignored "voter_cap": expected a whole number from 1 to 1000000000, got "0"',
      'ignored "voter_alpha": expected one of 0.1, 0.05, 0.01, 0.001, got "0.2"',
    ]);
  });

  it('carry the Topics mix, prompt and nearness, and refuse values out of range', () => {
    const { state, notes } = decodeView('?lens=topics&tp_mix=30,0,12&tp_prompt=sort%20a%20list%20%26%20%3Cb%3E&tp_k=200&tp_sim=0.45');
    expect(notes).toEqual([]);
    expect(state.slots.topics).toEqual({ seed: 1, topic: null, mix: [30, 0, 12], prompt: 'sort a list & <b>', nearK: 200, nearMin: 0.45 });
    expect(decodeView(`?${encodeView(state)}`).state).toEqual(state);
    const bad = decodeView(`?tp_mix=30,101&tp_k=0&tp_sim=1.5&tp_prompt=${'x'.repeat(2001)}`);
    expect(bad.state.slots.topics).toEqual(DEFAULT_VIEW.slots.topics);
    expect(bad.notes).toEqual([
      'ignored "tp_mix": expected up to 40 weights from 0 to 100 separated by ",", got "30,101"',
      'ignored "tp_prompt": expected a prompt of at most 2000 characters, got 2001',
      'ignored "tp_k": expected a whole number from 1 to 100000, got "0"',
      'ignored "tp_sim": expected a similarity from 0 to 1 (up to 3 decimals), got "1.5"',
    ]);
  });

  it('keep each lens’s default when its value cannot be read, and say which key', () => {
    const { state, notes } = decodeView('?pair=onlyone&pivot=a,b,c,d,e');
    expect(state.slots).toEqual(DEFAULT_VIEW.slots);
    expect(notes).toEqual([
      'ignored "pair": expected two model names separated by ",", got "onlyone"',
      'ignored "pivot": expected 1 to 4 names separated by ",", got "a,b,c,d,e"',
    ]);
  });
});

describe('the Two sources slot', () => {
  it('keeps a local second file and the match key in the address, and names what it cannot read', () => {
    const state = structuredClone(DEFAULT_VIEW);
    state.slots.sources = {
      with: { kind: 'local', name: 'gpt4~judge.csv', size: 113922, fingerprint: '0123456789abcdef' },
      key: 'pair+prompt',
    };
    const text = encodeView(state);
    expect(text).toBe('v=2&with=file:gpt4~judge.csv~113922~0123456789abcdef&with_key=pair%2Bprompt');
    expect(decodeView(`?${text}`).state.slots.sources).toEqual(state.slots.sources);
    const { state: back, notes } = decodeView('?with=file:x.csv&with_key=pair%2B');
    expect(back.slots.sources).toEqual({ with: null, key: null });
    expect(notes).toEqual([
      'ignored "with": expected file:<name>~<size>~<fingerprint>, src:<address>, hf:<dataset> or sample:<id>, got "file:x.csv"',
      'ignored "with_key": expected COLUMN, pair+COLUMN or pair+COLUMN+COLUMN, got "pair+"',
    ]);
  });

  it('keeps a built-in second source and a key of several columns', () => {
    const state = structuredClone(DEFAULT_VIEW);
    state.slots.sources = { with: { kind: 'sample', id: 'mt-bench-gpt4-pair' }, key: 'pair+question_id+turn' };
    const text = encodeView(state);
    expect(text).toBe('v=2&with=sample:mt-bench-gpt4-pair&with_key=pair%2Bquestion_id%2Bturn');
    expect(decodeView(`?${text}`).state.slots.sources).toEqual(state.slots.sources);
    expect(decodeView('?with=sample:../etc').notes).toEqual(['ignored "with": expected sample:<built-in id>, got "sample:../etc"']);
  });

  it('keeps a Hub dataset as the second source, with its config and split when named', () => {
    for (const ref of [
      { kind: 'hub' as const, dataset: 'lmsys/mt_bench_human_judgments', config: null, split: null },
      { kind: 'hub' as const, dataset: 'lmsys/mt_bench_human_judgments', config: 'default', split: 'gpt4_pair' },
      { kind: 'hub' as const, dataset: 'owner/votes', config: null, split: 'test' },
    ]) {
      const state = structuredClone(DEFAULT_VIEW);
      state.slots.sources = { with: ref, key: null };
      expect(decodeView(`?${encodeView(state)}`).state.slots.sources.with).toEqual(ref);
    }
    const state = structuredClone(DEFAULT_VIEW);
    state.slots.sources = { with: { kind: 'hub', dataset: 'a/b', config: 'c', split: 'd' }, key: null };
    expect(encodeView(state)).toBe('v=2&with=hf:a/b/c/d');
    expect(decodeView('?with=hf:a/b/c/d/e').notes).toEqual([
      'ignored "with": expected hf:<owner>/<name>[/<config>[/<split>]], got "hf:a/b/c/d/e"',
    ]);
  });
});
