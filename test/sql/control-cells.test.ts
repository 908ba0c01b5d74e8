import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NodeConnector } from '../../src/cli/node-connector.ts';
import { controlCellsSql, controlVotesSql, parseControl, readControlVotes, type ControlSpec } from '../../src/core/sql/control-votes.ts';
import { modelsSql } from '../../src/core/sql/pair-counts.ts';
import { fitControls } from '../../src/core/stats/controls.ts';
import { seededRandom } from '../../src/core/stats/random.ts';
import { buildFromRaw, createShape, openDb } from './helpers.ts';

/**
 * The page's controls read the slice grouped into cells (pair, outcome, covariate values, summed
 * weight). Checked on votes with a planted seat-A effect and a planted French effect: the grouped
 * fit's coefficients and sandwich errors equal a plain maximum-likelihood logistic regression fitted
 * here vote by vote (Newton's method on dense matrices, ratings with the last model at 0, and its
 * own Huber–White sandwich), and every NULL is counted per control.
 */
const ELO = 400 / Math.LN10;
const MODELS = ['m0', 'm1', 'm2', 'm3', 'm4'];
const RATINGS = [80, 40, 0, -30, -90];
const SEAT = 45,
  FRENCH = -60;
const N = 3000;

interface Vote {
  a: number;
  b: number;
  y: number;
  french: boolean;
  flag: boolean | null;
}

function plant(): Vote[] {
  const rng = seededRandom(11);
  const votes: Vote[] = [];
  for (let v = 0; v < N; v++) {
    const a = Math.floor(rng.next() * 5);
    let b = Math.floor(rng.next() * 4);
    if (b >= a) b++;
    const french = rng.next() < 0.3;
    const flag = v % 10 === 0 ? null : rng.next() < 0.5;
    const p = 1 / (1 + Math.exp(-(RATINGS[a] - RATINGS[b] + SEAT + (french ? FRENCH : 0)) / ELO));
    votes.push({ a, b, y: rng.next() < p ? 1 : 0, french, flag });
  }
  return votes;
}

