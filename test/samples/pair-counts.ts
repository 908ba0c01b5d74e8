/** Pre-aggregated counts (CSV): 12 models in two groups that never meet, ~60k votes. */
import { writeFileSync } from 'node:fs';
import { type Db, lit } from './db.ts';
import { OUTCOMES, OUTCOME_CODE, type Outcome } from '../../src/core/outcome.ts';
import { centre, drawOutcome } from './ratings.ts';
import type { Rng } from './rng.ts';
import { LMSYS_OUTCOME, WINNER_LABEL, countBy, summarise, type SampleEntry } from './summary.ts';

export const FILE = 'pair-counts.csv';
export const SOURCE = 'none: pre-aggregated counts (model_a, model_b, winner, count), the shape the aggregate command writes';
const TARGET_VOTES = 60_000;
export const GROUPS: ReadonlyArray<ReadonlyArray<readonly [string, number]>> = [
  [
    ['north-70b', 1180],
    ['north-13b', 1060],
    ['north-7b', 960],
    ['atlas-v3', 1120],
    ['atlas-v2', 1010],
    ['atlas-v1', 900],
    ['kite-large', 980],
    ['kite-small', 790],
  ],
  [
    ['island-a', 1150],
    ['island-b', 1040],
    ['island-c', 930],
    ['island-d', 880],
  ],
];
/** Each group is centred on 1000 separately (ratings across groups are not comparable), so the overall mean is 1000 too. */
export const TRUE_RATINGS = Object.assign({}, ...GROUPS.map((g) => centre(Object.fromEntries(g)))) as Record<string, number>;
const NAMES = GROUPS.flatMap((g) => g.map(([n]) => n));

export async function generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
  const pairs: [number, number][] = [];
  let offset = 0;
  for (const g of GROUPS) {
    for (let i = 0; i < g.length; i++) for (let j = i + 1; j < g.length; j++) pairs.push([offset + i, offset + j]);
    offset += g.length;
  }
  const counts = new Map<string, number>();
  for (const [i, j] of pairs) {
    const n = Math.round((TARGET_VOTES / pairs.length) * (0.5 + rng.next()));
    for (let v = 0; v < n; v++) {
      const [a, b] = rng.bool(0.5) ? [i, j] : [j, i];
      const o: Outcome = drawOutcome(rng, TRUE_RATINGS[NAMES[a]!]!, TRUE_RATINGS[NAMES[b]!]!, 0.15, 0.05);
      const key = `${a},${b},${OUTCOME_CODE[o]}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const lines = ['model_a,model_b,winner,count'];
  for (let a = 0; a < NAMES.length; a++) {
    for (let b = 0; b < NAMES.length; b++) {
      for (const o of OUTCOMES) {
        const n = counts.get(`${a},${b},${OUTCOME_CODE[o]}`);
        if (n) lines.push(`${NAMES[a]},${NAMES[b]},${WINNER_LABEL[o]},${n}`);
      }
    }
  }
  writeFileSync(path, lines.join('\n') + '\n');
  const src = `read_csv(${lit(path)})`;
  const summary = await summarise(db, { from: src, a: 'model_a', b: 'model_b', outcome: LMSYS_OUTCOME, weight: '"count"' });
  const perComponent: number[] = [];
  for (const g of GROUPS) {
    const r = await db.one(`SELECT CAST(sum("count") AS DOUBLE) AS n FROM ${src} WHERE model_a IN (${g.map(([n]) => lit(n)).join(', ')})`);
    perComponent.push(Number(r.n));
  }
  return {
    file: FILE,
    preset: 'pair-counts',
    summary,
    true_ratings: TRUE_RATINGS,
    notes: 'Disconnected comparison graph: no finite joint maximum-likelihood rating; each component is centred on 1000 here.',
    planted: {
      components: GROUPS.map((g) => g.map(([n]) => n)),
      connected: false,
      pairs_played: pairs.length,
      votes_per_component: perComponent,
      rows_per_winner: await countBy(db, `SELECT winner AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
    },
  };
}
