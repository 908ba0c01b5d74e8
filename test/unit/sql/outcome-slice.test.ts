import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { createNodeConnector } from '../../../src/cli/node-connector.ts';
import { buildBattles, loadAndRecognise } from '../../../src/cli/lib/open-file.ts';
import type { Connector } from '../../../src/core/sql/connector.ts';
import { describeSql, readColumns } from '../../../src/core/sql/summary.ts';
import { BATTLES_TABLE } from '../../../src/core/sql/battles.ts';
import { filtersSql, type Filter } from '../../../src/core/sql/filters.ts';
import { readCounts } from '../../../src/core/sql/pair-counts.ts';
import { outcomesOnly, withoutOutcomes } from '../../../src/core/stats/outcome-slice.ts';
import type { ColumnInfo } from '../../../src/core/schema/column.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import type { Outcome } from '../../../src/core/outcome.ts';

const STATIC = join(import.meta.dirname, '../../../static-data');

/** Every outcome filter the quick toggles make, and one listing all four outcomes. */
const CUTS: Outcome[][] = [['tie'], ['both_bad'], ['tie', 'both_bad'], ['a', 'tie'], ['a', 'b', 'tie', 'both_bad']];

describe.each([
  // Votes one by one (30k invented conversations), and the real 1.67M battles as weighted counts.
  ['arena-conversations.parquet'],
  ['chatbot-arena-20240814-counts.parquet'],
])('outcome toggles without a query, on %s', (file) => {
  let db: Connector & { close(): void };
  let columns: ColumnInfo[];
  let whole: PairCounts;
  beforeAll(async () => {
    db = await createNodeConnector();
    await buildBattles(db, await loadAndRecognise(db, join(STATIC, file)));
    columns = readColumns(await db.query(describeSql(BATTLES_TABLE).sql));
    whole = await readCounts(db);
  });
  afterAll(() => db.close());

  it.each(CUTS.map((o) => [o.join(' + '), o] as const))(
    'the whole file without %s cells equals the query on battles, cell for cell',
    async (_, outcomes) => {
      const filters: Filter[] = [{ kind: 'exclude-outcomes', outcomes: [...outcomes] }];
      const fromSql = await readCounts(db, filtersSql(filters, columns), whole.models);
      const excluded = outcomesOnly(filters);
      expect(excluded).not.toBeNull();
      const fast = withoutOutcomes(whole, excluded!);
      expect(fast).toEqual(fromSql);
      // The cut removed something: the test would see a fast path that forgot to cut.
      expect(fast.a.length).toBeLessThan(whole.a.length);
    },
  );
});

describe('outcomesOnly', () => {
  it('answers only when every filter is an outcome filter of known outcomes', () => {
    expect(
      outcomesOnly([
        { kind: 'exclude-outcomes', outcomes: ['tie'] },
        { kind: 'exclude-outcomes', outcomes: ['both_bad'] },
      ]),
    ).toEqual(new Set([2, 3]));
    expect(
      outcomesOnly([
        { kind: 'exclude-outcomes', outcomes: ['tie'] },
        { kind: 'boolean', path: ['anony'], value: true },
      ]),
    ).toBeNull();
    expect(outcomesOnly([{ kind: 'exclude-outcomes', outcomes: ['toString' as Outcome] }])).toBeNull();
  });
});
