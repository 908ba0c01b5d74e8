import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import init from 'parquet-wasm/esm';
import { createNodeConnector, type NodeConnector } from '../../../src/cli/node-connector.ts';
import { openPart, readShare, GroupTallier } from '../../../src/workers/count-reading.ts';
import { mergeTally, tallyData } from '../../../src/core/tally/tally-parts.ts';
import { VoteTally } from '../../../src/core/tally/vote-tally.ts';

const COLUMNS = ['model_a', 'model_b', 'judge'];

/** The tally's tuples as "a|b|judge" → [rows, summed weight, rows with an invalid weight]. */
function tuples(tally: VoteTally): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (let t = 0; t < tally.tuples; t++) {
    const key = COLUMNS.map((_, c) => String(tally.values[c][tally.codes[c][t]])).join('|');
    out.set(key, [tally.rows[t], tally.weight[t], tally.invalid[t]]);
  }
  return out;
}

/** Reads `file`'s share into a fresh tally; also returns how many columns of each group were read as dictionaries. */
async function count(file: Blob, share: { index: number; of: number }) {
  const tally = new VoteTally(COLUMNS, true);
  const tallier = new GroupTallier(tally, COLUMNS, 'n');
  const direct: number[] = [];
  const first = await openPart(file);
  try {
    await readShare(
      first,
      [file],
      [...COLUMNS, 'n'],
      share,
      () => true,
      (group) => {
        direct.push(group.dictionaries.filter((d) => d !== null).length);
        tallier.add(group);
      },
    );
  } finally {
    first.file.free();
  }
  tallier.settle();
  return { tally, direct };
}

describe('counting a local parquet file row group by row group', () => {
  let db: NodeConnector;
  const dir = mkdtempSync(join(tmpdir(), 'arena-lens-count-'));
  const path = join(dir, 'votes.parquet');
  beforeAll(async () => {
    await init({ module_or_path: readFileSync('node_modules/parquet-wasm/esm/parquet_wasm_bg.wasm') });
    db = await createNodeConnector();
    // Models repeat (dictionary pages); every judge is its own (stored plainly); weights are numbers, some missing or zero.
    await db.query(`COPY (
      SELECT CASE WHEN i % 97 = 0 THEN NULL ELSE 'model-' || (i * 7 % 13) END AS model_a,
             'model-' || (i * 11 % 17) AS model_b,
             'judge-' || i || '-' || hash(i) AS judge,
             CASE WHEN i % 50 = 0 THEN NULL ELSE (i % 5)::BIGINT END AS n
      FROM range(20000) t(i)) TO '${path}' (FORMAT parquet, ROW_GROUP_SIZE 4096)`);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads dictionary columns directly and the rest through parquet-wasm, tallying what DuckDB groups', async () => {
    const file = new Blob([readFileSync(path)]);
    const { tally, direct } = await count(file, { index: 0, of: 1 });
    // Both model columns came from their dictionaries in every group; the judges and the weights did not.
    expect(direct.length).toBeGreaterThan(1);
    expect(direct.every((d) => d === 2)).toBe(true);
    const expected = new Map<string, number[]>();
    const rows = await db.query(
      `SELECT model_a, model_b, judge, count(*) AS rows, coalesce(sum(n) FILTER (WHERE n > 0), 0) AS weight,
              count(*) FILTER (WHERE n IS NULL OR n <= 0) AS invalid
       FROM '${path}' GROUP BY ALL`,
    );
    for (const r of rows)
      expected.set([r.model_a, r.model_b, r.judge].map(String).join('|'), [Number(r.rows), Number(r.weight), Number(r.invalid)]);
    expect(tuples(tally)).toEqual(expected);
    expect(tally.totalRows).toBe(20000);
  });

  it('adds up to the same tally when two readers take every other row group', async () => {
    const file = new Blob([readFileSync(path)]);
    const whole = (await count(file, { index: 0, of: 1 })).tally;
    const mine = (await count(file, { index: 0, of: 2 })).tally;
    const helper = (await count(file, { index: 1, of: 2 })).tally;
    mergeTally(mine, tallyData(helper));
    expect(tuples(mine)).toEqual(tuples(whole));
  });
});
