/**
 * The counting worker's filter cube (issue 28), read from a real file as the worker reads it
 * (parquet-wasm, row group by row group, in one share or two merged), against DuckDB's battles
 * table built from the same file: each filtered slice's pair counts and each value list equal
 * what the page asks DuckDB once it holds the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import init from 'parquet-wasm/esm';
import { tableFromIPC } from 'apache-arrow';
import { createNodeConnector, type NodeConnector } from '../../../src/cli/node-connector.ts';
import { buildBattles, loadAndRecognise, type OpenedFile } from '../../../src/cli/lib/open-file.ts';
import { GroupTallier, kindOf, openPart, readShare } from '../../../src/workers/count-reading.ts';
import { mergeTally, tallyData } from '../../../src/core/tally/tally-parts.ts';
import { KeptRows, splitShare } from '../../../src/workers/count-split.ts';
import { TallyReader, tallyColumns, VoteTally } from '../../../src/core/tally/vote-tally.ts';
import { FilterTally } from '../../../src/core/tally/filter-tally.ts';
import { filterColumnsFor } from '../../../src/core/tally/filter-columns.ts';
import { filterCube, type FilterCube } from '../../../src/core/tally/filter-cube.ts';
import { CubeCounts } from '../../../src/core/tally/cube-counts.ts';
import { schemaColumns } from '../../../src/core/schema/arrow-schema.ts';
import { BATTLES_TABLE } from '../../../src/core/sql/battles.ts';
import { filtersSql, type Filter } from '../../../src/core/sql/filters.ts';
import { readCounts } from '../../../src/core/sql/pair-counts.ts';
import { readValueCounts, valueCountsSql } from '../../../src/core/sql/dimension-stats.ts';
import type { ColumnInfo } from '../../../src/core/schema/column.ts';
import type { DimensionHint } from '../../../src/core/schema/preset.ts';
import { earlyFilters, earlySlice } from '../../../src/core/view/early-filters.ts';
import { DEFAULT_VIEW } from '../../../src/core/view/view-state.ts';
import { quickFilters } from '../../../src/core/view/quick-filters.ts';
import { decideDimensions } from '../../../src/core/view/dimensions.ts';
import { columnProfileSql, describeSql, readColumnProfile, readColumns } from '../../../src/core/sql/summary.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';

const FILE = join(import.meta.dirname, '../../../static-data/arena-conversations.parquet');
/** The real Chatbot Arena pair counts: model_a, model_b, winner and a count, nothing to filter on. */
const COUNTS_FILE = join(import.meta.dirname, '../../../static-data/chatbot-arena-20240814-counts.parquet');

/**
 * The file counted as the worker counts it: shares read into tallies, each row's tuple kept; then a
 * second pass over the filter columns alone splits those rows, share by share (a helper's tally and
 * split sent as data and merged in), then the cube.
 */
