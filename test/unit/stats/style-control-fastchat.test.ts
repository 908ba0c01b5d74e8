import { describe, expect, it } from 'vitest';
import { seededRandom, type Random } from '../../../src/core/stats/random.ts';
import { fitStyleControl, type StyleVotes } from '../../../src/core/stats/style-control.ts';

/**
 * FastChat's compute_style_control (fastchat/serve/monitor/rating_systems.py), written again here
 * row by row the way the Python is — one row per battle, pd.factorize model order, features from
 * conv_metadata dicts, np.mean / np.std, then L-BFGS on contextual_bt_loss_and_grad, then
 * scale_and_offset — as an independent reference for the app's Newton fit on weighted votes.
 */
type Counts = Record<string, number>;
interface Meta {
  sum_assistant_a_tokens: number;
  sum_assistant_b_tokens: number;
  header_count_a: Counts;
  header_count_b: Counts;
  list_count_a: Counts;
  list_count_b: Counts;
  bold_count_a: Counts;
  bold_count_b: Counts;
}
interface Battle {
  model_a: string;
  model_b: string;
  winner: 'model_a' | 'model_b' | 'tie' | 'tie (bothbad)';
  conv_metadata: Meta;
}

const ELEMENTS = [
  'sum_assistant_a_tokens',
  'header_count_a',
  'list_count_a',
  'bold_count_a',
  'sum_assistant_b_tokens',
  'header_count_b',
  'list_count_b',
  'bold_count_b',
] as const;

function preprocessForStyle(df: Battle[]) {
  const order = new Map<string, number>();
  for (const name of [...df.map((r) => r.model_a), ...df.map((r) => r.model_b)]) if (!order.has(name)) order.set(name, order.size);
  const matchups = df.map((r) => [order.get(r.model_a)!, order.get(r.model_b)!]);
  const outcomes = df.map((r) => (r.winner === 'model_a' ? 1 : r.winner === 'model_b' ? 0 : 0.5));
  const value = (x: number | Counts) => (typeof x === 'number' ? x : Object.values(x).reduce((s, v) => s + v, 0));
  const style = ELEMENTS.map((e) => df.map((r) => value(r.conv_metadata[e])));
  const k = 4,
    n = df.length;
  const diff = Array.from({ length: k }, (_, f) => style[f].map((x, i) => (x - style[f + k][i]) / (x + style[f + k][i] + 1)));
  const features = Array.from({ length: n }, () => new Array<number>(k));
  diff.forEach((col, f) => {
    const mean = col.reduce((s, x) => s + x, 0) / n;
    const std = Math.sqrt(col.reduce((s, x) => s + (x - mean) ** 2, 0) / n);
    col.forEach((x, i) => {
      features[i][f] = (x - mean) / std;
    });
  });
  return { matchups, features, outcomes, models: [...order.keys()] };
}

/** contextual_bt_loss_and_grad with alpha = ln 10, reg = 0.5, half_reg = 0.25. */
function lossAndGrad(
  params: number[],
  nModels: number,
  matchups: number[][],
  features: number[][],
  outcomes: number[],
): [number, number[]] {
  const alpha = Math.log(10),
    reg = 0.5,
    halfReg = 0.25;
  let loss = halfReg * params.reduce((s, p) => s + p * p, 0);
  const grad = params.map((p) => reg * p);
  matchups.forEach(([a, b], i) => {
    let logit = alpha * (params[a] - params[b]);
    for (let f = 0; f < features[i].length; f++) logit += features[i][f] * params[nModels + f];
    const prob = 1 / (1 + Math.exp(-logit));
    loss -= Math.log(prob) * outcomes[i] + Math.log(1 - prob) * (1 - outcomes[i]);
    const error = outcomes[i] - prob;
    grad[a] -= alpha * error;
    grad[b] += alpha * error;
    features[i].forEach((x, f) => {
      grad[nModels + f] -= x * error;
    });
  });
  return [loss, grad];
}

