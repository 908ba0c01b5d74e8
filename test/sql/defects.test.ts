import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  answerLengthStatsSql,
  answerLengthsSql,
  cooccurrenceSql,
  defectRowsSql,
  labelRatesSql,
  readCooccurrence,
  readLabelRates,
  type LabelRate,
} from '../../src/core/lenses/defects.ts';
import {
  defectSpec,
  defectText,
  LENGTH_BUCKETS,
  lengthBucketSql,
  type DefectSpec,
  type DefectText,
} from '../../src/core/lenses/defect-spec.ts';
import type { Connector } from '../../src/core/sql/connector.ts';
import { labelColoursText, labelRatesChart } from '../../src/core/charts/defects.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

const samples = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8')).samples;
const all = { sql: '', params: [] };
const run = async (db: Connector, q: { sql: string; params: unknown[] }) => db.query(q.sql, q.params);

/** Loads a sample the way the page does; the whole file stays in raw, so raw is the text table. */
async function open(file: string): Promise<{ db: Connector & { close(): void }; spec: DefectSpec; text: DefectText }> {
  const db = await openDb();
  await db.exec(`CREATE TABLE raw AS SELECT * FROM read_parquet('${resolve('static-data', file)}')`);
  const d = await buildFromRaw(db, 'raw');
  const rawColumns = await describeTable(db, 'raw');
  const textColumns = rawColumns.filter((c) => d.textColumns.includes(c.name));
  const spec = defectSpec(await describeTable(db, 'battles'), textColumns);
  return { db, spec, text: defectText(spec, textColumns, 'raw') };
}

const maxx = await open('french-maxx.parquet');
const comparia = await open('comparia-votes.parquet');
afterAll(() => {
  maxx.db.close();
  comparia.db.close();
});

const countsOf = (rates: ReturnType<typeof readLabelRates>, group: string | null) =>
  Object.fromEntries(rates.filter((r) => r.group === group).map((r) => [r.label === 'any defect' ? 'any_defect' : r.label, r.count]));