async function countWithFilters(opened: OpenedFile, shares: number, tupleCap?: number, path = FILE, cellBytes?: number) {
  const file = new Blob([readFileSync(path)]);
  const first = await openPart(file);
  try {
    const schema = tableFromIPC(first.file.schema().intoIPCStream()).schema;
    const columns = schemaColumns(schema);
    const kinds = Object.fromEntries(columns.map(({ name }) => [name, kindOf(schema.fields.find((f) => f.name === name)?.type)]));
    const mapping = opened.detection.mapping;
    const { dimensions: hints, preset } = opened.detection;
    const filterColumns = filterColumnsFor(columns, kinds, mapping, hints, preset.ignored ?? []);
    const { columns: tallied, weight } = tallyColumns(mapping);
    const read = [...tallied, ...(weight ? [weight] : [])];
    const tallies = [];
    for (let index = 0; index < shares; index++) {
      const tally = new VoteTally(tallied, !!weight);
      const tallier = new GroupTallier(tally, tallied, weight);
      const kept = new KeptRows();
      await readShare(
        first,
        [file],
        read,
        { index, of: shares },
        () => true,
        (group) => kept.keep(tallier.add(group), tally.tuples),
      );
      tallier.settle();
      tallies.push({ tally, kept, share: { index, of: shares } });
    }
    // The board's counts come from the first pass alone.
    const [mine, ...helpers] = tallies;
    const tally = mine.tally;
    const numbered = helpers.map((helper) => mergeTally(tally, tallyData(helper.tally)));
    const reader = new TallyReader(mapping, kinds);
    const { counts } = reader.read(tally);
    // The second pass: each reader splits the rows it kept, the helpers' merged as the worker merges them.
    const splitOn = filterColumns.map((c) => c.name);
    const split = new FilterTally(splitOn, !!weight, tupleCap, cellBytes);
    for (const [k, { kept, share }] of splitOn.length ? tallies.entries() : []) {
      const own = k === 0 ? split : new FilterTally(splitOn, !!weight, tupleCap, cellBytes);
      await splitShare(first, [file], share, () => true, kept, own);
      // Every row kept by the first pass is split, unless the split was given up.
      if (!own.overflow) expect(kept.length).toBe(0);
      if (k > 0) {
        if (own.overflow) split.giveUp(own.overflow);
        else split.merge(own.data(), numbered[k - 1]);
      }
    }
    const layout = reader.cellsInLayout();
    // No column to split on: the worker's cube is the tally's own tuples (outcome toggles only).
    const cube = layout && filterCube(filterColumns.length ? split : FilterTally.unsplit(tally), layout);
    const splitColumns = filterColumns.filter((_, c) => !split.dropped[c]);
    const early = cube && earlyFilters({ columns: splitColumns, hints, ignored: preset.ignored ?? [], cube });
    return { filterColumns, counts, split, cube, early };
  } finally {
    first.file.free();
  }
}

/** The cube as the page holds it: its rows grouped by key, and (the path of a cube with many values) not grouped. */
const coded = (cube: FilterCube) => [new CubeCounts(cube), new CubeCounts(cube, 0)];

