import { beforeAll, describe, expect, it } from 'vitest';
import {
  boardTables,
  bootstrapRatings,
  bootstrapTables,
  PRIOR_VOTES,
  RatingBootstrap,
  roundStarts,
} from '../../../src/core/stats/bootstrap.ts';
import { fitDavidson } from '../../../src/core/stats/davidson.ts';
import { bradleyTerryLikelihood, fitBradleyTerry } from '../../../src/core/stats/bradley-terry.ts';
import { choleskySolve } from '../../../src/core/stats/cholesky.ts';
import type { RatingFit } from '../../../src/core/stats/fit-groups.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import { ELO_PER_NAT } from '../../../src/core/stats/pair-table.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { countsOf, loadArenaCounts, randomRatings, simulateVotes } from './fixtures.ts';

describe('bootstrap intervals on simulated data', () => {
  it('cover the true ratings about 95% of the time', () => {
    let covered = 0,
      total = 0,
      rankCovered = 0;
    for (let run = 0; run < 100; run++) {
      const truth = randomRatings(10, 100, 1000 + run);
      const mean = truth.reduce((s, r) => s + r, 0) / truth.length;
      const counts = simulateVotes(truth, 3000, seededRandom(run));
      const fit = fitBradleyTerry(counts);
      const intervals = bootstrapRatings(fit, undefined, { rounds: 200, seed: run });
      const trueRank = truth.map((r) => 1 + truth.filter((s) => s > r).length);
      truth.forEach((r, k) => {
        const centred = r - mean + 1000;
        if (intervals.lower[k]! <= centred && centred <= intervals.upper[k]!) covered++;
        if (intervals.rankLower[k]! <= trueRank[k] && trueRank[k] <= intervals.rankUpper[k]!) rankCovered++;
        total++;
      });
    }
    console.log(
      `bootstrap 95% interval coverage: ${((100 * covered) / total).toFixed(1)}% of ${total} model-runs; rank intervals ${((100 * rankCovered) / total).toFixed(1)}%`,
    );
    expect(covered / total).toBeGreaterThanOrEqual(0.92);
    expect(covered / total).toBeLessThanOrEqual(0.98);
  });
});

