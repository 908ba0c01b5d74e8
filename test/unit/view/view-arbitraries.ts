/** fast-check generators for any valid ViewState, with hostile text wherever a user's text can go. */
import { VOTER_ALPHAS } from '../../../src/core/view/lens-address.ts';
import fc from 'fast-check';
import { OUTCOMES } from '../../../src/core/outcome.ts';
import type { ColumnMapping, SideSource, WinnerSource } from '../../../src/core/schema/mapping.ts';
import type { Filter } from '../../../src/core/sql/filters.ts';
import { SORT_KEYS } from '../../../src/core/view/leaderboard-table.ts';
import type { DataSource, ViewState } from '../../../src/core/view/view-state.ts';

export const HOSTILE = [
  `'; DROP TABLE battles; --`,
  '<script>alert(1)</script>',
  '" onmouseover="x',
  'a&b=c#d?e',
  '%41%zz%',
  '+ +',
  'a,b',
  'x~12~0123456789abcdef',
  'me@host@1200',
  '__proto__',
  'constructor',
  'ümlaut 日本語 🦜‍🔥',
  ' leading and trailing ',
  'line\nbreak\ttab\u0000nul',
];

export const text = (maxLength = 20): fc.Arbitrary<string> =>
  fc.oneof(
    fc.string({ maxLength }),
    fc.string({ maxLength, unit: 'binary' }),
    fc.string({ maxLength, unit: 'grapheme' }),
    fc.constantFrom(...HOSTILE),
  );

const name = text().filter((s) => s.length >= 1 && s.length <= 200);
const path = fc.array(name, { minLength: 1, maxLength: 4 });
/** A control's column path, as the Controls picker writes it (rank --control's form). */
const column = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,12}(\.[A-Za-z_][A-Za-z0-9_]{0,8})?$/);
// -0 is written as 0 (String and JSON.stringify both do), so the generator does not produce it.
const finite = fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })).map((x) => (x === 0 ? 0 : x));
const scalar = fc.oneof(text(), finite, fc.boolean(), fc.constant(null));

export const filterArb: fc.Arbitrary<Filter> = fc.oneof(
  fc.record({ kind: fc.constant('in' as const), path, values: fc.array(scalar, { maxLength: 5 }) }),
  fc.record({ kind: fc.constant('range' as const), path, min: finite, max: finite }, { requiredKeys: ['kind', 'path'] }),
  fc.record({ kind: fc.constant('date' as const), path, from: text(), to: text() }, { requiredKeys: ['kind', 'path'] }),
  fc.record({ kind: fc.constant('boolean' as const), path, value: fc.boolean() }),
  fc.record({ kind: fc.constant('exclude-outcomes' as const), outcomes: fc.subarray([...OUTCOMES]) }),
);
const filters = fc.array(filterArb, { maxLength: 3 });

const side: fc.Arbitrary<SideSource> = fc.oneof(
  fc.record({ kind: fc.constant('column' as const), column: name }),
  fc.record({ kind: fc.constant('constant' as const), name: text() }),
  fc.record({ kind: fc.constant('constant' as const), name: text(), presentIn: name }),
  fc.record({
    kind: fc.constant('split' as const),
    column: name,
    separator: fc.string({ minLength: 1, maxLength: 20 }),
    part: fc.constantFrom(0 as const, 1 as const),
    at: fc.constantFrom('first' as const, 'last' as const),
  }),
);
const winner: fc.Arbitrary<WinnerSource> = fc.oneof(
  fc.record({
    kind: fc.constant('column' as const),
    column: name,
    labels: fc.dictionary(text(), fc.constantFrom(...OUTCOMES), { maxKeys: 5, noNullPrototype: true }),
    namesModel: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('constant' as const), outcome: fc.constantFrom(...OUTCOMES) }),
  fc
    .record({ a: name, b: name, tie: name, both_bad: name }, { requiredKeys: ['a', 'b'] })
    .map((columns) => ({ kind: 'one-hot' as const, columns })),
  fc.record({
    kind: fc.constant('votes' as const),
    columns: fc.array(name, { minLength: 1, maxLength: 5 }),
    labels: fc.dictionary(text(), fc.constantFrom(...OUTCOMES), { maxKeys: 5, noNullPrototype: true }),
  }),
);
const mapping: fc.Arbitrary<ColumnMapping> = fc.record(
  {
    modelA: side,
    modelB: side,
    winner,
    tieFlag: name,
    weight: name,
    extraPairs: fc.array(fc.record({ modelA: side, modelB: side }), { minLength: 1, maxLength: 4 }),
  },
  { requiredKeys: ['modelA', 'modelB', 'winner'] },
);