describe('defects lens on the French-Maxx sample', () => {
  const P = samples['french-maxx.parquet'].planted;
  // The preference pairs: rows without a rejected answer are set aside before the lens sees them.
  const pairs = samples['french-maxx.parquet'].votes as number;

  it('finds the three defect labels, the slice dimensions and the prompt length', () => {
    expect(maxx.spec.mode).toBe('rows');
    expect(maxx.spec.labels.map((l) => l.name)).toEqual(['incorrect', 'superficial', 'instructions_not_followed']);
    expect(maxx.spec.dimensions.map((d) => d.id)).toEqual([
      'source',
      'pref_strength',
      'is_multi_turn',
      'conversation_turns',
      'prompt_length',
    ]);
    expect(maxx.text.answerLabels).toEqual(['optimal', 'rejected']);
  });

  it('says "no label" for arena rows, which carry none, rather than a 0% defect rate', async () => {
    const dim = maxx.spec.dimensions.find((d) => d.id === 'source')!;
    const rates = readLabelRates(maxx.spec, await run(maxx.db, labelRatesSql(maxx.spec, all, dim)), dim);
    const arena = rates.filter((r) => r.group === 'arena');
    expect(arena.length).toBeGreaterThan(0);
    expect(arena.every((r) => r.rate === null && r.labelled === 0 && r.units > 0)).toBe(true);
    expect(rates.filter((r) => r.group === 'reactions').every((r) => r.rate !== null && r.labelled === r.units)).toBe(true);
  });

  it('counts each label and any defect as planted', async () => {
    const rates = readLabelRates(maxx.spec, await run(maxx.db, labelRatesSql(maxx.spec, all)));
    expect(countsOf(rates, null)).toEqual(P.defect_counts);
  });

  it('breaks the labels down by source, preference strength and turns as planted', async () => {
    const spec = maxx.spec;
    for (const [id, plantedBy] of [
      ['source', P.by_source],
      ['pref_strength', P.by_pref_strength],
      ['is_multi_turn', P.by_multi_turn],
    ] as const) {
      const dim = spec.dimensions.find((d) => d.id === id)!;
      const rates = readLabelRates(spec, await run(maxx.db, labelRatesSql(spec, all, dim)), dim);
      for (const [group, figures] of Object.entries(plantedBy as Record<string, Record<string, number>>)) {
        const { rows, ...labels } = figures;
        const got = countsOf(rates, group);
        delete got.any_defect;
        expect(got, `${id} = ${group}`).toEqual(labels);
        expect(rates.find((r) => r.group === group)!.units).toBe(rows);
      }
    }
  });

  it('buckets prompt length in its written order, covering every row', async () => {
    expect(
      lengthBucketSql('x')
        .match(/'[^']+'/g)!
        .map((s) => s.slice(1, -1)),
    ).toEqual(LENGTH_BUCKETS);
    const dim = maxx.spec.dimensions.find((d) => d.id === 'prompt_length')!;
    const rates = readLabelRates(maxx.spec, await run(maxx.db, labelRatesSql(maxx.spec, all, dim, maxx.text)), dim);
    const groups = [...new Set(rates.map((r) => r.group))];
    expect(groups.every((g) => LENGTH_BUCKETS.includes(g!))).toBe(true);
    expect(groups).toEqual(LENGTH_BUCKETS.filter((b) => groups.includes(b)));
    const units = new Map(rates.map((r) => [r.group, r.units]));
    expect([...units.values()].reduce((a, b) => a + b, 0)).toBe(pairs);
  });

  it('counts co-occurring labels, with single-label counts on the diagonal', async () => {
    const co = readCooccurrence(maxx.spec, (await run(maxx.db, cooccurrenceSql(maxx.spec, all)))[0]);
    const at = (a: string, b: string) => co.find((c) => c.row === a && c.column === b)!;
    expect(at('incorrect', 'incorrect').both).toBe(P.defect_counts.incorrect);
    expect(at('incorrect', 'superficial').both).toBe(at('superficial', 'incorrect').both);
    // inclusion–exclusion gives back "any defect"
    const [i, s, n] = ['incorrect', 'superficial', 'instructions_not_followed'];
    const raw = await maxx.db.query('SELECT count(*) AS n FROM battles WHERE incorrect AND superficial AND instructions_not_followed');
    const any =
      P.defect_counts.incorrect +
      P.defect_counts.superficial +
      P.defect_counts.instructions_not_followed -
      at(i, s).both -
      at(i, n).both -
      at(s, n).both +
      Number(raw[0].n);
    expect(any).toBe(P.defect_counts.any_defect);
  });

  it("measures the optimal and rejected answers' lengths for every row", async () => {
    const bins = await run(maxx.db, answerLengthsSql(maxx.spec, all, maxx.text));
    const total = (k: string) => bins.filter((b) => b.kind === k).reduce((s, b) => s + Number(b.units), 0);
    expect([total('optimal'), total('rejected')]).toEqual([pairs, pairs]);
    const stats = await run(maxx.db, answerLengthStatsSql(maxx.spec, all, maxx.text));
    const get = (label: string, kind: string) => stats.find((r) => r.label === label && r.kind === kind)!;
    expect(get('all', 'optimal').units).toBe(pairs);
    expect(get('incorrect', 'rejected').units).toBe(P.defect_counts.incorrect);
    const direct = await maxx.db.query('SELECT median(length(rejected)) AS m FROM raw');
    expect(get('all', 'rejected').median).toBe(direct[0].m);
  });

  it('lists the rows behind a bar, in the slice, with the text as text', async () => {
    const slice = { sql: 'source = $1', params: ['reactions'] };
    const dim = maxx.spec.dimensions.find((d) => d.id === 'pref_strength')!;
    const q = defectRowsSql(maxx.spec, slice, { label: 1, dimension: dim, value: 'strong' }, maxx.text, 1000);
    expect(q.params).toEqual(['reactions', 'strong', 1000]);
    const rows = await run(maxx.db, q);
    expect(rows).toHaveLength(P.by_source_and_strength['reactions:strong'].superficial);
    for (const r of rows) {
      expect(r.superficial).toBe(true);
      expect(r.source).toBe('reactions');
      expect(typeof r.prompt).toBe('string');
      expect(typeof r.rejected).toBe('string');
    }
  });
});