describe('RatingBootstrap', () => {
  const counts = simulateVotes(randomRatings(6, 120, 5), 2000, seededRandom(5), 0.3);
  const fit = fitBradleyTerry(counts);

  it('is reproducible from its seed and differs across seeds', () => {
    const first = bootstrapRatings(fit, undefined, { rounds: 150, seed: 42 });
    expect(bootstrapRatings(fit, undefined, { rounds: 150, seed: 42 })).toEqual(first);
    expect(bootstrapRatings(fit, undefined, { rounds: 150, seed: 43 }).lower).not.toEqual(first.lower);
  });

  it('gives the same intervals whatever the chunk sizes, and reports partial intervals in between', () => {
    const whole = bootstrapRatings(fit, undefined, { rounds: 300, seed: 9 });
    const run = new RatingBootstrap(fit, undefined, { rounds: 300, seed: 9 });
    expect(run.intervals().lower.every((v) => v === null)).toBe(true);
    expect(run.runRounds(100)).toBe(100);
    const partial = run.intervals();
    expect(partial.roundsDone).toBe(100);
    expect(partial.lower.every((v) => v !== null)).toBe(true);
    while (!run.finished) run.runRounds(37);
    expect(run.runRounds(10)).toBe(0);
    expect(run.intervals()).toEqual(whole);
  });

  it('gives the same intervals, draws and pairwise shares when rounds are handed to another runner and absorbed', () => {
    const whole = new RatingBootstrap(fit, undefined, { rounds: 300, seed: 9 });
    whole.runRounds(300);
    const split = new RatingBootstrap(fit, undefined, { rounds: 300, seed: 9 });
    // A helper: its own bootstrap of the same fit, seed and rounds, running only what it is handed.
    const helper = new RatingBootstrap(fit, undefined, { rounds: 300, seed: 9 });
    const lost = split.claim(25)!;
    expect(lost).toEqual({ from: 275, count: 25 });
    split.runRounds(60);
    for (let range = split.claim(40); range; range = split.claim(40)) {
      if (range.from < 150) {
        split.release(range);
        break;
      }
      split.absorb(helper.runRange(range.from, range.count));
      split.runRounds(20);
    }
    // The helper stopped: what it was handed and never returned is run here.
    split.release(lost);
    for (let chunk = 0; chunk < 20 && !split.finished; chunk++) split.runRounds(33);
    expect(split.roundsDone).toBe(300);
    expect(split.intervals()).toEqual(whole.intervals());
    expect(split.pairwiseAbove()).toEqual(whole.pairwiseAbove());
    const drawsWhole = Array.from(whole.drawsOf(0)!).sort();
    expect(Array.from(split.drawsOf(0)!).sort()).toEqual(drawsWhole);
  });

  it("reads pairwise shares again only when rounds have changed: read part-way, then finished, they are a fresh run's", () => {
    const whole = new RatingBootstrap(fit, undefined, { rounds: 120, seed: 4 });
    whole.runRounds(120);
    const read = new RatingBootstrap(fit, undefined, { rounds: 120, seed: 4 });
    read.runRounds(40);
    const early = read.pairwiseAbove();
    expect(read.pairwiseAbove()).toEqual(early);
    read.runRounds(80);
    expect(read.pairwiseAbove()).toEqual(whole.pairwiseAbove());
    expect(read.pairwiseAbove()).not.toEqual(early);
  });

  it('brackets the full-data rating, which stays the displayed one', () => {
    const intervals = bootstrapRatings(fit, undefined, { rounds: 200, seed: 1 });
    fit.ratings.forEach((r, k) => {
      expect(intervals.lower[k]!).toBeLessThan(r!);
      expect(intervals.upper[k]!).toBeGreaterThan(r!);
    });
  });

  it('gives every model of a fragile group a finite interval, from the same prior in every round, never giving up', () => {
    // One decisive vote each way between x and y: about 60% of resamples lose one of them, so
    // without a rule those rounds have no finite maximum-likelihood rating.
    const fragile = fitBradleyTerry(
      countsOf(
        ['x', 'y', 'z'],
        [
          [0, 1, 0, 1],
          [0, 1, 1, 1],
          [1, 2, 0, 30],
          [1, 2, 1, 30],
        ],
      ),
    );
    const intervals = bootstrapRatings(fragile, undefined, { rounds: 100, seed: 2 });
    for (const bound of [intervals.lower, intervals.upper, intervals.rankLower, intervals.rankUpper])
      expect(bound.every((v) => v !== null && Number.isFinite(v))).toBe(true);
    expect(intervals.warnings).toEqual([]);
    expect(new RatingBootstrap(fragile).priorVotes).toBe(PRIOR_VOTES);
  });

  it('pulls a model towards the middle by about the prior votes over its own votes', () => {
    // 60 votes, 40 won: the maximum-likelihood gap is log 2; one virtual vote moves it by about 1/60 of it.
    const pair = fitBradleyTerry(
      countsOf(
        ['x', 'y'],
        [
          [0, 1, 0, 40],
          [0, 1, 1, 20],
        ],
      ),
    );
    const usual = bootstrapRatings(pair, undefined, { rounds: 400, seed: 3 });
    const none = bootstrapRatings(pair, undefined, { rounds: 400, seed: 3, priorVotes: 1e-9 });
    const gap = (b: typeof usual) => (b.lower[0]! + b.upper[0]!) / 2 - 1000;
    const shrink = 1 - gap(usual) / gap(none);
    expect(shrink).toBeGreaterThan(0.2 / 60);
    expect(shrink).toBeLessThan(3 / 60);
  });

  it('leaves excluded models without an interval', () => {
    const withChamp = fitBradleyTerry(
      countsOf(
        ['champ', 'x', 'y'],
        [
          [0, 1, 0, 3],
          [1, 2, 0, 5],
          [1, 2, 1, 4],
        ],
      ),
    );
    const intervals = bootstrapRatings(withChamp, undefined, { rounds: 50 });
    expect(intervals.lower[0]).toBeNull();
    expect(intervals.rankUpper[0]).toBeNull();
    expect(intervals.lower[1]).not.toBeNull();
  });
});

describe("a bootstrap's tables and starts built elsewhere (a helper thread's)", () => {
  // Two groups (p q r, s t u), a model that never lost and one that never won: every case the groups' pairs differ from all pairs.
  const counts = countsOf(
    ['champ', 'p', 'q', 'r', 's', 't', 'u', 'loser'],
    [
      [0, 1, 0, 5],
      [2, 0, 1, 3],
      [1, 2, 0, 40],
      [1, 2, 1, 31],
      [1, 2, 2, 9],
      [2, 3, 0, 22],
      [2, 3, 1, 25],
      [3, 1, 0, 12],
      [3, 1, 1, 17],
      [3, 1, 3, 4],
      [4, 5, 0, 60],
      [4, 5, 1, 52],
      [5, 6, 0, 13],
      [5, 6, 1, 19],
      [6, 4, 2, 7],
      [6, 4, 0, 8],
      [6, 4, 1, 3],
      [3, 7, 0, 6],
      [7, 2, 1, 2],
    ],
  );

  it("builds from the counts alone the tables a fit's groups give, Bradley-Terry's and Davidson's", () => {
    for (const fit of [fitBradleyTerry(counts), fitDavidson(counts)]) {
      expect(fit.groups).toHaveLength(2);
      expect(fit.excluded.filter((e) => e !== null)).toHaveLength(2);
      expect(boardTables(counts)).toEqual(bootstrapTables(fit.groups.map((g) => g.table)));
    }
  });

  it('gives the same rounds with tables and starts handed over (copied, as a message copies them) as with its own', () => {
    const fit = fitBradleyTerry(counts);
    const own = new RatingBootstrap(fit, undefined, { rounds: 80, seed: 4 });
    own.runRounds(80);
    const given = new RatingBootstrap(structuredClone(fit), undefined, {
      rounds: 80,
      seed: 4,
      tables: structuredClone(boardTables(counts)),
      starts: structuredClone(roundStarts(fit, bradleyTerryLikelihood)),
    });
    given.runRounds(80);
    expect(given.intervals()).toEqual(own.intervals());
    expect(given.pairwiseAbove()).toEqual(own.pairwiseAbove());
  });
});

