import { afterAll, describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { cooccurrenceSql, labelRatesSql, readCooccurrence, readLabelRates } from '../../src/core/lenses/defects.ts';
import { defectSpec } from '../../src/core/lenses/defect-spec.ts';
import { countText, rateText } from '../../src/core/charts/defects.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

// French-Maxx as published: rows from the arena source carry no defect label at all (all three NULL); rows without a rejected answer are no pair.
const db = await openDb();
await db.exec(`CREATE TABLE raw AS SELECT * FROM read_parquet('${resolve('static-data/french-maxx.parquet')}')`);
const sources = (await db.query('SELECT DISTINCT source FROM raw ORDER BY 1', [])).map((r) => String(r.source));
const unlabelled = sources[0];
await db.exec(
  `UPDATE raw SET incorrect = NULL, superficial = NULL, instructions_not_followed = NULL WHERE source = '${unlabelled.replaceAll("'", "''")}'`,
);
const truth = (
  await db.query(
    `SELECT count(*) FILTER (WHERE incorrect IS NOT NULL) AS labelled, count(*) FILTER (WHERE incorrect) AS incorrect, count(*) AS rows FROM raw WHERE rejected IS NOT NULL`,
    [],
  )
)[0];
await buildFromRaw(db, 'raw');
const spec = defectSpec(await describeTable(db, 'battles'), []);
afterAll(() => db.close());
const all = { sql: '', params: [] };

describe('a defect label that is missing is "no label", not "false"', () => {
  it('rates count labelled rows only, and say how many have no label', async () => {
    const q = labelRatesSql(spec, all);
    const rates = readLabelRates(spec, await db.query(q.sql, q.params));
    const incorrect = rates.find((r) => r.label === 'incorrect')!;
    expect(incorrect.units).toBe(Number(truth.rows));
    expect(incorrect.labelled).toBe(Number(truth.labelled));
    expect(incorrect.labelled).toBeLessThan(incorrect.units);
    expect(incorrect.count).toBe(Number(truth.incorrect));
    expect(incorrect.rate).toBeCloseTo(Number(truth.incorrect) / Number(truth.labelled), 12);
    expect(countText(incorrect)).toMatch(/of [\d,]+ labelled; [\d,]+ with no label$/);
  });

  it('a source whose rows have no label shows "no label", never 0%', async () => {
    const dim = spec.dimensions.find((d) => d.id === 'source')!;
    const q = labelRatesSql(spec, all, dim);
    const rates = readLabelRates(spec, await db.query(q.sql, q.params), dim).filter((r) => r.group === unlabelled);
    expect(rates.length).toBeGreaterThan(0);
    for (const r of rates) {
      expect(r.labelled).toBe(0);
      expect(rateText(r)).toBe('no label');
    }
  });

  it('co-occurrence lift is computed over labelled rows', async () => {
    const q = cooccurrenceSql(spec, all);
    const [row] = await db.query(q.sql, q.params);
    expect(Number(row.units)).toBe(Number(truth.labelled));
    expect(readCooccurrence(spec, row).every((c) => c.lift === null || Number.isFinite(c.lift))).toBe(true);
  });
});
