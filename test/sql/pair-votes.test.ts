import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { filtersSql } from '../../src/core/sql/filters.ts';
import { modelsSql, pairCountsSql, readPairCounts } from '../../src/core/sql/pair-counts.ts';
import { pairVotesSql, pairVotesTotalsSql } from '../../src/core/sql/pair-votes.ts';
import { winMatrix } from '../../src/core/stats/win-matrix.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

const db = await openDb();
afterAll(() => db.close());
const run = (q: { sql: string; params: unknown[] }) => db.query(q.sql, q.params);
const expected = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8'));

async function load(file: string) {
  await db.exec('DROP TABLE IF EXISTS raw');
  const path = resolve('static-data', file).replaceAll("'", "''");
  const reader = file.endsWith('.csv') ? 'read_csv' : 'read_parquet';
  await db.exec(`CREATE TABLE raw AS SELECT * FROM ${reader}('${path}')`);
  await buildFromRaw(db, 'raw');
}

describe('pair votes as text', () => {
  it('binds both names and the page after the slice parameters', () => {
    const q = pairVotesSql({
      where: { sql: '("language" = $1)', params: ['French'] },
      model: "x'); DROP TABLE battles; --",
      opponent: 'y',
      offset: 50,
    });
    expect(q.sql).toMatchInlineSnapshot(
      `"SELECT CASE WHEN CAST(model_a AS VARCHAR) = $2 THEN 'A' ELSE 'B' END AS seat, CASE outcome WHEN 'a' THEN CAST(model_a AS VARCHAR) WHEN 'b' THEN CAST(model_b AS VARCHAR) WHEN 'tie' THEN 'tie' ELSE 'both bad' END AS winner, * FROM "battles" WHERE (("language" = $1)) AND ((CAST(model_a AS VARCHAR) = $2 AND CAST(model_b AS VARCHAR) = $3) OR (CAST(model_a AS VARCHAR) = $3 AND CAST(model_b AS VARCHAR) = $2)) ORDER BY row_id LIMIT $4 OFFSET $5"`,
    );
    expect(q.params).toEqual(['French', "x'); DROP TABLE battles; --", 'y', 50, 50]);
  });

  it('numbers from $1 when nothing is filtered', () => {
    const q = pairVotesTotalsSql({ where: { sql: '', params: [] }, model: 'x', opponent: 'y' });
    expect(q.params).toEqual(['x', 'y']);
    expect(q.sql).toContain('WHERE ((CAST(model_a AS VARCHAR) = $1 AND CAST(model_b AS VARCHAR) = $2)');
  });

  it('refuses a page that is not a whole number', () => {
    expect(() => pairVotesSql({ model: 'x', opponent: 'y', limit: 0 })).toThrow(/limit/);
    expect(() => pairVotesSql({ model: 'x', opponent: 'y', offset: 1.5 })).toThrow(/offset/);
  });
});

describe('pair votes on DuckDB', () => {
  it('lists every vote of a pair with a markup name, in both seat orders, matching the win matrix', async () => {
    await load('lmarena-100k.parquet');
    const markup = expected.samples['lmarena-100k.parquet'].planted.markup_model as string;
    const counts = readPairCounts(await run(modelsSql()), await run(pairCountsSql()));
    const observed = winMatrix(counts);
    const i = counts.models.indexOf(markup);
    const j = observed.battles[i].indexOf(Math.max(...observed.battles[i]));
    const opponent = counts.models[j];

    const [totals] = (await run(pairVotesTotalsSql({ model: markup, opponent }))) as {
      rows: number;
      votes: number;
      wins: number;
      losses: number;
    }[];
    expect(totals.votes).toBe(observed.battles[i][j]);
    expect(totals.wins / (totals.wins + totals.losses)).toBeCloseTo(observed.fraction[i][j]!, 12);

    const rows: Record<string, unknown>[] = [];
    for (let offset = 0; ; offset += 50) {
      const page = await run(pairVotesSql({ model: markup, opponent, offset }));
      rows.push(...page);
      if (page.length < 50) break;
    }
    expect(rows.length).toBe(totals.rows);
    expect(new Set(rows.map((r) => r.row_id)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.seat))).toEqual(new Set(['A', 'B']));
    for (const r of rows) {
      expect([r.model_a, r.model_b].sort()).toEqual([markup, opponent].sort());
      expect(r.seat).toBe(r.model_a === markup ? 'A' : 'B');
      const winner = r.outcome === 'a' ? r.model_a : r.outcome === 'b' ? r.model_b : r.outcome === 'tie' ? 'tie' : 'both bad';
      expect(r.winner).toBe(winner);
    }
    expect(rows.filter((r) => r.winner === markup).length).toBe(totals.wins);
    expect(rows[0]).toHaveProperty('language');
  });

  it('keeps to the slice when one is set', async () => {
    await load('lmarena-100k.parquet');
    const where = filtersSql([{ kind: 'in', path: ['language'], values: ['French'] }], await describeTable(db, 'battles'));
    const all = await run(pairVotesSql({ where, model: 'tessera-4-0613', opponent: 'aria-2-chat', limit: 10_000 }));
    const [totals] = await run(pairVotesTotalsSql({ where, model: 'tessera-4-0613', opponent: 'aria-2-chat' }));
    expect(all.length).toBe(totals.rows);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((r) => r.language === 'French')).toBe(true);
  });

  it('finds no votes between models of two disconnected groups, and sums the counts of a played pair', async () => {
    await load('pair-counts.csv');
    const [groupA, groupB] = expected.samples['pair-counts.csv'].planted.components as string[][];
    const [across] = await run(pairVotesTotalsSql({ model: groupA[0], opponent: groupB[0] }));
    expect(across).toEqual({ rows: 0, votes: 0, wins: 0, losses: 0, ties: 0 });
    const [played] = await run(pairVotesTotalsSql({ model: 'north-70b', opponent: 'north-13b' }));
    const csv = readFileSync(resolve('static-data/pair-counts.csv'), 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    const sum = (pred: (r: string[]) => boolean) => csv.filter(pred).reduce((s, r) => s + Number(r[3]), 0);
    const pair = (r: string[]) => [r[0], r[1]].sort().join() === ['north-13b', 'north-70b'].join();
    expect(played.votes).toBe(sum(pair));
    expect(played.wins).toBe(
      sum((r) => pair(r) && ((r[2] === 'model_a' && r[0] === 'north-70b') || (r[2] === 'model_b' && r[1] === 'north-70b'))),
    );
    expect(played.ties).toBe(sum((r) => pair(r) && r[2].startsWith('tie')));
  });
});