describe('bootstrap on the Chatbot Arena counts', () => {
  let counts: PairCounts;
  let fit: RatingFit;
  beforeAll(async () => {
    counts = await loadArenaCounts();
    fit = fitBradleyTerry(counts);
  });

  it('stops each round early enough to be cheap and late enough that no interval moves by a hundredth of the 0.1 Elo shown', () => {
    // Reference: the same rounds solved to 1e-10 nat. The default stop (1e-4 nat per step) leaves a few thousandths of an Elo.
    const run = (stepTolerance?: number) => {
      const b = new RatingBootstrap(fit, undefined, { rounds: 150, seed: 5, stepTolerance });
      b.runRounds(Infinity);
      return b.intervals();
    };
    const exact = run(1e-10),
      usual = run();
    let worst = 0;
    fit.models.forEach((_, k) => {
      if (exact.lower[k] === null) return;
      worst = Math.max(worst, Math.abs(exact.lower[k]! - usual.lower[k]!), Math.abs(exact.upper[k]! - usual.upper[k]!));
    });
    expect(worst).toBeLessThan(0.001);
    expect(usual.rankLower).toEqual(exact.rankLower);
    expect(usual.rankUpper).toEqual(exact.rankUpper);
  });

  it('agrees with the sandwich (robust) standard errors, since a tie is a less variable vote than a coin flip', () => {
    // Huber (1967) / White (1982): Cov θ̂ ≈ H⁻¹ J H⁻¹, J the empirical variance of the score. The model-based
    // H⁻¹ alone overstates the spread by ~20% here, as a tie (a score of exactly ½) has no variance.
    const { factor, members, table, x } = fit.groups[0];
    const m = members.length;
    const hInverse = new Float64Array(m * m);
    for (let c = 0; c < m - 1; c++) {
      const e = new Float64Array(m);
      e[c] = 1;
      choleskySolve(factor, m, e);
      e[m - 1] = 0;
      hInverse.set(e, c * m);
    }
    const j = new Float64Array(m * m);
    for (let p = 0; p < table.i.length; p++) {
      const a = table.i[p],
        b = table.j[p];
      const prob = 1 / (1 + Math.exp(x[b] - x[a]));
      const v = table.winsI[p] * (1 - prob) ** 2 + table.winsJ[p] * prob ** 2 + table.ties[p] * (0.5 - prob) ** 2;
      j[a * m + a] += v;
      j[b * m + b] += v;
      j[a * m + b] -= v;
      j[b * m + a] -= v;
    }
    const product = (l: Float64Array, r: Float64Array) => {
      const out = new Float64Array(m * m);
      for (let i = 0; i < m; i++)
        for (let k = 0; k < m; k++) {
          const lik = l[i * m + k];
          if (lik !== 0) for (let c = 0; c < m; c++) out[i * m + c] += lik * r[k * m + c];
        }
      return out;
    };
    const cov = product(product(hInverse, j), hInverse);
    // Var(θ_k − mean θ) = Σ_kk − 2·mean_j Σ_kj + mean_jl Σ_jl.
    const rowMean = Array.from({ length: m }, (_, k) => cov.subarray(k * m, (k + 1) * m).reduce((s, v) => s + v, 0) / m);
    const grand = rowMean.reduce((s, v) => s + v, 0) / m;
    const intervals = bootstrapRatings(fit, undefined, { rounds: 1000, seed: 11 });
    const ratios = Array.from({ length: m }, (_, k) => {
      const se = ELO_PER_NAT * Math.sqrt(cov[k * m + k] - 2 * rowMean[k] + grand);
      return (intervals.upper[members[k]]! - intervals.lower[members[k]]!) / (2 * 1.96 * se);
    });
    const sorted = [...ratios].sort((p, q) => p - q);
    console.log(
      `bootstrap / sandwich interval width: min ${sorted[0].toFixed(3)}, median ${sorted[m >> 1].toFixed(3)}, max ${sorted[m - 1].toFixed(3)}`,
    );
    ratios.forEach((r) => expect(Math.abs(r - 1)).toBeLessThan(0.15));
    expect(Math.abs(sorted[m >> 1] - 1)).toBeLessThan(0.03);
  });
});
