import { afterAll, describe, expect, it } from 'vitest';
import { filtersSql } from '../../src/core/sql/filters.ts';
import { cellOrder, inByteOrder, modelsSql, pairCountsSql, readPairCounts, readRawPairCounts } from '../../src/core/sql/pair-counts.ts';
import { createNodeConnector } from '../../src/cli/node-connector.ts';
import { detectPreset } from '../../src/core/schema/detect.ts';
import { battlesSql, rawPairCountsSql } from '../../src/core/sql/battles.ts';
import { describeSql, readColumns } from '../../src/core/sql/summary.ts';
import { runStatements } from '../../src/core/sql/statement.ts';
import { FIXTURES } from './fixtures.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

const db = await openDb();
afterAll(() => db.close());

describe('pair counts as text', () => {
  it('groups battles on the ENUM columns and returns their codes', () => {
    expect(pairCountsSql().sql).toMatchInlineSnapshot(
      `"SELECT CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, CAST(enum_code(outcome) AS UTINYINT) AS outcome, sum(weight) AS n FROM "battles" GROUP BY model_a, model_b, outcome ORDER BY 1, 2, 3"`,
    );
    expect(modelsSql().sql).toMatchInlineSnapshot(
      `"SELECT m AS model, CAST(enum_code(CAST(m AS "model_name")) AS INTEGER) AS code FROM (SELECT unnest(enum_range(NULL::"model_name")) AS m) ORDER BY code"`,
    );
  });
});

describe('pair counts on DuckDB', () => {
  it('sums weights per (a, b, outcome) with indices that line up with the model list', async () => {
    await FIXTURES['pair-counts'](db);
    await buildFromRaw(db, 'raw');
    const models = await db.query(modelsSql().sql);
    const cells = await db.query(pairCountsSql().sql);
    expect(models).toEqual([
      { model: 'a', code: 0 },
      { model: 'b', code: 1 },
      { model: 'c', code: 2 },
    ]);
    expect(cells).toEqual([
      { a: 0, b: 1, outcome: 0, n: 10 },
      { a: 0, b: 2, outcome: 2, n: 2 },
      { a: 0, b: 2, outcome: 3, n: 1 },
      { a: 1, b: 0, outcome: 1, n: 5 },
    ]);
    const pc = readPairCounts(models, cells);
    expect(pc.models).toEqual(['a', 'b', 'c']);
    expect([...pc.a]).toEqual([0, 0, 0, 1]);
    expect([...pc.b]).toEqual([1, 2, 2, 0]);
    expect([...pc.outcome]).toEqual([0, 2, 3, 1]);
    expect([...pc.n]).toEqual([10, 2, 1, 5]);
  });

  it('counts votes of lmsys rows once each and honours a filter', async () => {
    await FIXTURES['lmsys-conversations'](db);
    await buildFromRaw(db, 'raw');
    const schema = await describeTable(db, 'battles');
    const where = filtersSql([{ kind: 'in', path: ['language'], values: ['French'] }], schema);
    const q = pairCountsSql(where);
    const models = (await db.query(modelsSql().sql)).map((r) => r.model);
    const named = (await db.query(q.sql, q.params)).map((r) => [models[r.a as number], models[r.b as number], r.outcome, r.n]);
    expect(named).toEqual([
      ['claude-v1', 'gpt-4', 1, 1],
      ['vicuna', 'gpt-4', 0, 1],
    ]);
  });
});

describe('pair counts read from the raw table before battles exists', () => {
  it('are identical to the pair counts of the battles table, models and cells in the same order', async () => {
    const db = await createNodeConnector();
    await db.exec(`CREATE TABLE raw AS SELECT * FROM read_parquet('static-data/lmarena-100k.parquet')`);
    await db.exec(
      `INSERT INTO raw (model_a, model_b, winner) VALUES ('Zeta', 'élan', 'model_a'), ('élan', 'Zeta', 'tie'), ('alpha', 'Zeta', 'model_b')`,
    );
    const columns = readColumns(await db.query(describeSql('raw').sql));
    const detection = detectPreset(columns, ['model_a', 'model_b', 'tie', 'tie (bothbad)']);
    if (!detection.ok) throw new Error(detection.message);
    let fromRaw = null;
    for (const statement of battlesSql({ raw: 'raw', columns, mapping: detection.mapping })) {
      await runStatements(db, [statement]);
      if (statement.step === 'pair-counts') fromRaw = readRawPairCounts(await db.query(rawPairCountsSql().sql));
    }
    const cells = pairCountsSql();
    const fromBattles = readPairCounts(await db.query(modelsSql().sql), await db.query(cells.sql, cells.params));
    expect(fromRaw).toEqual(fromBattles);
    db.close();
  });
});

describe('the order of pair-count cells', () => {
  /** Cells in random order, with repeats (equal cells keep their order). */
  function randomCells(k: number, models: number, seed: number) {
    let s = seed;
    const next = (n: number) => ((s = (s * 48271) % 2147483647), s % n);
    return {
      a: Int32Array.from({ length: k }, () => next(models)),
      b: Int32Array.from({ length: k }, () => next(models)),
      outcome: Uint8Array.from({ length: k }, () => next(4)),
    };
  }
  const byComparator = ({ a, b, outcome }: ReturnType<typeof randomCells>) =>
    Array.from(a, (_, i) => i).sort((x, y) => a[x] - a[y] || b[x] - b[y] || outcome[x] - outcome[y]);

  it('sorts by (a, b, outcome), equal cells in their order, as a comparator sort does', () => {
    for (const [k, models, seed] of [
      [5000, 129, 1],
      [2000, 3, 2],
      [1, 1, 3],
      [0, 1, 4],
    ]) {
      const cells = randomCells(k, models, seed);
      expect(Array.from(cellOrder(cells.a, cells.b, cells.outcome, models))).toEqual(byComparator(cells));
    }
  });

  it('sorts the same way when the models are too many for one exact number per cell', () => {
    const cells = randomCells(3000, 129, 5);
    // As if there were 2^24 models: the keys would pass 2^53.
    expect(Array.from(cellOrder(cells.a, cells.b, cells.outcome, 2 ** 24))).toEqual(byComparator(cells));
  });

  it('lists models by the bytes of their UTF-8, as DuckDB sorts text', () => {
    expect(inByteOrder(['élan', 'Zeta', 'alpha', 'Ω', 'a', 'ab'])).toEqual(['Zeta', 'a', 'ab', 'alpha', 'élan', 'Ω']);
  });
});
