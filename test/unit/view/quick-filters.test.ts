import { describe, expect, it } from 'vitest';
import type { ColumnInfo } from '../../../src/core/schema/column.ts';
import { filtersSql } from '../../../src/core/sql/filters.ts';
import { applicableToggles, flaggedPath, quickFilters } from '../../../src/core/view/quick-filters.ts';
import { DEFAULT_VIEW, type QuickToggles } from '../../../src/core/view/view-state.ts';
import { SHAPES } from '../schema/shapes.ts';

const OUTCOME: ColumnInfo = { name: 'outcome', type: "ENUM('a', 'b', 'tie', 'both_bad')" };
const conversations = [OUTCOME, ...SHAPES['lmsys-conversations']];
const plainFlag: ColumnInfo[] = [OUTCOME, { name: 'flagged', type: 'BOOLEAN' }];
const none: ColumnInfo[] = [OUTCOME, { name: 'language', type: 'VARCHAR' }, { name: 'anony', type: 'VARCHAR' }];
const all: QuickToggles = {
  excludeTies: true,
  excludeBothBad: true,
  excludeFlagged: true,
  anonymousOnly: true,
  dedupOnly: true,
  minVotes: 50,
};

describe('quick toggles', () => {
  it('add nothing when all are off', () => {
    expect(quickFilters(DEFAULT_VIEW.quick, conversations)).toEqual([]);
  });

  it('turn ties and both-bad into one exclude-outcomes filter', () => {
    expect(quickFilters({ ...DEFAULT_VIEW.quick, excludeTies: true }, none)).toEqual([{ kind: 'exclude-outcomes', outcomes: ['tie'] }]);
    expect(quickFilters({ ...DEFAULT_VIEW.quick, excludeTies: true, excludeBothBad: true }, none)).toEqual([
      { kind: 'exclude-outcomes', outcomes: ['tie', 'both_bad'] },
    ]);
  });

  it('exclude flagged prompts on the moderation struct, keeping rows moderation never saw', () => {
    expect(flaggedPath(conversations)).toEqual(['openai_moderation', 'flagged']);
    expect(quickFilters(all, conversations)).toEqual([
      { kind: 'exclude-outcomes', outcomes: ['tie', 'both_bad'] },
      { kind: 'in', path: ['openai_moderation', 'flagged'], values: [false, null] },
      { kind: 'boolean', path: ['anony'], value: true },
    ]);
  });

  it("offer LMArena's de-duplication when dedup_tag.sampled exists, as a filter on it", () => {
    const lmarena = [
      OUTCOME,
      ...SHAPES['lmarena-140k'].filter((c) => c.name !== 'dedup_tag'),
      { name: 'dedup_tag', type: 'STRUCT(high_freq BOOLEAN, sampled BOOLEAN)' },
    ];
    expect(applicableToggles(lmarena)).toContain('dedupOnly');
    expect(applicableToggles(conversations)).not.toContain('dedupOnly');
    expect(quickFilters({ ...DEFAULT_VIEW.quick, dedupOnly: true }, lmarena)).toEqual([
      { kind: 'boolean', path: ['dedup_tag', 'sampled'], value: true },
    ]);
    expect(quickFilters({ ...DEFAULT_VIEW.quick, dedupOnly: true }, conversations)).toEqual([]);
  });

  it('fall back to a plain flagged column', () => {
    expect(quickFilters({ ...DEFAULT_VIEW.quick, excludeFlagged: true }, plainFlag)).toEqual([
      { kind: 'in', path: ['flagged'], values: [false, null] },
    ]);
  });

  it('ignore toggles the data cannot honour (a link made on another dataset)', () => {
    expect(quickFilters(all, none)).toEqual([{ kind: 'exclude-outcomes', outcomes: ['tie', 'both_bad'] }]);
  });

  it('produce filters that pass the filter checks', () => {
    expect(() => filtersSql(quickFilters(all, conversations), conversations)).not.toThrow();
    expect(() => filtersSql(quickFilters(all, plainFlag), plainFlag)).not.toThrow();
  });

  it('say which toggles apply to each dataset', () => {
    expect(applicableToggles(conversations)).toEqual(['excludeTies', 'excludeBothBad', 'excludeFlagged', 'anonymousOnly', 'minVotes']);
    expect(applicableToggles([OUTCOME, ...SHAPES['lmsys-battles']])).toEqual([
      'excludeTies',
      'excludeBothBad',
      'anonymousOnly',
      'minVotes',
    ]);
    expect(applicableToggles([OUTCOME, ...SHAPES['comparag']], { a: 10, b: 9, tie: 3, both_bad: 0 })).toEqual(['excludeTies', 'minVotes']);
    expect(applicableToggles([OUTCOME, ...SHAPES['french-maxx']], { a: 5000 })).toEqual(['minVotes']);
    expect(applicableToggles(none)).toEqual(['excludeTies', 'excludeBothBad', 'minVotes']);
  });
});
