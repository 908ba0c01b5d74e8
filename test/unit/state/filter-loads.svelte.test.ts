import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveCounts, liveProfile, readProfile, type ProfileInputs } from '../../../src/state/filter-loads.svelte.ts';
import { readValueCounts, valueCountsSql } from '../../../src/core/sql/dimension-stats.ts';
import { filtersSql } from '../../../src/core/sql/filters.ts';
import { BATTLES_TABLE } from '../../../src/core/sql/battles.ts';
import { describeSql, readColumns } from '../../../src/core/sql/summary.ts';
import { pathKey } from '../../../src/core/view/dimensions.ts';
import type { ColumnInfo } from '../../../src/core/schema/column.ts';
import type { RunQuery } from '../../../src/core/sql/connector.ts';
import type { Detection } from '../../../src/core/schema/detect.ts';
import { FIXTURES } from '../../sql/fixtures.ts';
import { buildFromRaw } from '../../sql/helpers.ts';
import { createWasmDuck } from './wasm-duck.ts';

/*
 * The lmsys-conversations fixture's valid votes (the other four rows are rejected by the builder):
 *   q1 gpt-4 beats claude-v1 (English, anonymous)    q2 gpt-4 beats claude-v1 from seat b (French, anonymous)
 *   q3 gpt-4 ties vicuna (English, not anonymous)    q4 vicuna and claude-v1 both bad (German, anonymous)
 *   q9 vicuna beats gpt-4 from seat a (French, anonymous)
 */
const duck = await createWasmDuck();
const query: RunQuery = (q) => duck.connector.query(q.sql, [...q.params]);
let columns: ColumnInfo[];
let detection: Detection;

beforeAll(async () => {
  await FIXTURES['lmsys-conversations'](duck.connector);
  detection = await buildFromRaw(duck.connector, 'raw');
  columns = readColumns(await duck.connector.query(describeSql(BATTLES_TABLE).sql));
});
afterAll(() => duck.close());

/** Lets Svelte run the effects it scheduled and the promises (DuckDB's answers) settle. */
const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setTimeout(r, 0));
};
/** The page's query, except that its first statement waits until released: the older answer arrives last. */
function holdingFirst(run: RunQuery) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let calls = 0;
  const gated: RunQuery = async (q) => {
    if (calls++ === 0) await held;
    return run(q);
  };
  return { query: gated, release };
}
const inputs = (over: Partial<ProfileInputs> = {}): ProfileInputs => ({
  query,
  columns,
  hints: detection.dimensions,
  ignored: detection.preset.ignored ?? [],
  ...over,
});
const languages = (counts: ReturnType<typeof readValueCounts> | null) =>
  Object.fromEntries((counts?.values ?? []).map((v) => [String(v.value), v.votes]));

describe('the filter panel’s loads, on DuckDB-WASM', () => {
  it('profiles the columns: votes per outcome, and language offered as a category of its three values', async () => {
    const profile = await readProfile(inputs());
    expect(profile.outcomes).toEqual({ a: 2, b: 1, tie: 1, both_bad: 1 });
    expect(profile.distinct.language).toBe(3);
    expect(profile.dims.find((d) => pathKey(d.path) === 'language')?.kind).toBe('category');
  });

  it('a widget never shows the counts of an older slice that arrive last', async () => {
    const gate = holdingFirst(query);
    const anonymous = (value: boolean) => filtersSql([{ kind: 'in', path: ['anony'], values: [value] }], columns);
    let where = $state(anonymous(true));
    let counts!: ReturnType<typeof liveCounts<ReturnType<typeof readValueCounts>>>;
    const stop = $effect.root(() => {
      counts = liveCounts(() => ({ query: gate.query, q: valueCountsSql(['language'], where) }), readValueCounts, 'count values');
    });
    await settle();
    expect([counts.value, counts.loading]).toEqual([null, true]);
    where = anonymous(false);
    await settle();
    expect(languages(counts.value)).toEqual({ English: 1 });
    // The anonymous slice's counts (English 1, French 2, German 1) come in last: dropped.
    gate.release();
    await settle();
    expect(languages(counts.value)).toEqual({ English: 1 });
    expect([counts.loading, counts.error]).toEqual([false, null]);
    stop();
  });

  it('a widget says what it could not count, and clears it with the next answer', async () => {
    let column = $state('no_such_column');
    let counts!: ReturnType<typeof liveCounts<ReturnType<typeof readValueCounts>>>;
    const stop = $effect.root(() => {
      counts = liveCounts(() => ({ query, q: valueCountsSql([column]) }), readValueCounts, 'count values');
    });
    await settle();
    expect(counts.error).toMatch(/^could not count values: .*no_such_column/);
    expect(counts.error).not.toContain('\n');
    column = 'language';
    await settle();
    expect([languages(counts.value), counts.error]).toEqual([{ English: 2, French: 2, German: 1 }, null]);
    stop();
  });

  it('the panel never offers the dimensions of columns it was given before, when their profile arrives last', async () => {
    const gate = holdingFirst(query);
    let given = $state(inputs({ query: gate.query }));
    let profile!: ReturnType<typeof liveProfile>;
    const stop = $effect.root(() => {
      profile = liveProfile(() => given);
    });
    await settle();
    expect(profile.value).toBeNull();
    // Another dataset: the same data without its language column.
    given = inputs({ query: gate.query, columns: columns.filter((c) => c.name !== 'language') });
    await settle();
    const offered = () => profile.value!.dims.map((d) => pathKey(d.path));
    expect(offered()).not.toContain('language');
    expect(offered().length).toBeGreaterThan(0);
    gate.release();
    await settle();
    expect(offered()).not.toContain('language');
    expect(profile.loading).toBe(false);
    stop();
  });
});