describe('the filter cube counted while a file is read', () => {
  let db: NodeConnector;
  let opened: OpenedFile;
  let columns: ColumnInfo[];
  let whole: PairCounts;
  beforeAll(async () => {
    await init({ module_or_path: readFileSync('node_modules/parquet-wasm/esm/parquet_wasm_bg.wasm') });
    db = await createNodeConnector();
    opened = await loadAndRecognise(db, FILE);
    await buildBattles(db, opened);
    columns = readColumns(await db.query(describeSql(BATTLES_TABLE).sql));
    whole = await readCounts(db);
  });
  afterAll(() => db.close());

  // Several filters on the three columns, alone and together, with the outcome toggles.
  const FILTERS: Filter[][] = [
    [],
    [{ kind: 'in', path: ['language'], values: ['English'] }],
    [{ kind: 'in', path: ['language'], values: ['Spanish', 'German', null] }],
    [{ kind: 'boolean', path: ['anony'], value: true }],
    [{ kind: 'range', path: ['turn'], min: 2 }],
    [{ kind: 'range', path: ['turn'], min: 1, max: 1 }],
    [{ kind: 'exclude-outcomes', outcomes: ['tie', 'both_bad'] }],
    [
      { kind: 'in', path: ['language'], values: ['English'] },
      { kind: 'boolean', path: ['anony'], value: false },
      { kind: 'range', path: ['turn'], max: 3 },
      { kind: 'exclude-outcomes', outcomes: ['tie'] },
    ],
  ];

  it('splits on the language, turn and anonymous columns, offered as the filter panel offers them', async () => {
    const { filterColumns, split, cube, early } = await countWithFilters(opened, 1);
    // The preset's hinted columns, in the file's order; the judge too, at first: thousands of them, so it is left out after the first row group.
    expect(filterColumns.map((c) => c.name)).toEqual(['judge', 'turn', 'anony', 'language']);
    expect(split.dropped).toEqual([true, false, false, false]);
    expect(cube!.dims.map((d) => d.path)).toEqual([['turn'], ['anony'], ['language']]);
    // The dimensions decideDimensions makes of battles once DuckDB holds them, for the same columns.
    const profile = readColumnProfile(columns, (await db.query(columnProfileSql(BATTLES_TABLE, columns).sql))[0]);
    const full = decideDimensions({
      columns,
      hints: opened.detection.dimensions,
      ignored: opened.detection.preset.ignored,
      distinct: Object.fromEntries(profile.map((c) => [c.name, c.distinct])),
    });
    const names = new Set(['language', 'turn', 'anony']);
    expect(early!.dims).toEqual(full.filter((d) => names.has(d.path[0])));
    expect(Object.fromEntries(early!.dims.map((d) => [d.path[0], d.kind]))).toEqual({
      language: 'category',
      turn: 'number',
      anony: 'boolean',
    });
  });

  // Cells of the default size; none (split tuples listed from the start); outgrown midway by the
  // helper's tuples merged in (2 shares), or by a row group (1 share).
  it.each([
    [1, undefined],
    [2, undefined],
    [1, 0],
    [2, 900_000],
    [1, 1_200_000],
  ])('gives every slice the cells DuckDB counts from battles (%i share(s), cells of %s bytes)', async (shares, cellBytes) => {
    const { cube, counts } = await countWithFilters(opened, shares, undefined, FILE, cellBytes);
    expect(cube).not.toBeNull();
    expect(counts).toEqual(whole);
    const votes: number[] = [];
    for (const filters of FILTERS) {
      const expected = await readCounts(db, filtersSql(filters, columns), whole.models);
      for (const cubeCounts of coded(cube!)) {
        // A warm-up sum (the page runs one once the panel is drawn) leaves nothing behind.
        cubeCounts.warm();
        expect(cubeCounts.counts(filters), JSON.stringify(filters)).toEqual(expected);
      }
      votes.push(expected.n.reduce((s, n) => s + n, 0));
    }
    // The filters really cut: each slice but the first is smaller than the whole file, and none is empty.
    expect(votes.slice(1).every((v) => v > 0 && v < votes[0])).toBe(true);
  });

  it('lists each column’s values with votes and rows in the slice of the other filters, as valueCountsSql does', async () => {
    const { cube } = await countWithFilters(opened, 1);
    const others: Filter[][] = [[], [{ kind: 'boolean', path: ['anony'], value: true }], [{ kind: 'exclude-outcomes', outcomes: ['tie'] }]];
    for (const path of [['language'], ['anony'], ['turn']])
      for (const filters of others) {
        const expected = readValueCounts(await db.query(...sqlOf(valueCountsSql(path, filtersSql(filters, columns), 60))));
        for (const cubeCounts of coded(cube!))
          expect(cubeCounts.valueCounts(path, filters, 60), `${path} ${JSON.stringify(filters)}`).toEqual(expected);
      }
  });

  it('answers the quick toggles it has the columns for, and leaves the others to DuckDB', async () => {
    const { early, counts } = await countWithFilters(opened, 1);
    const quick = { ...DEFAULT_VIEW.quick };
    expect(earlySlice(early!, counts, [], quick)).toBe(counts);
    const anonymous = earlySlice(early!, counts, [{ kind: 'in', path: ['language'], values: ['English'] }], {
      ...quick,
      anonymousOnly: true,
      excludeTies: true,
    });
    const where = filtersSql(
      [
        { kind: 'in', path: ['language'], values: ['English'] },
        ...quickFilters({ ...quick, anonymousOnly: true, excludeTies: true }, columns),
      ],
      columns,
    );
    expect(anonymous).toEqual(await readCounts(db, where, whole.models));
    // The moderation flag is a struct field the tally does not split on: DuckDB decides.
    expect(earlySlice(early!, counts, [], { ...quick, excludeFlagged: true })).toBeNull();
    expect(earlySlice(early!, counts, [{ kind: 'date', path: ['tstamp'], from: '2023-05-01' }], quick)).toBeNull();
  });

  it('gives up past its cap, and then holds nothing: the filters wait for DuckDB', async () => {
    const { cube, split } = await countWithFilters(opened, 2, 1000);
    expect(split.overflow).toMatch(/more than 1,000 combinations/);
    expect(split.tuples).toBe(0);
    expect(cube).toBeNull();
  });

  it('leaves out columns it cannot split on: mapped, renamed by battles, floats, ids, ignored ones; hinted first, four at most', () => {
    const mapping = opened.detection.mapping;
    const columns: ColumnInfo[] = [
      { name: 'model_a', type: 'VARCHAR' },
      { name: 'model_b', type: 'VARCHAR' },
      { name: 'winner', type: 'VARCHAR' },
      { name: 'outcome', type: 'VARCHAR' },
      { name: 'language', type: 'DOUBLE' },
      { name: 'question_id', type: 'VARCHAR' },
      { name: 'lang', type: 'VARCHAR' },
      { name: 'turn', type: 'VARCHAR' },
      { name: 'a', type: 'BIGINT' },
      { name: 'b', type: 'BIGINT' },
      { name: 'c', type: 'BIGINT' },
      { name: 'is_code', type: 'BOOLEAN' },
    ];
    const kinds = {
      model_a: 'text',
      model_b: 'text',
      winner: 'text',
      outcome: 'text',
      language: 'float',
      question_id: 'text',
      lang: 'text',
      turn: 'text',
      a: 'integer',
      b: 'integer',
      c: 'integer',
      is_code: 'boolean',
    } as const;
    const hints: DimensionHint[] = [{ label: 'code', kind: 'boolean', path: ['is_code'] }];
    expect(filterColumnsFor(columns, kinds, mapping, hints, ['lang']).map((c) => c.name)).toEqual(['is_code', 'turn', 'a', 'b']);
    expect(filterColumnsFor(columns.slice(0, 7), kinds, mapping, [], [])).toEqual([{ name: 'lang', type: 'VARCHAR' }]);
    // Columns too wide to read for a split (long text) are not candidates, and free their place.
    expect(filterColumnsFor(columns, kinds, mapping, hints, ['lang'], new Set(['turn', 'b', 'c'])).map((c) => c.name)).toEqual([
      'turn',
      'b',
      'c',
    ]);
  });
});

