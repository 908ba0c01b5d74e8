import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  agreementSql,
  judgePairsSql,
  judgeRowsSql,
  judgeSpec,
  judgeVotesSql,
  majoritySql,
  readAgreement,
  readJudgePairs,
  readJudgeVotes,
  readMajority,
  readSwap,
  swapSql,
  type JudgeSpec,
} from '../../src/core/lenses/judges.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

const sample = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8')).samples['genrm-judges.parquet'];
const planted = sample.planted;
const db = await openDb();
const all = { sql: '', params: [] };
let spec: JudgeSpec;
const run = async (q: { sql: string; params: unknown[] }) => db.query(q.sql, q.params);

beforeAll(async () => {
  await db.exec(`CREATE TABLE raw AS SELECT * FROM read_parquet('${resolve('static-data/genrm-judges.parquet')}')`);
  await buildFromRaw(db, 'raw');
  spec = judgeSpec(await describeTable(db, 'battles'));
});
afterAll(() => db.close());

describe('judges lens on the genrm sample', () => {
  it('finds the five judge columns in order and the swap key', () => {
    expect(spec.judges.map((j) => j.column)).toEqual(planted.judges.map((j: { column: string }) => j.column));
    expect(spec.judges[0].label).toBe('judge 1');
    expect(spec.swap).toBe('swap_id');
    expect(spec.reference).toBeUndefined();
  });

  it('recomputes the agreement distribution exactly as planted', async () => {
    const bins = readAgreement(await run(agreementSql(spec, all)), spec.judges.length);
    const byScore: Record<string, number> = {};
    for (const b of bins) {
      const key = String(Math.round(b.agreement * 1e4) / 1e4).replace(/^(\d)$/, '$1.0');
      byScore[key] = (byScore[key] ?? 0) + b.items;
    }
    expect(byScore).toEqual(planted.agreement_distribution);
    expect(bins.find((b) => b.kind === 'unanimous' && b.valid === 5)?.label).toBe('5 of 5');
  });

  it("counts each judge's votes, invalid votes and agreement with the majority as planted", async () => {
    const judges = readJudgeVotes(spec, await run(judgeVotesSql(spec, all)));
    judges.forEach((j, i) => {
      expect(j.votes).toEqual(planted.judges[i].votes);
      expect(j.agreesWithMajority).toBe(planted.judges[i].agrees_with_majority);
      expect(j.kappa.kappa).toBeGreaterThan(0);
      expect(j.kappa.lower!).toBeLessThan(j.kappa.kappa!);
    });
    expect(judges.reduce((s, j) => s + j.votes.invalid, 0)).toBe(planted.invalid_judge_votes);
    // The planted accuracies order the judges; agreement with the majority follows.
    const rates = judges.map((j) => j.agreementRate);
    expect([...rates].sort((a, b) => b - a)).toEqual(rates);
    // Judge 5 was planted with the strongest pull toward A; each judge's seat-A share is as planted.
    expect(judges[4].aShare!).toBeGreaterThan(judges[0].aShare!);
    judges.forEach((j, i) => expect(j.aShare!).toBeCloseTo(planted.judges[i].a_share, 4));
  });

  it('finds the recorded majority equal to the recomputed one, and the seat-A share as planted', async () => {
    const m = readMajority(await run(majoritySql(spec, all)), false);
    expect(m.counts).toEqual(planted.majority_votes);
    expect(m.aShare!).toBeCloseTo(planted.position_bias.a_share_of_decisive_majorities, 4);
    expect(m.vsRecorded.agree).toBe(sample.rows);
    expect(m.vsRecorded.kappa.kappa).toBeCloseTo(1, 10);
    expect(m.vsReference).toBeNull();
  });

  it('measures consistency across swapped seat orders as planted', async () => {
    const swaps = readSwap(spec, await run(swapSql(spec, all)));
    const majority = swaps.find((s) => s.who === 'majority')!;
    const p = planted.position_bias.swap_pairs;
    expect([majority.pairs, majority.decisive, majority.bothA, majority.bothB, majority.consistent]).toEqual([
      p.pairs,
      p.decisive,
      p.both_a,
      p.both_b,
      p.consistent,
    ]);
    expect(majority.positionBiasRate!).toBeCloseTo(p.position_bias_rate, 4);
    expect(majority.inconsistencyRate!).toBeCloseTo(p.position_inconsistency_rate, 4);
    expect(swaps).toHaveLength(6);
    planted.judges.forEach((j: { swap: Record<string, number> }, i: number) => {
      const s = swaps.find((x) => x.who === `judge ${i + 1}`)!;
      expect([s.pairs, s.decisive, s.bothA, s.bothB, s.consistent]).toEqual([
        j.swap.pairs,
        j.swap.decisive,
        j.swap.both_a,
        j.swap.both_b,
        j.swap.consistent,
      ]);
    });
    // The judge planted with the strongest pull toward A keeps seat A in both orders most often.
    const bias = (i: number) => swaps.find((x) => x.who === `judge ${i}`)!.positionBiasRate!;
    expect(bias(5)).toBeGreaterThan(bias(1));
  });

  it('gives a symmetric judge-by-judge kappa matrix', async () => {
    const pairs = readJudgePairs(spec, await run(judgePairsSql(spec, all)));
    expect(pairs).toHaveLength(20);
    const k = (a: string, b: string) => pairs.find((p) => p.first === a && p.second === b)!.kappa.kappa;
    expect(k('judge 1', 'judge 2')).toBeCloseTo(k('judge 2', 'judge 1')!, 12);
    expect(k('judge 1', 'judge 2')!).toBeGreaterThan(k('judge 4', 'judge 5')!);
  });

  it("lists the items behind an agreement level or a judge's verdict, within the slice", async () => {
    const slice = { sql: 'response_order = $1', params: ['swapped'] };
    const rows = await run(judgeRowsSql(spec, slice, { kind: 'agreement', valid: 5, top: 5 }, { table: 'raw', column: 'question' }));
    expect(rows.length).toBeGreaterThan(0);
    // the same verdict, however each judge spelled it ("A", "[[A]]", "response_1", "**A**", " a ")
    const bare = (v: unknown) =>
      String(v)
        .trim()
        .toLowerCase()
        .replace(/^(\[\[|\*\*)|(\]\]|\*\*)$/g, '');
    const read = (v: unknown) => (({ response_1: 'a', response_2: 'b' }) as Record<string, string>)[bare(v)] ?? bare(v);
    let spellings = 0;
    for (const r of rows) {
      expect(r.agreement).toBe(1);
      const raw = [r.judge_1_response, r.judge_2_response, r.judge_3_response, r.judge_4_response, r.judge_5_response];
      expect(new Set(raw.map(read)).size).toBe(1);
      spellings = Math.max(spellings, new Set(raw).size);
      expect(typeof r.prompt).toBe('string');
    }
    expect(spellings).toBeGreaterThan(1);
    const votes = await run(judgeRowsSql(spec, all, { kind: 'vote', judge: 4, vote: 'invalid' }, undefined, 1000));
    expect(votes).toHaveLength(planted.judges[4].votes.invalid);
  });
});