/** Limited-memory BFGS (Nocedal & Wright, Algorithm 7.4, two-loop recursion) with an Armijo backtracking line search. */
function lbfgs(f: (x: number[]) => [number, number[]], x0: number[], gtol: number, maxIter = 3000): number[] {
  let x = x0.slice(),
    [fx, g] = f(x);
  const S: number[][] = [],
    Y: number[][] = [];
  const dot = (u: number[], v: number[]) => u.reduce((s, ui, i) => s + ui * v[i], 0);
  for (let it = 0; it < maxIter && Math.max(...g.map(Math.abs)) > gtol; it++) {
    const q = g.slice(),
      alphas: number[] = [];
    for (let i = S.length - 1; i >= 0; i--) {
      const a = dot(S[i], q) / dot(Y[i], S[i]);
      alphas[i] = a;
      for (let j = 0; j < q.length; j++) q[j] -= a * Y[i][j];
    }
    const gamma = S.length ? dot(S.at(-1)!, Y.at(-1)!) / dot(Y.at(-1)!, Y.at(-1)!) : 1 / Math.max(1, Math.max(...g.map(Math.abs)));
    for (let j = 0; j < q.length; j++) q[j] *= gamma;
    for (let i = 0; i < S.length; i++) {
      const b = dot(Y[i], q) / dot(Y[i], S[i]);
      for (let j = 0; j < q.length; j++) q[j] += S[i][j] * (alphas[i] - b);
    }
    const d = q.map((v) => -v),
      slope = dot(g, d);
    let t = 1,
      xn = x,
      fn = fx,
      gn = g;
    for (let k = 0; k < 60; k++) {
      xn = x.map((xi, j) => xi + t * d[j]);
      [fn, gn] = f(xn);
      if (fn <= fx + 1e-4 * t * slope) break;
      t /= 2;
    }
    const s = xn.map((v, j) => v - x[j]),
      y = gn.map((v, j) => v - g[j]);
    if (dot(s, y) > 1e-12) {
      S.push(s);
      Y.push(y);
      if (S.length > 10) {
        S.shift();
        Y.shift();
      }
    }
    x = xn;
    fx = fn;
    g = gn;
  }
  if (Math.max(...g.map(Math.abs)) > gtol) throw new Error('lbfgs: did not converge');
  return x;
}

function scaleAndOffset(ratings: number[], models: string[]): number[] {
  const scaled = ratings.map((r) => r * 400 + 1000);
  const baseline = models.indexOf('mixtral-8x7b-instruct-v0.1');
  return baseline < 0 ? scaled : scaled.map((s) => s + 1114 - scaled[baseline]);
}

function computeStyleControl(df: Battle[]) {
  const { matchups, features, outcomes, models } = preprocessForStyle(df);
  const params = lbfgs((p) => lossAndGrad(p, models.length, matchups, features, outcomes), new Array(models.length + 4).fill(0), 1e-4);
  const ratings = scaleAndOffset(params.slice(0, models.length), models);
  return { ratings: Object.fromEntries(models.map((m, k) => [m, ratings[k]])), params: params.slice(models.length) };
}

