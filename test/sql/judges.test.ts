import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  agreementSql,
  itemsSql,
  judgePairsSql,
  judgeRowsSql,
  judgeSlotsSql,
  judgeSpec,
  judgeVotesSql,
  majoritySql,
  readAgreement,
  readJudgePairs,
  readJudgeVotes,
  readMajority,
  withJudgeSlots,
  type JudgeSpec,
} from '../../src/core/lenses/judges.ts';
import { readSwap, swapSql } from '../../src/core/lenses/judge-position.ts';
import { judgeSubsets, readPatterns, reliability, verdictPatternsSql } from '../../src/core/lenses/judge-reliability.ts';
import { buildFromRaw, createShape, describeTable, openDb } from './helpers.ts';

const sample = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8')).samples['genrm-judges.parquet'];
const planted = sample.planted;
const db = await openDb();
const all = { sql: '', params: [] };
let spec: JudgeSpec;
const run = async (q: { sql: string; params: unknown[] }) => db.query(q.sql, q.params);

beforeAll(async () => {
  await db.exec(`CREATE TABLE raw AS SELECT * FROM read_parquet('${resolve('static-data/genrm-judges.parquet')}')`);
  await buildFromRaw(db, 'raw');
  const columns = judgeSpec(await describeTable(db, 'battles'));
  spec = withJudgeSlots(columns, (await run(judgeSlotsSql(columns)))[0]);
});
afterAll(() => db.close());

describe('judges lens on the genrm sample', () => {
  it('finds the three judges the rows have (num_judges = 3; slots 4 and 5 are empty), in order, and the swap key', () => {
    expect(planted.num_judges).toEqual({ '3': sample.rows });
    expect(planted.slots_held.judge_4_response + planted.slots_held.judge_5_response).toBe(0);
    expect(spec.judges.map((j) => j.column)).toEqual(planted.judges.map((j: { column: string }) => j.column));
    expect(spec.judges.map((j) => j.column)).toEqual(['judge_1_response', 'judge_2_response', 'judge_3_response']);
    expect(spec.absent.map((j) => j.column)).toEqual(['judge_4_response', 'judge_5_response']);
    expect(spec.count).toBe('num_judges');
    expect(spec.judges[0].label).toBe('judge 1');
    expect(spec.swap).toBe('swap_id');
    expect(spec.reference).toBeUndefined();
  });

  it('recomputes the agreement distribution exactly as planted', async () => {
    const bins = readAgreement(await run(agreementSql(spec, all)));
    const byScore: Record<string, number> = {};
    for (const b of bins) {
      const key = String(Math.round(b.agreement * 1e4) / 1e4).replace(/^(\d)$/, '$1.0');
      byScore[key] = (byScore[key] ?? 0) + b.items;
    }
    expect(byScore).toEqual(planted.agreement_distribution);
    expect(bins.find((b) => b.kind === 'unanimous' && b.valid === 3)?.label).toBe('3 of 3');
    expect(bins.find((b) => b.kind === 'unanimous' && b.valid === 2)?.label).toBe('2 of 2 valid');
    expect(bins.some((b) => /of [45]/.test(b.label))).toBe(false);
  });

  it("counts each judge's votes, invalid votes and agreement with the majority as planted", async () => {
    const judges = readJudgeVotes(spec, await run(judgeVotesSql(spec, all)));
    judges.forEach((j, i) => {
      expect(j.votes).toEqual(planted.judges[i].votes);
      expect(j.agreesWithMajority).toBe(planted.judges[i].agrees_with_majority);
      expect(j.kappa.kappa).toBeGreaterThan(0);
      expect(j.kappa.lower!).toBeLessThan(j.kappa.kappa!);
    });
    // Invalid verdicts of the three judges, as the file's own invalid_votes column sums them.
    expect(judges.reduce((s, j) => s + j.votes.invalid, 0)).toBe(planted.invalid_judge_votes);
    judges.forEach((j) => expect(j.items).toBe(sample.rows));
    // The planted accuracies order the judges; agreement with the majority follows.
    const rates = judges.map((j) => j.agreementRate);
    expect([...rates].sort((a, b) => b - a)).toEqual(rates);
    // Judge 3 was planted with the strongest pull toward A; each judge's seat-A share is as planted.
    expect(judges[2].aShare!).toBeGreaterThan(judges[0].aShare!);
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
    expect(swaps).toHaveLength(4);
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
    expect(bias(3)).toBeGreaterThan(bias(1));
  });

  it('gives a symmetric judge-by-judge kappa matrix', async () => {
    const pairs = readJudgePairs(spec, await run(judgePairsSql(spec, all)));
    expect(pairs).toHaveLength(6);
    const k = (a: string, b: string) => pairs.find((p) => p.first === a && p.second === b)!.kappa.kappa;
    expect(k('judge 1', 'judge 2')).toBeCloseTo(k('judge 2', 'judge 1')!, 12);
    expect(k('judge 1', 'judge 2')!).toBeGreaterThan(k('judge 2', 'judge 3')!);
  });

  it("lists the items behind an agreement level or a judge's verdict, within the slice", async () => {
    const slice = { sql: 'response_order = $1', params: ['swapped'] };
    const rows = await run(judgeRowsSql(spec, slice, { kind: 'agreement', valid: 3, top: 3 }, { table: 'raw', column: 'question' }));
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
      const raw = [r.judge_1_response, r.judge_2_response, r.judge_3_response];
      expect(r).not.toHaveProperty('judge_4_response');
      expect(new Set(raw.map(read)).size).toBe(1);
      spellings = Math.max(spellings, new Set(raw).size);
      expect(typeof r.prompt).toBe('string');
    }
    expect(spellings).toBeGreaterThan(1);
    const votes = await run(judgeRowsSql(spec, all, { kind: 'vote', judge: 2, vote: 'invalid' }, undefined, 1000));
    expect(votes).toHaveLength(planted.judges[2].votes.invalid);
  });
});

