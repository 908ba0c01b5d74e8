import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  categoryCountsSql,
  compareSubsets,
  flagByModelSql,
  flagSql,
  modelCondition,
  narrow,
  readCategoryCounts,
  readFlagByModel,
  readSafetyTotals,
  readScoreBins,
  safetyRowsSql,
  safetySpec,
  safetyTotalsSql,
  scoreHistogramSql,
  scoreSources,
  type SafetySpec,
} from '../../src/core/lenses/safety.ts';
import { modelsSql, pairCountsSql, readPairCounts } from '../../src/core/sql/pair-counts.ts';
import { computeLeaderboard } from '../../src/core/stats/leaderboard.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

const planted = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8')).samples['arena-conversations.parquet'].planted;
const db = await openDb();
const all = { sql: '', params: [] };
let spec: SafetySpec;

beforeAll(async () => {
  await db.exec(`CREATE TABLE raw AS SELECT * FROM read_parquet('${resolve('static-data/arena-conversations.parquet')}')`);
  await buildFromRaw(db, 'raw');
  spec = safetySpec(await describeTable(db, 'battles'));
});
afterAll(() => db.close());

describe('safety lens on the arena-conversations sample', () => {
  it('finds the moderation flag, its eleven categories with scores, and both toxic-chat classifiers', () => {
    expect(spec.flags.map((f) => [f.id, f.kind, f.scorePath?.at(-1)])).toEqual([
      ['openai_moderation', 'moderation', undefined],
      ['toxic_chat_tag.roberta-large', 'classifier', 'probability'],
      ['toxic_chat_tag.t5-large', 'classifier', 'score'],
    ]);
    expect(spec.categories.map((c) => c.name)).toEqual(Object.keys(planted.moderation_categories));
    expect(spec.categories.every((c) => c.scorePath)).toBe(true);
  });

  it('counts flagged votes and the classifiers exactly as planted', async () => {
    const q = safetyTotalsSql(spec, all);
    const t = readSafetyTotals(spec, (await db.query(q.sql, q.params))[0]);
    expect(t.votes).toBe(30000);
    expect(t.flags[0].flagged).toBe(planted.moderation_flagged);
    expect(t.flags[0].rate).toBeCloseTo(planted.moderation_flagged_rate, 4);
    expect(t.flags[1].flagged).toBe(planted.toxic_flagged['roberta-large']);
    expect(t.flags[2].flagged).toBe(planted.toxic_flagged['t5-large']);
    expect(t.allClassifiers).toBe(planted.toxic_flagged.both);
    expect(t.anyClassifier).toBe(planted.toxic_flagged.any);
    const cls = t.agreements.find((a) => a.first.id.endsWith('roberta-large') && a.second.id.endsWith('t5-large'))!;
    expect(cls.table[0][0]).toBe(planted.toxic_flagged.both);
    expect(cls.table.flat().reduce((a, b) => a + b, 0)).toBe(30000);
    for (const a of t.agreements) {
      expect(a.kappa.kappa).not.toBeNull();
      expect(a.kappa.lower!).toBeLessThan(a.kappa.kappa!);
      expect(a.kappa.upper!).toBeGreaterThan(a.kappa.kappa!);
    }
  });

  it('counts each moderation category as planted', async () => {
    const q = categoryCountsSql(spec, all);
    const cats = readCategoryCounts(spec, (await db.query(q.sql, q.params))[0]);
    expect(Object.fromEntries(cats.map((c) => [c.category, c.flagged]))).toEqual(planted.moderation_categories);
    expect(cats.every((c) => c.meanScore !== null && c.meanScore >= 0 && c.meanScore <= 1)).toBe(true);
  });

  it('splits flagged votes per model so that each vote counts once per seat', async () => {
    const q = flagByModelSql(spec.flags[0], all);
    const rows = readFlagByModel(await db.query(q.sql, q.params));
    expect(rows).toHaveLength(24);
    expect(rows.reduce((s, r) => s + r.flagged, 0)).toBe(2 * planted.moderation_flagged);
    expect(rows.reduce((s, r) => s + r.votes, 0)).toBe(60000);
  });

  it('bins scores on a log axis and every vote lands in one bin', async () => {
    const sources = scoreSources(spec);
    expect(sources[0].id).toBe('max');
    for (const source of [sources[0], sources.find((s) => s.id === 'toxic_chat_tag.t5-large')!]) {
      const q = scoreHistogramSql(source, all);
      const bins = readScoreBins(await db.query(q.sql, q.params));
      expect(bins.reduce((s, b) => s + b.votes, 0)).toBe(30000);
      expect(bins.every((b) => b.hi > b.lo && b.lo >= 1e-7 * 0.99 && b.lo <= 1)).toBe(true);
      const flagged = bins.filter((b) => b.flagged).reduce((s, b) => s + b.votes, 0);
      expect(flagged).toBe(source.id === 'max' ? planted.moderation_flagged : planted.toxic_flagged['t5-large']);
    }
  });

  it('keeps the slice parameters in place and numbers its own after them', async () => {
    const slice = { sql: 'language = $1', params: ['French'] };
    const q = scoreHistogramSql(scoreSources(spec)[0], slice);
    expect(q.params).toEqual(['French', 4, 1e-7]);
    const bins = readScoreBins(await db.query(q.sql, q.params));
    expect(bins.reduce((s, b) => s + b.votes, 0)).toBe(planted.languages.French);
    const m = modelCondition(slice, 'gallia-13b-chat');
    const rows = safetyRowsSql(spec, narrow(m, flagSql(spec.flags[0])), { table: 'raw', column: 'conversation_a', conversation: true });
    const listed = await db.query(rows.sql, rows.params);
    expect(listed.length).toBeGreaterThan(0);
    for (const r of listed) {
      expect([r.model_a, r.model_b]).toContain('gallia-13b-chat');
      expect(r['openai moderation']).toBe(true);
      expect(typeof r.prompt).toBe('string');
    }
  });

  it('rates models separately on flagged and unflagged votes', async () => {
    const models = await db.query(modelsSql().sql);
    const board = async (flagged: boolean) => {
      const cond = narrow(all, flagged ? flagSql(spec.flags[0]) : `NOT ${flagSql(spec.flags[0])}`);
      const q = pairCountsSql(cond);
      return computeLeaderboard(readPairCounts(models, await db.query(q.sql, q.params)), { bootstrapRounds: 0 });
    };
    const [f, u] = [await board(true), await board(false)];
    const rows = compareSubsets(f, u);
    expect(rows).toHaveLength(24);
    expect(rows.reduce((s, r) => s + r.flagged.votes, 0)).toBe(2 * planted.moderation_flagged);
    expect(rows[0].unflagged.rating).toBeGreaterThan(rows.at(-1)!.unflagged.rating!);
    expect(rows.filter((r) => r.delta !== null).length).toBeGreaterThan(20);
  });
});
