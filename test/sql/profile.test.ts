/**
 * The model profile's breakdowns on the samples, through the project's builders on real DuckDB,
 * against references that do not use them: flags against SQL written here over the raw file, the
 * defect labels and the judges' verdicts against the counts the sample generator planted.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { flagSql, modelCondition, narrow, readSafetyTotals, safetySpec, safetyTotalsSql } from '../../src/core/lenses/safety.ts';
import { defectRecords, flagRecord, judgeRecords, profileSections, seatCondition, winRecord } from '../../src/core/lenses/profile.ts';
import { labelRatesSql, readLabelRates } from '../../src/core/lenses/defects.ts';
import { defectSpec } from '../../src/core/lenses/defect-spec.ts';
import { judgeSlotsSql, judgeSpec, judgeVotesSql, readJudgeVotes, withJudgeSlots } from '../../src/core/lenses/judges.ts';
import { readCounts } from '../../src/core/sql/pair-counts.ts';
import type { Connector } from '../../src/core/sql/connector.ts';
import type { SqlCondition, SqlQuery } from '../../src/core/sql/statement.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

const samples = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8')).samples;
const all: SqlCondition = { sql: '', params: [] };
const run = (db: Connector, q: SqlQuery) => db.query(q.sql, q.params);

async function open(file: string) {
  const db = await openDb();
  await db.exec(`CREATE TABLE raw AS SELECT * FROM read_parquet('${resolve('static-data', file)}')`);
  const detection = await buildFromRaw(db, 'raw');
  return Object.assign(db, {
    sections: profileSections(await describeTable(db, 'battles'), detection.preset.lenses, detection.textColumns),
  });
}

describe('flags of one model on the arena-conversations sample', async () => {
  const db = await open('arena-conversations.parquet');
  afterAll(() => db.close());
  const model = 'gallia-13b-chat';
  const spec = safetySpec(await describeTable(db, 'battles'));

  /** Votes and score (ties and both-bad as half) of `model` on raw rows where `condition` holds. */
  async function reference(condition: string) {
    const [r] = await db.query(
      `SELECT count(*) AS votes, sum(CASE WHEN winner LIKE 'tie%' THEN 0.5
                                       WHEN (model_a = $1) = (winner = 'model_a') THEN 1 ELSE 0 END) AS score
       FROM raw WHERE (model_a = $1 OR model_b = $1) AND model_a <> model_b AND ${condition}`,
      [model],
    );
    return { votes: Number(r.votes), share: Number(r.score) / Number(r.votes) };
  }

  it('has the sections of its columns: time, flags and style, no labels or judges', () => {
    const s = db.sections;
    expect([s.time?.name, s.flags?.flags.length, s.defects, s.judges, s.style]).toEqual(['tstamp', 3, null, null, true]);
  });

  it('gives its flagged share and its win share on all, unflagged and flagged votes as the raw file does', async () => {
    const totals = readSafetyTotals(spec, (await run(db, safetyTotalsSql(spec, all)))[0]);
    const mine = modelCondition(all, model);
    const references: Record<string, string> = {
      openai_moderation: 'openai_moderation.flagged',
      'toxic_chat_tag.roberta-large': 'toxic_chat_tag."roberta-large".flagged',
      'toxic_chat_tag.t5-large': 'toxic_chat_tag."t5-large".flagged',
    };
    expect(spec.flags.map((f) => f.id)).toEqual(Object.keys(references));
    for (const [i, flag] of spec.flags.entries()) {
      const counts = async (where: SqlCondition) => winRecord(await readCounts(db, where), model);
      const record = flagRecord(
        flag.label,
        await counts(mine),
        await counts(narrow(mine, flagSql(flag))),
        await counts(narrow(mine, `NOT ${flagSql(flag)}`)),
        totals.flags[i].rate,
      );
      const column = references[flag.id];
      const everything = await reference('true');
      const flagged = await reference(`${column} IS TRUE`);
      const unflagged = await reference(`${column} IS NOT TRUE`);
      expect(flagged.votes, flag.id).toBeGreaterThan(0);
      expect(record.votes).toBe(everything.votes);
      expect(record.flagged, flag.id).toBe(flagged.votes);
      expect(record.rate!).toBeCloseTo(flagged.votes / everything.votes, 12);
      expect(record.all!).toBeCloseTo(everything.share, 12);
      expect(record.unflagged!, flag.id).toBeCloseTo(unflagged.share, 12);
      expect(record.flaggedOnly!, flag.id).toBeCloseTo(flagged.share, 12);
      expect(record.change!).toBeCloseTo(unflagged.share - everything.share, 12);
      const [slice] = await db.query(`SELECT avg(CASE WHEN ${column} IS TRUE THEN 1 ELSE 0 END) AS rate FROM raw`);
      expect(record.sliceRate).toBeCloseTo(Number(slice.rate), 12);
    }
  });

  it('refuses flagged and unflagged votes that do not add up to all of them', () => {
    const r = (votes: number) => ({ votes, wins: votes, losses: 0, ties: 0, share: 1 });
    expect(() => flagRecord('f', r(10), r(3), r(6), 0.1)).toThrow(/3 flagged \+ 6 unflagged votes do not add up to the model's 10 votes/);
  });
});