/** Battles with conv_metadata whose winner depends on strength and on length and bold (true style effects). */
function simulate(n: number, models: string[], strength: number[], random: Random): Battle[] {
  const verbosity = models.map((_, k) => 200 + 150 * k);
  const counts = (mean: number, keys: string[]) => Object.fromEntries(keys.map((key) => [key, Math.floor(random.next() * mean)]));
  return Array.from({ length: n }, (): Battle => {
    const a = Math.floor(random.next() * models.length);
    let b = Math.floor(random.next() * (models.length - 1));
    if (b >= a) b++;
    const ta = Math.floor(verbosity[a] * (0.3 + random.next())),
      tb = Math.floor(verbosity[b] * (0.3 + random.next()));
    const boldA = counts(a % 3 === 0 ? 6 : 2, ['**', '__']),
      boldB = counts(b % 3 === 0 ? 6 : 2, ['**', '__']);
    const nb = (c: Counts) => c['**'] + c['__'];
    const eta =
      (strength[a] - strength[b]) / 173.7 +
      (0.4 * ((ta - tb) / (ta + tb + 1))) / 0.35 +
      (0.1 * (nb(boldA) - nb(boldB))) / (nb(boldA) + nb(boldB) + 1);
    const u = random.next();
    const winner = u < 0.12 ? 'tie' : u < 0.16 ? 'tie (bothbad)' : random.next() < 1 / (1 + Math.exp(-eta)) ? 'model_a' : 'model_b';
    return {
      model_a: models[a],
      model_b: models[b],
      winner,
      conv_metadata: {
        sum_assistant_a_tokens: ta,
        sum_assistant_b_tokens: tb,
        header_count_a: counts(2, ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']),
        header_count_b: counts(2, ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']),
        list_count_a: counts(4, ['ordered', 'unordered']),
        list_count_b: counts(4, ['ordered', 'unordered']),
        bold_count_a: boldA,
        bold_count_b: boldB,
      },
    };
  });
}

/** The app's input: one weighted vote per distinct battle (a battle seen twice becomes weight 2), raw normalised differences. */
function appVotes(df: Battle[], models: string[]): StyleVotes {
  const sum = (c: Counts) => Object.values(c).reduce((s, v) => s + v, 0);
  const side = (m: Meta, s: 'a' | 'b') => [
    m[`sum_assistant_${s}_tokens`],
    sum(m[`header_count_${s}`]),
    sum(m[`list_count_${s}`]),
    sum(m[`bold_count_${s}`]),
  ];
  const rows = new Map<string, { battle: Battle; weight: number }>();
  for (const battle of df) {
    const key = JSON.stringify(battle);
    const seen = rows.get(key);
    if (seen) seen.weight++;
    else rows.set(key, { battle, weight: 1 });
  }
  const list = [...rows.values()];
  const code = { model_a: 0, model_b: 1, tie: 2, 'tie (bothbad)': 3 } as const;
  return {
    models,
    a: Int32Array.from(list, (r) => models.indexOf(r.battle.model_a)),
    b: Int32Array.from(list, (r) => models.indexOf(r.battle.model_b)),
    outcome: Uint8Array.from(list, (r) => code[r.battle.winner]),
    weight: Float64Array.from(list, (r) => r.weight),
    featureNames: ['tokens', 'headers', 'lists', 'bold'],
    features: [0, 1, 2, 3].map((f) =>
      Float64Array.from(list, ({ battle }) => {
        const x = side(battle.conv_metadata, 'a')[f],
          y = side(battle.conv_metadata, 'b')[f];
        return (x - y) / (x + y + 1);
      }),
    ),
  };
}

describe('style control against FastChat’s compute_style_control, re-derived', () => {
  const models = ['gpt-x', 'claude-y', 'mixtral-8x7b-instruct-v0.1', 'llama-z', 'gemma-w', 'qwen-v'];
  const strength = [1150, 1100, 1050, 1000, 980, 900];
  const base = simulate(5_000, models, strength, seededRandom(42));
  // Every 7th battle twice, as duplicated rows for FastChat and as weight 2 for the app.
  const df = [...base, ...base.filter((_, i) => i % 7 === 0)];

  it('gives every rating within 0.5 Elo (in fact within 0.001) of FastChat’s, with mixtral at 1114', () => {
    const reference = computeStyleControl(df);
    const fit = fitStyleControl(appVotes(df, [...models].sort()));
    expect(fit.anchor).toEqual({ model: 'mixtral-8x7b-instruct-v0.1', value: 1114 });
    let worst = 0;
    for (const row of fit.rows) worst = Math.max(worst, Math.abs(row.controlled! - reference.ratings[row.model]));
    console.log(`style control vs the FastChat re-derivation: largest rating difference ${worst.toExponential(2)} Elo`);
    expect(worst).toBeLessThan(0.001);
    fit.coefficients.forEach((c, f) => expect(c.logit!).toBeCloseTo(reference.params[f], 5));
    expect(fit.rows.find((r) => r.model === 'mixtral-8x7b-instruct-v0.1')!.controlled).toBeCloseTo(1114, 9);
  });

  it('recovers the planted length effect with a robust interval that covers it, and puts the rest near the truth', () => {
    const fit = fitStyleControl(appVotes(df, models));
    const tokens = fit.coefficients[0];
    expect(tokens.logit!).toBeGreaterThan(0.25);
    expect(tokens.eloLower!).toBeLessThan(tokens.eloPerSd!);
    expect(tokens.eloUpper!).toBeGreaterThan(tokens.eloPerSd!);
    for (const row of fit.rows) {
      if (row.model === 'mixtral-8x7b-instruct-v0.1') {
        expect(row.controlledLower).toBeNull();
        continue;
      }
      expect(row.controlledLower! < row.controlled! && row.controlled! < row.controlledUpper!).toBe(true);
    }
  });

  it('uses the caller’s anchor instead of FastChat’s baseline when given one, and 400·r + 1000 when told none', () => {
    const votes = appVotes(df, models);
    const fastchat = fitStyleControl(votes);
    const free = fitStyleControl(votes, { anchor: null });
    const mine = fitStyleControl(votes, { anchor: { model: 'gpt-x', value: 1200 } });
    const at = (fit: ReturnType<typeof fitStyleControl>, m: string) => fit.rows.find((r) => r.model === m)!.controlled!;
    expect(at(mine, 'gpt-x')).toBeCloseTo(1200, 9);
    // The penalty puts the free scale's mean at exactly 1000; anchors only shift it.
    expect(free.rows.reduce((s, r) => s + r.controlled!, 0) / models.length).toBeCloseTo(1000, 6);
    expect(at(fastchat, 'llama-z') - at(fastchat, 'qwen-v')).toBeCloseTo(at(mine, 'llama-z') - at(mine, 'qwen-v'), 9);
  });
});
