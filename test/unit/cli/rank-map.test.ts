/**
 * rank --map: a file no preset knows, read through the columns' roles the user gives, in the form the
 * page's link carries them (map=). The reference is the same votes written in the recognised shape
 * (model_a, model_b, winner): the two boards must be the same records, and a slice the same slice.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { main } from '../../../src/cli/rank.ts';
import { main as aggregate } from '../../../src/cli/aggregate.ts';
import { createNodeConnector } from '../../../src/cli/node-connector.ts';
import { writeMapping } from '../../../src/core/view/url-mapping.ts';
import type { ColumnMapping } from '../../../src/core/schema/mapping.ts';
import { run, tempDir, write, type BoardRecord } from './helpers.ts';

const dir = tempDir();
const MODELS = ['alpha', 'beta', 'gamma', 'delta'];
const STRENGTH = [1.2, 0.6, 0, -0.8];

/** 1,200 votes drawn from known strengths (a fixed generator), each in both layouts. */
function votes() {
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const own = ['left_model,right_model,pref,lang'];
  const canonical = ['model_a,model_b,winner,language'];
  for (let i = 0; i < 1200; i++) {
    const a = Math.floor(next() * 4);
    const b = (a + 1 + Math.floor(next() * 3)) % 4;
    const p = 1 / (1 + Math.exp(STRENGTH[b] - STRENGTH[a]));
    const u = next();
    const verdict = u < 0.1 ? 'tie' : u < 0.1 + 0.9 * p ? 'a' : 'b';
    const lang = next() < 0.5 ? 'en' : 'fr';
    own.push(`${MODELS[a]},${MODELS[b]},${{ a: 'left', b: 'right', tie: 'same' }[verdict]},${lang}`);
    canonical.push(`${MODELS[a]},${MODELS[b]},${{ a: 'model_a', b: 'model_b', tie: 'tie' }[verdict]},${lang}`);
  }
  return { own: write(dir, 'own-names.csv', own.join('\n') + '\n'), canonical: write(dir, 'canonical.csv', canonical.join('\n') + '\n') };
}
const files = votes();
const MAPPING: ColumnMapping = {
  modelA: { kind: 'column', column: 'left_model' },
  modelB: { kind: 'column', column: 'right_model' },
  winner: { kind: 'column', column: 'pref', labels: { left: 'a', right: 'b', same: 'tie' }, namesModel: false },
};
const MAP = writeMapping(MAPPING);

async function board(...argv: string[]): Promise<{ records: BoardRecord[]; stderr: string }> {
  const r = await run(main, ...argv, '--json', '--bootstrap', '200', '--seed', '5');
  expect(r.code, r.stderr).toBe(0);
  return { records: JSON.parse(r.stdout).models, stderr: r.stderr };
}

/** A counts file's rows, in a fixed order, its slice column read as `lang`. */
async function countRows(file: string, slice: string) {
  const db = await createNodeConnector();
  try {
    return await db.query(`SELECT model_a, model_b, winner, "count", "${slice}" AS lang FROM read_csv($1) ORDER BY ALL`, [file]);
  } finally {
    db.close();
  }
}

describe('rank --map', () => {
  it('rates a file of other column names as the same votes in the recognised shape', async () => {
    const mapped = await board(files.own, '--map', MAP);
    const reference = await board(files.canonical);
    expect(mapped.records).toEqual(reference.records);
    expect(mapped.stderr).toMatch(/own-names\.csv: csv, 1,?200 rows, 1200 votes, 4 models; columns mapped by --map/);
    // The strengths' order comes back.
    expect(mapped.records.map((r) => r.model)).toEqual(MODELS);
  });

  it('takes the link the page copies after its mapping form, its map= in the query or the fragment', async () => {
    const reference = await board(files.own, '--map', MAP);
    for (const link of [
      `https://arena-lens.example/?src=x.csv&map=${encodeURIComponent(MAP)}&lens=leaderboard`,
      `https://arena-lens.example/#lens=matrix&map=${encodeURIComponent(MAP)}`,
    ])
      expect((await board(files.own, '--map', link)).records).toEqual(reference.records);
  });

  it('slices a mapped file as the recognised one (--where on a column the mapping leaves alone)', async () => {
    const mapped = await board(files.own, '--map', MAP, '--where', 'lang=fr', '--min-votes', '0');
    const reference = await board(files.canonical, '--where', 'language=fr', '--min-votes', '0');
    expect(mapped.records).toEqual(reference.records);
  });

  it('says what is wrong with a mapping, and points a file no preset knows to --map', async () => {
    const unknown = await run(main, files.own, '--bootstrap', '0');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toContain('no known shape fits');
    expect(unknown.stderr).toContain('--map says which columns hold the sides and the winner');
    const missing = await run(main, files.own, '--map', MAP.replace('"left_model"', '"left"'));
    expect(missing.stderr).toContain('--map names "left", not a column of the file (its columns: left_model, right_model, pref, lang)');
    const notJson = await run(main, files.own, '--map', 'left_model,right_model');
    expect(notJson.stderr).toContain(`--map takes the mapping's JSON or a link with map=, got "left_model,right_model"`);
    const badSide = await run(main, files.own, '--map', '{"a":1}');
    expect(badSide.stderr).toContain('--map: "a" must be a column name');
    // --compare-with takes no --map, so its refusal does not point there.
    const compared = await run(main, files.own, '--compare-with', files.canonical);
    expect(compared.stderr).toContain('no known shape fits');
    expect(compared.stderr).not.toContain('--map');
    for (const r of [missing, notJson, badSide, compared]) expect(r.code).not.toBe(0);
  });

  it('aggregate --map writes the counts the same votes in the recognised shape give, and its SQL reads the mapping', async () => {
    const [mapped, reference] = [join(dir, 'mapped.counts.csv'), join(dir, 'reference.counts.csv')];
    const m = await run(aggregate, files.own, mapped, '--by', 'lang', '--map', MAP);
    expect(m.code, m.stderr).toBe(0);
    expect(m.stderr).toContain('columns mapped by --map');
    const canonical = await run(aggregate, files.canonical, reference, '--by', 'language');
    expect(canonical.code, canonical.stderr).toBe(0);
    const want = await countRows(reference, 'language');
    expect(await countRows(mapped, 'lang')).toEqual(want);
    expect(want.reduce((n, r) => n + Number(r.count), 0)).toBe(1200);
    const sql = await run(aggregate, files.own, '--sql', 'duckdb', '--map', MAP);
    expect(sql.code, sql.stderr).toBe(0);
    expect(sql.stderr).toContain('mapping from --map');
    expect(sql.stdout).toContain('"left_model"');
    expect(sql.stdout).toContain("'same'");
  });
});