const source: fc.Arbitrary<DataSource> = fc.oneof(
  fc.record({ kind: fc.constant('sample' as const), id: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/) }),
  fc.record({ kind: fc.constant('remote' as const), url: fc.webUrl({ withQueryParameters: true, withFragments: true }) }),
  fc.record({
    kind: fc.constant('hub' as const),
    // The Hub's names: words of letters, digits and '_' joined by single '-' or '.'.
    dataset: fc
      .tuple(...[0, 1].map(() => fc.array(fc.stringMatching(/^[A-Za-z0-9_]{1,6}$/), { minLength: 1, maxLength: 3 })))
      .map(([owner, name]) => `${owner.join('-')}/${name.join('.')}`),
    config: fc.option(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,12}$/), { nil: null }),
    split: fc.option(fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9_.+-]{0,12}$/), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('local' as const),
    file: fc.record({ name, size: fc.maxSafeNat(), fingerprint: fc.stringMatching(/^[0-9a-f]{16}$/) }),
  }),
);

export const viewStateArb: fc.Arbitrary<ViewState> = fc.record({
  source,
  mapping: fc.option(mapping, { nil: null }),
  filters,
  quick: fc.record({
    excludeTies: fc.boolean(),
    excludeBothBad: fc.boolean(),
    excludeFlagged: fc.boolean(),
    anonymousOnly: fc.boolean(),
    dedupOnly: fc.boolean(),
    minVotes: fc.nat(1_000_000_000),
  }),
  lens: fc.stringMatching(/^[a-z]{1,20}$/),
  rating: fc.record({
    anchor: fc.option(fc.record({ model: text(), value: finite }), { nil: null }),
    ties: fc.constantFrom('half' as const, 'davidson' as const),
    rounds: fc.nat(10_000),
    seed: fc.nat(0xffff_ffff),
    intervals: fc.constantFrom('bootstrap' as const, 'sandwich' as const),
    tiers: fc.boolean(),
    reweight: fc.boolean(),
  }),
  sort: fc.record({ key: fc.constantFrom(...SORT_KEYS), descending: fc.boolean() }),
  search: text(),
  topN: fc.nat(1000),
  details: fc.record({
    source: fc.option(
      fc.oneof(
        fc.record({ kind: fc.constant('sample' as const), id: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/) }),
        fc.record({ kind: fc.constant('remote' as const), url: fc.webUrl() }),
        fc.record({
          kind: fc.constant('local' as const),
          file: fc.record({ name, size: fc.maxSafeNat(), fingerprint: fc.stringMatching(/^[0-9a-f]{16}$/) }),
        }),
      ),
      { nil: null },
    ),
    openOnly: fc.boolean(),
    releasedFrom: fc.option(
      fc.date({ min: new Date('1990-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      { nil: null },
    ),
  }),
  slots: fc.record({
    matrix: fc.record({
      mode: fc.constantFrom('fraction', 'battles', 'predicted'),
      top: fc.nat(1000),
      pair: fc.option(fc.tuple(text(), text()), { nil: null }),
    }),
    compare: fc.record({ left: filters, right: filters, rightAll: fc.boolean(), pivot: fc.option(path, { nil: null }) }),
    profile: fc.record({ model: fc.option(name, { nil: null }), dim: fc.option(name, { nil: null }), style: fc.boolean() }),
    sql: fc.record({ text: text(300) }),
    style: fc.record({
      controls: fc.array(
        fc.oneof(
          fc.constant('seat'),
          column,
          fc.tuple(column, text(100)).map(([c, v]) => `${c}=${v}`),
          fc.tuple(column, column).map(([a, b]) => `${a} - ${b}`),
        ),
        { maxLength: 12 },
      ),
    }),
    judgeboard: fc.record({
      baseline: fc.option(name, { nil: null }),
      strong: fc.boolean(),
      judge: fc.option(name, { nil: null }),
      family: fc.option(name, { nil: null }),
    }),
    sources: fc.record({
      with: fc.option(
        fc.oneof(
          fc.record({ kind: fc.constant('local' as const), name, size: fc.maxSafeNat(), fingerprint: fc.stringMatching(/^[0-9a-f]{16}$/) }),
          fc.record({ kind: fc.constant('remote' as const), url: fc.webUrl({ withQueryParameters: true, withFragments: true }) }),
        ),
        { nil: null },
      ),
      key: fc.option(fc.stringMatching(/^(pair\+)?[A-Za-z_][A-Za-z0-9_ ]{0,20}$/), { nil: null }),
    }),
    audit: fc.record({ voterCap: fc.integer({ min: 1, max: 1_000_000_000 }), voterAlpha: fc.constantFrom(...VOTER_ALPHAS) }),
    topics: fc.record({
      seed: fc.integer({ min: 1, max: 999999 }),
      topic: fc.option(fc.nat(9999), { nil: null }),
      mix: fc.option(fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 1, maxLength: 40 }), { nil: null }),
      prompt: text(300),
      nearK: fc.integer({ min: 1, max: 100000 }),
      nearMin: fc.option(
        fc.integer({ min: 0, max: 1000 }).map((x) => x / 1000),
        { nil: null },
      ),
    }),
  }),
});