/** A statement as the node connector takes it. */
function sqlOf(q: { sql: string; params: readonly unknown[] }): [string, unknown[]] {
  return [q.sql, [...q.params]];
}

describe('the filter cube of a file with no column to filter on', () => {
  it('answers the outcome toggles of the real pair counts (weighted rows) with the cells DuckDB counts', async () => {
    await init({ module_or_path: readFileSync('node_modules/parquet-wasm/esm/parquet_wasm_bg.wasm') });
    const db = await createNodeConnector();
    try {
      const opened = await loadAndRecognise(db, COUNTS_FILE);
      await buildBattles(db, opened);
      const columns = readColumns(await db.query(describeSql(BATTLES_TABLE).sql));
      const whole = await readCounts(db);
      const { filterColumns, counts, early } = await countWithFilters(opened, 1, undefined, COUNTS_FILE);
      expect(filterColumns).toEqual([]);
      expect(counts).toEqual(whole);
      expect(early!.dims).toEqual([]);
      const quick = { ...DEFAULT_VIEW.quick };
      expect(earlySlice(early!, counts, [], quick)).toBe(counts);
      // Votes per outcome summed from the file's count column, independently of the tally.
      const [sums] = await db.query(
        `SELECT sum(count) FILTER (WHERE winner = 'model_a') AS a, sum(count) FILTER (WHERE winner = 'model_b') AS b,
                sum(count) FILTER (WHERE winner = 'tie') AS tie, sum(count) FILTER (WHERE winner = 'tie (bothbad)') AS both_bad
           FROM read_parquet($1)`,
        [COUNTS_FILE],
      );
      expect(early!.outcomes).toEqual({ a: Number(sums.a), b: Number(sums.b), tie: Number(sums.tie), both_bad: Number(sums.both_bad) });
      for (const toggles of [{ excludeTies: true }, { excludeBothBad: true }, { excludeTies: true, excludeBothBad: true }]) {
        const slice = earlySlice(early!, counts, [], { ...quick, ...toggles });
        const where = filtersSql(quickFilters({ ...quick, ...toggles }, columns), columns);
        expect(slice, JSON.stringify(toggles)).toEqual(await readCounts(db, where, whole.models));
        expect(slice!.n.reduce((sum, n) => sum + n, 0)).toBeLessThan(whole.n.reduce((sum, n) => sum + n, 0));
      }
    } finally {
      db.close();
    }
  });
});