describe('defect labels of one model on the comparia sample', async () => {
  const db = await open('comparia-votes.parquet');
  afterAll(() => db.close());
  const planted = samples['comparia-votes.parquet'].planted.label_counts_per_model;

  it('has the labels section and no flags or judges', () => {
    expect([db.sections.defects?.mode, db.sections.flags, db.sections.judges]).toEqual(['sides', null, null]);
  });

  it('counts each label on its answers as planted, beside the rate over every answer', async () => {
    const spec = defectSpec(await describeTable(db, 'battles'));
    const byModel = spec.dimensions.find((d) => d.id === 'model')!;
    const rates = readLabelRates(spec, await run(db, labelRatesSql(spec, all, byModel)), byModel);
    const overall = readLabelRates(spec, await run(db, labelRatesSql(spec, all)));
    for (const model of Object.keys(planted).slice(0, 3)) {
      const records = defectRecords(
        rates.filter((r) => r.group === model),
        overall,
      );
      const p = planted[model];
      for (const label of ['useful', 'incorrect', 'superficial']) {
        const r = records.find((x) => x.label === label)!;
        expect(r.count, `${model} ${label}`).toBe(p[label]);
        const total = Object.values(planted as Record<string, Record<string, number>>).reduce((s, m) => s + m[label], 0);
        const answers = Object.values(planted as Record<string, Record<string, number>>).reduce((s, m) => s + m.appearances, 0);
        // Every answer of the sample carries every label (true or false), so the rate is over all of them.
        expect(r.labelled).toBe(p.appearances);
        expect(r.rate!).toBeCloseTo(p[label] / p.appearances, 12);
        expect(r.allRate!).toBeCloseTo(total / answers, 12);
        expect(r.difference!).toBeCloseTo(p[label] / p.appearances - total / answers, 12);
      }
    }
  });
});

describe('per-pair labels on the french-maxx sample', async () => {
  const db = await open('french-maxx.parquet');
  afterAll(() => db.close());
  const planted = samples['french-maxx.parquet'].planted.defect_counts;

  it('counts the labels of the pairs the model took part in (every pair here), as planted', async () => {
    const spec = db.sections.defects!;
    expect(spec.mode).toBe('rows');
    const overall = readLabelRates(spec, await run(db, labelRatesSql(spec, all)));
    const records = defectRecords(readLabelRates(spec, await run(db, labelRatesSql(spec, modelCondition(all, 'optimal')))), overall);
    for (const label of ['incorrect', 'superficial', 'instructions_not_followed']) {
      const r = records.find((x) => x.label === label)!;
      expect(r.count, label).toBe(planted[label]);
      expect(r.difference, label).toBe(0);
    }
    expect(records.find((x) => x.label === 'any defect')!.count).toBe(planted.any_defect);
  });
});

describe('judges on one model of the genrm sample', async () => {
  const db = await open('genrm-judges.parquet');
  afterAll(() => db.close());
  const planted = samples['genrm-judges.parquet'].planted.judges as { column: string; votes: Record<string, number> }[];

  it('has the judges section and no time, flags or labels', () => {
    const s = db.sections;
    expect([s.judges?.judges.length, s.time, s.flags, s.defects]).toEqual([5, null, null, null]);
  });

  it('reads each judge’s verdicts with the model in either seat as its wins, losses and ties', async () => {
    const columns = judgeSpec(await describeTable(db, 'battles'));
    const spec = withJudgeSlots(columns, (await run(db, judgeSlotsSql(columns)))[0]);
    // Response 1 always sits in seat A here: each judge's A verdicts are its wins, as planted.
    const tally = async (model: string, seat: 'a' | 'b') =>
      readJudgeVotes(spec, await run(db, judgeVotesSql(spec, seatCondition(all, model, seat))));
    const first = judgeRecords(await tally('response 1', 'a'), await tally('response 1', 'b'));
    const second = judgeRecords(await tally('response 2', 'a'), await tally('response 2', 'b'));
    expect(first.map((r) => r.judge)).toEqual(['judge 1', 'judge 2', 'judge 3']);
    for (const [k, p] of planted.entries()) {
      expect(first[k], p.column).toMatchObject({ wins: p.votes.A, losses: p.votes.B, ties: p.votes.tie, invalid: p.votes.invalid });
      expect(first[k].share!).toBeCloseTo((p.votes.A + p.votes.tie / 2) / (p.votes.A + p.votes.B + p.votes.tie), 12);
      expect(second[k]).toMatchObject({ wins: p.votes.B, losses: p.votes.A, ties: p.votes.tie, invalid: p.votes.invalid });
    }
  });
});