describe('judge slots a row does not have are no verdicts', () => {
  const db2Ready = (async () => {
    const d = await openDb();
    // As published: num_judges = 3, judge_4_* empty (NULL), judge_5_* blank; plus rows with fewer judges.
    await createShape(
      d,
      'raw',
      'genrm',
      [
        'id',
        'question',
        'majority_vote',
        'judge_1_response',
        'judge_2_response',
        'judge_3_response',
        'judge_5_response',
        'invalid_votes',
        'num_judges',
      ],
      [
        `('g1', 'p', 'A', 'A', '[[A]]', 'B', '', 0, 3)`,
        `('g2', 'p', 'B', 'B', 'B', 'B', '  ', 0, 3)`,
        `('g3', 'p', 'A', 'A', 'unsure', NULL, '', 2, 3)`,
        // Two judges: slot 3 holds a stale verdict the row does not have.
        `('g4', 'p', 'tie', 'tie', 'tie', 'A', '', 0, 2)`,
        `('g5', 'p', 'A', 'A', 'A', NULL, NULL, 0, 2)`,
      ],
    );
    await buildFromRaw(d, 'raw');
    return d;
  })();
  afterAll(async () => (await db2Ready).close());

  it('counts 3 judges, the verdicts each row has, and invalid votes as invalid_votes sums them', async () => {
    const d = await db2Ready;
    const q = async (x: { sql: string; params: unknown[] }) => d.query(x.sql, x.params);
    const columns = judgeSpec(await describeTable(d, 'battles'));
    expect(columns.judges).toHaveLength(5);
    const s = withJudgeSlots(columns, (await q(judgeSlotsSql(columns)))[0]);
    expect(s.judges.map((j) => j.label)).toEqual(['judge 1', 'judge 2', 'judge 3']);
    expect(s.absent.map((j) => j.label)).toEqual(['judge 4', 'judge 5']);
    const judges = readJudgeVotes(s, await q(judgeVotesSql(s, all)));
    expect(judges.map((j) => j.votes)).toEqual([
      { A: 3, B: 1, tie: 1, invalid: 0 },
      { A: 2, B: 1, tie: 1, invalid: 1 },
      // judge 3: only g1 … g3 have it; its NULL on g3 is an invalid verdict, its 'A' on g4 no verdict at all.
      { A: 0, B: 2, tie: 0, invalid: 1 },
    ]);
    expect(judges.map((j) => j.items)).toEqual([5, 5, 3]);
    const invalid = judges.reduce((n, j) => n + j.votes.invalid, 0);
    expect(invalid).toBe(Number((await d.query('SELECT sum(invalid_votes) AS n FROM raw'))[0].n));
    const bins = readAgreement(await q(agreementSql(s, all)));
    expect(Object.fromEntries(bins.map((b) => [b.label, b.items]))).toEqual({ '3 of 3': 1, '2 of 2': 2, '1 of 1 valid': 1, '2 of 3': 1 });
  });

  it('without a judge count, a slot empty in every row is still no judge, and a NULL elsewhere is invalid', async () => {
    const d = await db2Ready;
    const q = async (x: { sql: string; params: unknown[] }) => d.query(x.sql, x.params);
    const columns = { ...judgeSpec(await describeTable(d, 'battles')), count: undefined };
    const s = withJudgeSlots(columns, (await q(judgeSlotsSql(columns)))[0]);
    expect(s.judges.map((j) => j.label)).toEqual(['judge 1', 'judge 2', 'judge 3']);
    const judges = readJudgeVotes(s, await q(judgeVotesSql(s, all)));
    expect(judges[2].votes).toEqual({ A: 1, B: 2, tie: 0, invalid: 2 });
  });
});

