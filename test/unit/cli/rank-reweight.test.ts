import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/rank.ts';
import { byModel, run, tempDir, write, type BoardRecord } from './helpers.ts';

const dir = tempDir();
const csv = (rows: [string, string, string, number][]) =>
  'model_a,model_b,winner\n' + rows.flatMap(([a, b, w, k]) => Array.from({ length: k }, () => `${a},${b},${w}\n`)).join('');

// Pairs of 2, 4 and 8 votes: inverse-frequency weights are in the ratio 4 : 2 : 1, so the weighted
// board must equal the plain board of the same votes replicated 4, 2 and 1 times.
const votes = csv([
  ['x', 'y', 'model_a', 1],
  ['y', 'x', 'model_a', 1],
  ['y', 'z', 'model_a', 3],
  ['z', 'y', 'tie', 1],
  ['x', 'z', 'model_a', 5],
  ['z', 'x', 'model_a', 3],
]);
const replicated = csv([
  ['x', 'y', 'model_a', 4],
  ['y', 'x', 'model_a', 4],
  ['y', 'z', 'model_a', 6],
  ['z', 'y', 'tie', 2],
  ['x', 'z', 'model_a', 5],
  ['z', 'x', 'model_a', 3],
]);

describe('rank --reweight-pairs', () => {
  it('fits inverse pair-frequency weights (equal to replicated votes) and says so in the JSON', async () => {
    const weighted = await run(main, write(dir, 'votes.csv', votes), '--reweight-pairs', '--json');
    const plain = await run(main, write(dir, 'replicated.csv', replicated), '--bootstrap', '0', '--json');
    expect(weighted.code, weighted.stderr).toBe(0);
    const w = JSON.parse(weighted.stdout),
      p = JSON.parse(plain.stdout);
    expect(w.vote_weighting).toBe('inverse pair frequency');
    expect(w.interval_method).toBe('sandwich');
    expect(w.provenance).toMatchObject({ vote_weighting: 'inverse pair frequency', interval_method: 'sandwich', bootstrap_rounds: 0 });
    expect(p.provenance.vote_weighting).toBe('none');
    const reference = byModel(p.models as BoardRecord[]);
    for (const r of w.models as BoardRecord[]) expect(r.rating!).toBeCloseTo(reference.get(r.model)!.rating!, 6);
    // Records stay the raw votes: x played 2 + 8.
    expect((w.models as (BoardRecord & { votes: number })[]).find((r) => r.model === 'x')!.votes).toBe(10);
  });

  it('puts the weighting in the CSV provenance and refuses a bootstrap', async () => {
    const out = await run(main, write(dir, 'votes2.csv', votes), '--reweight-pairs', '--csv');
    expect(out.stdout.split('\r\n')[1]).toMatch(/,inverse pair frequency$/);
    const bad = await run(main, write(dir, 'votes3.csv', votes), '--reweight-pairs', '--intervals', 'bootstrap');
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/--reweight-pairs has weighted sandwich intervals only/);
  });
});