describe('defects lens on the comparIA sample', () => {
  const P = samples['comparia-votes.parquet'].planted;

  it('reads the conv_*_a / conv_*_b labels as one label per side', () => {
    expect(comparia.spec.mode).toBe('sides');
    expect(comparia.spec.labels.map((l) => l.name)).toEqual([
      'useful',
      'creative',
      'clear_formatting',
      'incorrect',
      'superficial',
      'instructions_not_followed',
    ]);
    expect(comparia.spec.labels.filter((l) => l.negative).map((l) => l.name)).toEqual([
      'incorrect',
      'superficial',
      'instructions_not_followed',
    ]);
    expect(comparia.spec.dimensions.map((d) => d.id)).toEqual([
      'model',
      'verdict',
      'selected_category',
      'is_unedited_prompt',
      'prompt_length',
      'turns',
    ]);
  });

  it('colours a quality blue and a defect red, and says so; a dataset of defects only needs no key', async () => {
    const colours = (rates: LabelRate[]) => {
      const bars = labelRatesChart(rates, 'answers').marks![0] as unknown as { channels: { fill: { value: (r: LabelRate) => string } } };
      return Object.fromEntries(rates.map((r) => [r.label, bars.channels.fill.value(r)]));
    };
    const rates = readLabelRates(comparia.spec, await run(comparia.db, labelRatesSql(comparia.spec, all)));
    expect(colours(rates)).toEqual({
      useful: '#4e79a7',
      creative: '#4e79a7',
      clear_formatting: '#4e79a7',
      incorrect: '#d1495b',
      superficial: '#d1495b',
      instructions_not_followed: '#d1495b',
      'any defect': '#6d597a',
    });
    expect(labelColoursText(rates)).toBe('blue: a quality, red: a defect, purple: any defect');
    expect(labelColoursText(readLabelRates(maxx.spec, await run(maxx.db, labelRatesSql(maxx.spec, all))))).toBe('');
  });

  it("counts each model's labels (side a labels to model_a, side b to model_b) as planted", async () => {
    const dim = comparia.spec.dimensions.find((d) => d.id === 'model')!;
    const rates = readLabelRates(comparia.spec, await run(comparia.db, labelRatesSql(comparia.spec, all, dim)), dim);
    for (const [model, figures] of Object.entries(P.label_counts_per_model as Record<string, Record<string, number>>)) {
      const { appearances, ...labels } = figures;
      const got = countsOf(rates, model);
      delete got.any_defect;
      expect(got, model).toEqual(labels);
      expect(rates.find((r) => r.group === model)!.units).toBe(appearances);
    }
  });

  it("splits answers by the vote they received and lists one model's labelled answers", async () => {
    const dim = comparia.spec.dimensions.find((d) => d.id === 'verdict')!;
    const rates = readLabelRates(comparia.spec, await run(comparia.db, labelRatesSql(comparia.spec, all, dim)), dim);
    expect([...new Set(rates.map((r) => r.group))]).toEqual(['chosen', 'not chosen', 'both equal']);
    expect(rates.find((r) => r.group === 'both equal')!.units).toBe(2 * P.both_equal);
    const model = comparia.spec.dimensions.find((d) => d.id === 'model')!;
    const rows = await run(
      comparia.db,
      defectRowsSql(comparia.spec, all, { label: 3, dimension: model, value: 'corvid-7b' }, comparia.text, 1000),
    );
    expect(rows).toHaveLength(P.label_counts_per_model['corvid-7b'].incorrect);
    expect(rows.every((r) => r.model === 'corvid-7b' && r.incorrect === true && typeof r.answer === 'string')).toBe(true);
    const bins = await run(comparia.db, answerLengthsSql(comparia.spec, all, comparia.text));
    expect(bins.filter((b) => b.kind === 'chosen').reduce((s, b) => s + Number(b.units), 0)).toBe(8000 - P.both_equal);
  });
});