describe("the judges' reliability on the genrm sample", () => {
  /** α by its definition, pair by pair over the items' valid verdicts (no coincidence matrix). */
  function alphaByPairs(items: string[][]): number {
    const pairable = items.filter((u) => u.length >= 2);
    const all = pairable.flat();
    const n = all.length;
    let within = 0;
    for (const u of pairable) for (const x of u) for (const y of u) if (x !== y) within += 1 / (u.length - 1);
    const by = new Map<string, number>();
    for (const v of all) by.set(v, (by.get(v) ?? 0) + 1);
    // ordered pairs of different values among all pairable values: n² − Σ n_c² (i = j pairs are never different)
    const across = n * n - [...by.values()].reduce((s, c) => s + c * c, 0);
    return 1 - ((n - 1) * within) / across;
  }

  it("gives Krippendorff's α and Fleiss' κ for all judges and each subset, from one query of verdict patterns", async () => {
    const patterns = readPatterns(spec, await run(verdictPatternsSql(spec, all)));
    expect(patterns.reduce((s, p) => s + p.items, 0)).toBe(sample.rows);
    const rows = await run({ sql: `SELECT v0, v1, v2 FROM (${itemsSql(spec, all)})`, params: [] });
    const valid = (subset: number[]) =>
      rows.map((r) => subset.map((j) => r[`v${j}`] as string).filter((v) => v === 'A' || v === 'B' || v === 'tie'));
    const subsets = judgeSubsets(spec.judges.length);
    expect(subsets).toEqual([
      [0, 1, 2],
      [1, 2],
      [0, 2],
      [0, 1],
    ]);
    for (const subset of subsets) {
      const r = reliability(patterns, subset);
      expect(r.alpha.alpha!).toBeCloseTo(alphaByPairs(valid(subset)), 10);
      expect(r.alpha.units).toBe(valid(subset).filter((u) => u.length >= 2).length);
      expect(r.fleiss.kappa!).toBeGreaterThan(0);
    }
    // The two most accurate judges agree best; the planted seat-A pull of judge 3 lowers every set it is in.
    const alpha = (subset: number[]) => reliability(patterns, subset).alpha.alpha!;
    expect(alpha([0, 1])).toBeGreaterThan(alpha([0, 1, 2]));
    expect(alpha([0, 1])).toBeGreaterThan(alpha([0, 2]));
    expect(judgeSubsets(5)).toHaveLength(16);
    expect(judgeSubsets(1)).toEqual([]);
  });
});
