import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { main } from '../../../src/cli/rank.ts';
import { createNodeConnector } from '../../../src/cli/node-connector.ts';
import { STATIC, run, tempDir, type BoardRecord } from './helpers.ts';

/**
 * The rank change column on the 100k shape's "hard prompts" board, checked against separate fits:
 * the hard prompts cut by SQL written here from category_tag (LMArena's rule: at least 6 of the 7
 * criteria_v0.1 flags), fitted as a file of its own, and the whole file fitted on its own. The
 * overall rank is then counted here, as FastChat's recompute_final_ranking does, among the models
 * rated in the slice.
 */
const dir = tempDir();
const LMARENA = join(STATIC, 'lmarena-100k.parquet');
const CRITERIA = ['specificity', 'domain_knowledge', 'complexity', 'problem_solving', 'creativity', 'technical_accuracy', 'real_world'];

interface ChangeRecord extends BoardRecord {
  rank_overall: number | null;
  rank_change: number | null;
  rank_change_lower: number | null;
  rank_change_upper: number | null;
}

async function rank(...argv: string[]): Promise<{ models: ChangeRecord[]; rank_change_against: string | null }> {
  const r = await run(main, ...argv, '--intervals', 'sandwich', '--json');
  expect(r.stderr).not.toMatch(/^rank:/m);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

async function hardPrompts(): Promise<string> {
  const db = await createNodeConnector();
  const path = join(dir, 'hard.parquet');
  const met = CRITERIA.map((c) => `CAST(coalesce(json_extract(category_tag, '$."criteria_v0.1".${c}')::BOOLEAN, false) AS INTEGER)`);
  try {
    await db.query(`COPY (SELECT * FROM read_parquet($1) WHERE ${met.join(' + ')} >= 6) TO '${path}' (FORMAT parquet)`, [LMARENA]);
  } finally {
    db.close();
  }
  return path;
}

/** FastChat's rank among the given models: 1 + models whose lower bound is above its upper bound. */
function rankAmong(records: readonly ChangeRecord[], models: ReadonlySet<string>): Map<string, number> {
  const kept = records.filter((r) => models.has(r.model));
  return new Map(kept.map((r) => [r.model, 1 + kept.filter((o) => o !== r && o.lower! > r.upper!).length]));
}

describe('rank change against the whole file (LMArena arrow column)', () => {
  it('on the 100k shape, each hard-prompt rank and its change equal separate fits of the slice and of the file', async () => {
    const sliced = await rank(LMARENA, '--where', 'hard_prompts=true');
    const alone = await rank(await hardPrompts(), '--min-votes', '50');
    const whole = await rank(LMARENA);
    expect(sliced.rank_change_against).toBe('all votes');
    expect(whole.rank_change_against).toBeNull();
    expect(whole.models.every((r) => r.rank_change === null && r.rank_overall === null)).toBe(true);

    const rated = sliced.models.filter((r) => r.rating !== null);
    const separate = new Map(alone.models.filter((r) => r.rating !== null).map((r) => [r.model, r]));
    expect(rated.length).toBeGreaterThan(10);
    expect(rated.map((r) => r.model).sort()).toEqual([...separate.keys()].sort());
    const models = new Set(rated.map((r) => r.model));
    const overall = rankAmong(whole.models, models);
    let moved = 0;
    for (const r of rated) {
      const s = separate.get(r.model)!;
      expect(r.rating!, r.model).toBeCloseTo(s.rating!, 6);
      expect(r.rank, r.model).toBe(s.rank);
      expect(r.rank_overall, r.model).toBe(overall.get(r.model));
      expect(r.rank_change, r.model).toBe(overall.get(r.model)! - s.rank!);
      expect(r.rank_change_lower!, r.model).toBeLessThanOrEqual(r.rank_change!);
      expect(r.rank_change_upper!, r.model).toBeGreaterThanOrEqual(r.rank_change!);
      if (r.rank_change !== 0) moved++;
    }
    // The slice does reorder the board: the check is not of a column of zeros.
    expect(moved).toBeGreaterThan(2);
  });
});
