import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/rank.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { run, tempDir, write } from './helpers.ts';

/**
 * `rank --control` on files with known truth: votes where seat A is worth a planted number of Elo
 * points, and a battle-level column with no effect. The seat coefficient's 95% interval must cover
 * the planted value; the null column's must cover 0.
 */
const dir = tempDir();
const ELO = 400 / Math.LN10;

function plantedCsv(seat: number, votes: number, seed: number): string {
  const rng = seededRandom(seed);
  const ratings = [1120, 1080, 1040, 1000, 960, 920, 880, 840];
  const lines = ['model_a,model_b,winner,turn'];
  for (let v = 0; v < votes; v++) {
    const a = Math.floor(rng.next() * ratings.length);
    let b = Math.floor(rng.next() * (ratings.length - 1));
    if (b >= a) b++;
    const p = 1 / (1 + Math.exp(-(ratings[a] - ratings[b] + seat) / ELO));
    lines.push(`m${a},m${b},${rng.next() < p ? 'model_a' : 'model_b'},${1 + Math.floor(rng.next() * 3)}`);
  }
  return lines.join('\n') + '\n';
}

interface Coefficient {
  control: string;
  kind: string;
  elo_per_unit: number;
  elo_per_unit_lower: number;
  elo_per_unit_upper: number;
}

describe('rank --control', () => {
  it('finds a planted position bias: the seat-A interval covers the planted 35 points, a null column covers 0', async () => {
    const file = write(dir, 'seat.csv', plantedCsv(35, 12_000, 5));
    const r = await run(main, file, '--control', 'seat', '--control', 'turn', '--json');
    expect(r.stderr).not.toMatch(/^rank:/m);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.format).toBe('arena-lens-controls/1');
    const [seat, turn] = out.coefficients as Coefficient[];
    expect(seat).toMatchObject({ control: 'seat A', kind: 'seat' });
    expect(seat.elo_per_unit_lower).toBeLessThanOrEqual(35);
    expect(seat.elo_per_unit_upper).toBeGreaterThanOrEqual(35);
    expect(seat.elo_per_unit_lower).toBeGreaterThan(0);
    expect(turn.elo_per_unit_lower).toBeLessThanOrEqual(0);
    expect(turn.elo_per_unit_upper).toBeGreaterThanOrEqual(0);
    expect(out.models).toHaveLength(8);
  });

  it('on a file without position bias the seat interval covers 0; bad controls are usage errors', async () => {
    const file = write(dir, 'fair.csv', plantedCsv(0, 6_000, 9));
    const out = JSON.parse((await run(main, file, '--control', 'seat', '--json')).stdout);
    expect(out.coefficients[0].elo_per_unit_lower).toBeLessThanOrEqual(0);
    expect(out.coefficients[0].elo_per_unit_upper).toBeGreaterThanOrEqual(0);
    const unknown = await run(main, file, '--control', 'nope');
    expect([unknown.code, unknown.stderr]).toEqual([2, expect.stringMatching(/--control: control "nope": no column "nope"/)]);
    const both = await run(main, file, '--control', 'seat', '--style-control');
    expect(both.code).toBe(2);
  });
});
