/**
 * rank --compare-with on llmfao's crowd and GPT-4 comparisons of the same pairs (test/fixtures/llmfao):
 * every figure must match the independent computation of ../sources/llmfao-reference.ts.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../../src/cli/rank.ts';
import { chooseKey } from '../../../src/cli/lib/compare-sources.ts';
import { LLMFAO_CROWD, LLMFAO_GPT4 } from '../../fixtures/paths.ts';
import { run, tempDir } from './helpers.ts';
import { readCsv, reference } from '../sources/llmfao-reference.ts';
import { MT_BENCH_GPT4, MT_BENCH_HUMAN, mtBenchReference } from '../sources/mt-bench-reference.ts';

interface Compared {
  matched_items: number;
  first: { items: number; unmatched_items: number };
  second: { items: number; unmatched_items: number };
  agreement: number;
  kappa: { value: number; lower: number; upper: number };
  confusion: { counts: number[][] };
  kendall_tau: { value: number; lower: number; upper: number };
  spearman_rho: { value: number; lower: number; upper: number };
  models: { model: string; first_rating: number; second_rating: number; difference: number }[];
  disagreements: { key: string; model_a: string; model_b: string; first: { verdict: string }; second: { verdict: string } }[];
}

async function compare(first: string, second: string, ...more: string[]): Promise<Compared> {
  const r = await run(main, first, '--compare-with', second, '--json', '--bootstrap', '40', ...more);
  expect(r.stderr).not.toMatch(/^rank:/m);
  expect(r.code).toBe(0);
  return JSON.parse(r.stdout);
}

const dir = tempDir();

describe('rank --compare-with on llmfao (crowd vs GPT-4 on the same pairs)', () => {
  const crowdRows = readCsv(LLMFAO_CROWD),
    gpt4Rows = readCsv(LLMFAO_GPT4);
  const ref = reference(crowdRows, gpt4Rows);

  it('reproduces the matched count, agreement, κ, confusion, both boards and τ of an independent computation', async () => {
    const out = await compare(LLMFAO_CROWD, LLMFAO_GPT4);
    expect(ref.n).toBe(2139); // every GPT-4 pair has crowd votes
    expect(out.matched_items).toBe(ref.n);
    expect([out.first.unmatched_items, out.second.unmatched_items]).toEqual([0, 0]);
    expect(out.confusion.counts).toEqual(ref.table);
    expect(out.agreement).toBeCloseTo(ref.agreement, 6);
    expect(out.kappa.value).toBeCloseTo(ref.kappa, 6);
    expect(out.kappa.lower).toBeLessThan(ref.kappa);
    expect(out.kappa.upper).toBeGreaterThan(ref.kappa);
    for (const m of out.models) {
      expect(Math.abs(m.first_rating - ref.crowd.get(m.model)!), m.model).toBeLessThan(0.05);
      expect(Math.abs(m.second_rating - ref.gpt4.get(m.model)!), m.model).toBeLessThan(0.05);
    }
    expect(out.models).toHaveLength(59);
    expect(out.kendall_tau.value).toBeCloseTo(ref.tau, 6);
    expect(out.kendall_tau.lower).toBeLessThanOrEqual(out.kendall_tau.upper);
    expect(out.spearman_rho.value).toBeGreaterThan(out.kendall_tau.value); // ρ > τ for a positive association this strong
    expect(out.disagreements).toHaveLength(Math.round(ref.disagreements));
    for (const d of out.disagreements) expect(d.first.verdict).not.toBe(d.second.verdict);
  });

  it('finds the same figures when the judge file seats every pair the other way round', async () => {
    // Swap left and right (and the verdicts with them): the same judgements in the other orientation.
    const swap: Record<string, string> = { left: 'right', right: 'left', tie: 'tie' };
    const lines = gpt4Rows.map((r) => [r.id, r.prompt, r.model_y, r.model_x, swap[r.winner], r.right, r.left].join(','));
    const swapped = join(dir, 'gpt4-swapped.csv');
    writeFileSync(swapped, ['id,prompt,model_x,model_y,winner,left,right', ...lines].join('\n') + '\n');
    const out = await compare(LLMFAO_CROWD, swapped, '--match-key', 'pair+prompt');
    expect(out.matched_items).toBe(ref.n);
    expect(out.confusion.counts).toEqual(ref.table);
    expect(out.kappa.value).toBeCloseTo(ref.kappa, 6);
    expect(out.kendall_tau.value).toBeCloseTo(ref.tau, 6);
  });

  it('names a missing key column and refuses options of the board', async () => {
    const missing = await run(main, LLMFAO_CROWD, '--compare-with', LLMFAO_GPT4, '--match-key', 'worker');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/gpt4-crowd-comparisons\.csv has no column "worker"/);
    const other = await run(main, LLMFAO_CROWD, '--compare-with', LLMFAO_GPT4, '--where', 'prompt=8');
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/--where cannot be used with --compare-with/);
  });
});

describe('rank --compare-with on the MT-Bench samples (experts vs GPT-4 on every pair, question and turn)', () => {
  it('proposes the pair, the question and the turn as the key, and reproduces an independent computation', async () => {
    const ref = await mtBenchReference();
    const r = await run(main, MT_BENCH_HUMAN, '--compare-with', MT_BENCH_GPT4, '--json', '--bootstrap', '40');
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('by model pair + question_id + turn (proposed; --match-key pair+question_id+turn)');
    const out = JSON.parse(r.stdout) as Compared;
    expect(out.matched_items).toBe(ref.n);
    // Every item people voted on has GPT-4's verdict; GPT-4 judged every item, some no one voted on.
    expect([out.first.unmatched_items, out.second.unmatched_items]).toEqual([0, 2400 - ref.n]);
    expect(out.confusion.counts).toEqual(ref.table);
    expect(out.agreement).toBeCloseTo(ref.agreement, 6);
    expect(out.kappa.value).toBeCloseTo(ref.kappa, 6);
    expect(out.kendall_tau.value).toBeCloseTo(ref.tau, 6);
    for (const m of out.models) {
      expect(Math.abs(m.first_rating - ref.crowd.get(m.model)!), m.model).toBeLessThan(0.05);
      expect(Math.abs(m.second_rating - ref.gpt4.get(m.model)!), m.model).toBeLessThan(0.05);
    }
    // The judge's planted liking for its own family: it rates both tessera models higher than people do.
    const change = Object.fromEntries(out.models.map((m) => [m.model, m.difference]));
    expect(change['tessera-4']).toBeGreaterThan(50);
    expect(change['tessera-3.5-turbo']).toBeGreaterThan(30);
    expect(out.disagreements[0].key).toMatch(/^\d+ · [12]$/); // "question · turn", as the page shows it
  });

  it('reads --match-key against the columns both files have, the same way for both', () => {
    const names: [string, string] = ['one.csv', 'two.csv'];
    const columns = ['question_id', 'turn', 'judge'];
    expect(chooseKey(columns, columns, 'pair+question_id+turn', names)).toEqual({ columns: ['question_id', 'turn'], withPair: true });
    // One file has a column named "a+b", the other "a" and "b": the key would mean different things.
    expect(() => chooseKey(['a+b'], ['a', 'b'], 'a+b', names)).toThrow(/one\.csv and two\.csv do not read "a\+b" as the same columns/);
  });

  it('by the question alone, says every question holds several pairs and matches nothing', async () => {
    const r = await run(main, MT_BENCH_HUMAN, '--compare-with', MT_BENCH_GPT4, '--match-key', 'question_id');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('80 keys with several model pairs left out');
    const missing = await run(main, MT_BENCH_HUMAN, '--compare-with', MT_BENCH_GPT4, '--match-key', 'pair+question_id+round');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/mt-bench-human\.parquet has no column "round"/);
  });
});