/** Solves S x = r in place by Gauss-Jordan with partial pivoting (small dense systems). */
function solve(S: number[][], r: number[]): number[] {
  const n = r.length;
  const M = S.map((row, i) => [...row, r[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let i = c + 1; i < n; i++) if (Math.abs(M[i][c]) > Math.abs(M[p][c])) p = i;
    [M[c], M[p]] = [M[p], M[c]];
    for (let i = 0; i < n; i++) {
      if (i === c) continue;
      const f = M[i][c] / M[c][c];
      for (let k = c; k <= n; k++) M[i][k] -= f * M[c][k];
    }
  }
  return M.map((row, i) => row[n] / row[i]);
}

/** Plain logistic MLE: x = (r_0 … r_3 in natural-log units, r_4 = 0; β seat; β french) and sandwich SEs of the β. */
function referenceFit(votes: Vote[]): { beta: number[]; se: number[] } {
  const P = 4 + 2;
  const design = (v: Vote) => {
    const c = new Array<number>(P).fill(0);
    if (v.a < 4) c[v.a] += 1;
    if (v.b < 4) c[v.b] -= 1;
    c[4] = 1;
    c[5] = v.french ? 1 : 0;
    return c;
  };
  let x = new Array<number>(P).fill(0);
  const parts = () => {
    const g = new Array<number>(P).fill(0);
    const H = Array.from({ length: P }, () => new Array<number>(P).fill(0));
    const J = Array.from({ length: P }, () => new Array<number>(P).fill(0));
    for (const v of votes) {
      const c = design(v);
      const p = 1 / (1 + Math.exp(-c.reduce((s, ci, i) => s + ci * x[i], 0)));
      for (let i = 0; i < P; i++) {
        g[i] += (v.y - p) * c[i];
        for (let j = 0; j < P; j++) {
          H[i][j] += p * (1 - p) * c[i] * c[j];
          J[i][j] += (v.y - p) ** 2 * c[i] * c[j];
        }
      }
    }
    return { g, H, J };
  };
  for (let it = 0; it < 50; it++) {
    const { g, H } = parts();
    const step = solve(H, g);
    x = x.map((xi, i) => xi + step[i]);
    if (Math.max(...step.map(Math.abs)) < 1e-12) break;
  }
  const { H, J } = parts();
  const se = [4, 5].map((k) => {
    const e = new Array<number>(P).fill(0);
    e[k] = 1;
    const u = solve(H, e); // H⁻¹ e_k
    let q = 0;
    for (let i = 0; i < P; i++) for (let j = 0; j < P; j++) q += u[i] * J[i][j] * u[j];
    return Math.sqrt(q);
  });
  return { beta: [x[4], x[5]], se };
}

describe('controls read as grouped cells (native DuckDB)', () => {
  let db: NodeConnector;
  const votes = plant();
  beforeAll(async () => {
    db = await openDb();
    await createShape(
      db,
      'raw',
      [
        { name: 'model_a', type: 'VARCHAR' },
        { name: 'model_b', type: 'VARCHAR' },
        { name: 'winner', type: 'VARCHAR' },
        { name: 'language', type: 'VARCHAR' },
        { name: 'flagged', type: 'BOOLEAN' },
        { name: 'blank', type: 'DOUBLE' },
      ],
      ['model_a', 'model_b', 'winner', 'language', 'flagged', 'blank'],
      votes.map(
        (v) =>
          `('${MODELS[v.a]}', '${MODELS[v.b]}', '${v.y ? 'model_a' : 'model_b'}', '${v.french ? 'French' : 'English'}', ${v.flag === null ? 'NULL' : v.flag}, NULL)`,
      ),
    );
    await buildFromRaw(db, 'raw');
  });
  afterAll(() => db.close());

  const read = async (specs: ControlSpec[], grouped: boolean) => {
    const names = (await db.query(modelsSql().sql)).map((r) => String(r.model));
    const q = grouped ? controlCellsSql(specs, undefined) : controlVotesSql(specs, undefined);
    const rows = await db.query(q.sql, q.params);
    return { rows, ...readControlVotes(names, specs, rows) };
  };

  test('the grouped fit is the vote-by-vote logistic MLE: coefficients and sandwich errors', async () => {
    const specs = [parseControl('seat')!, parseControl('language=French')!];
    const cells = await read(specs, true);
    // Seat and one flag make at most 20 pairs × 2 outcomes × 2 values: far fewer rows than votes.
    expect(cells.rows.length).toBeLessThanOrEqual(80);
    expect(cells.votes.weight.reduce((s, w) => s + w, 0)).toBe(N);
    const fit = fitControls(cells.votes);
    const ref = referenceFit(votes);
    const [seat, french] = fit.coefficients;
    expect(seat.logit!).toBeCloseTo(ref.beta[0], 5);
    expect(french.logit!).toBeCloseTo(ref.beta[1], 5);
    expect(seat.se!).toBeCloseTo(ref.se[0], 5);
    expect(french.se!).toBeCloseTo(ref.se[1], 5);
    // And the planted truth is inside the 95% intervals.
    expect(seat.lowerPerUnit!).toBeLessThanOrEqual(SEAT);
    expect(seat.upperPerUnit!).toBeGreaterThanOrEqual(SEAT);
    expect(french.lowerPerUnit!).toBeLessThanOrEqual(FRENCH);
    expect(french.upperPerUnit!).toBeGreaterThanOrEqual(FRENCH);
    // The ungrouped read gives the same fit.
    const single = fitControls((await read(specs, false)).votes);
    expect(single.coefficients[0].logit!).toBeCloseTo(seat.logit!, 9);
    expect(single.coefficients[1].se!).toBeCloseTo(french.se!, 9);
  });

  test('counts the rows each control leaves out for a NULL, and a column empty everywhere leaves none', async () => {
    const nulls = votes.filter((v) => v.flag === null).length;
    const specs = [parseControl('seat')!, parseControl('flagged')!, parseControl('language=French')!];
    const cells = await read(specs, true);
    expect(cells.missingRows).toBe(nulls);
    expect(cells.missingVotes).toBe(nulls);
    expect(cells.nullRows).toEqual([0, nulls, 0]);
    expect(cells.votes.weight.reduce((s, w) => s + w, 0)).toBe(N - nulls);
    const blank = await read([parseControl('blank')!], true);
    expect(blank.votes.a.length).toBe(0);
    expect(blank.nullRows).toEqual([N]);
  });

  test('a value holding " - " is a value, not an A − B difference', () => {
    expect(parseControl('topic=math - hard')).toMatchObject({ kind: 'battle', paths: [['topic']], value: 'math - hard' });
    expect(parseControl('x_a - x_b')).toMatchObject({ kind: 'side', paths: [['x_a'], ['x_b']] });
  });
});
