import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { main } from '../../../src/cli/rank.ts';
import { METHOD_NAMES } from '../../../src/core/stats/method-compare.ts';
import { evalicaGolden, evalicaRtol, evalicaVotes } from '../audit/evalica-data.ts';
import { STATIC, run, tempDir, write } from './helpers.ts';

const dir = tempDir();
const ARENA = join(STATIC, 'chatbot-arena-20240814-counts.parquet');

/** evalica's llmfao comparisons as a Chatbot Arena style vote file, in their order. */
function llmfaoFile(): string {
  const { counts, votes } = evalicaVotes('llmfao');
  const label = ['model_a', 'model_b', 'tie'];
  const quote = (s: string) => `"${s.replaceAll('"', '""')}"`;
  const lines = ['model_a,model_b,winner'];
  for (let v = 0; v < votes.a.length; v++)
    lines.push(`${quote(counts.models[votes.a[v]])},${quote(counts.models[votes.b[v]])},${label[votes.outcome[v]]}`);
  return write(dir, 'llmfao.csv', lines.join('\n') + '\n');
}

describe('rank --method', () => {
  const file = llmfaoFile();
  const golden = evalicaGolden('llmfao');

  it.each([...METHOD_NAMES])("%s --json equals evalica's golden values on llmfao, read as a vote file", async (method) => {
    const r = await run(main, file, '--method', method, '--json');
    expect(r.stderr).not.toMatch(/^rank:/m);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { method: string; definition: string; models: { rank: number; model: string; score: number }[] };
    expect(out.method).toBe(method);
    expect(out.models).toHaveLength(59);
    for (const { model, score } of out.models) {
      const want = golden.get(method)!.get(model)!;
      expect(Math.abs(score - want), `${method} ${model}`).toBeLessThanOrEqual(1e-8 + evalicaRtol(method) * Math.abs(want));
    }
    expect(out.models[0].rank).toBe(1);
  });

  it('prints a text table with the definition, and refuses Elo on pre-aggregated counts', async () => {
    const text = await run(main, file, '--method', 'pagerank');
    expect(text.stdout).toMatch(/^pagerank: .*damping 0\.85/);
    expect(text.stdout).toMatch(/rank\s+model\s+score/);
    const elo = await run(main, ARENA, '--method', 'elo');
    expect(elo.code).toBe(2);
    expect(elo.stderr).toMatch(/--method elo needs the votes in order/);
  });

  it('rejects an unknown method, --pair without --audit and --audit with --csv', async () => {
    expect((await run(main, ARENA, '--method', 'glicko')).stderr).toMatch(/--method must be one of counting, average-win-rate/);
    expect((await run(main, ARENA, '--pair', 'a vs b')).stderr).toMatch(/--pair goes with --audit/);
    expect((await run(main, ARENA, '--audit', '--csv')).stderr).toMatch(/--audit prints text or --json/);
    expect((await run(main, ARENA, '--audit', '--pair', 'ab')).stderr).toMatch(/--pair must be "MODEL vs MODEL"/);
  });
});

describe('rank --audit on the 1.67M Chatbot Arena battles', () => {
  it('--json: the #1 vs #2 flip, a chosen pair, diagnostics and the methods', async () => {
    const r = await run(main, ARENA, '--audit', '--json', '--trials', '10', '--folds', '3', '--pair', 'gpt-4-0613 vs claude-2.0');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.votes).toBe(1_670_250);
    expect(out.group).toHaveLength(129);
    const [top] = out.fragility;
    expect(top).toMatchObject({ kind: 'top', above: out.group[0], below: out.group[1], rankAbove: 1, rankBelow: 2 });
    expect(top.flip.size).toBeGreaterThan(0);
    expect(top.flip.gapAfter).toBeLessThan(0);
    expect(top.random).toMatchObject({ size: top.flip.size, trials: 10 });
    const chosen = out.fragility.at(-1);
    expect(chosen.kind).toBe('chosen');
    expect([chosen.above, chosen.below].sort()).toEqual(['claude-2.0', 'gpt-4-0613']);
    expect(out.diagnostics.folds).toBe(3);
    expect(out.diagnostics.fits.map((f: { model: string }) => f.model)).toEqual(['bradley-terry', 'davidson', 'rao-kupper']);
    expect(out.methods.order).toEqual(['counting', 'average-win-rate', 'bradley-terry', 'eigenvector', 'pagerank', 'newman']);
    expect(out.methods.missing[0].method).toBe('elo');
    expect(out.methods.kendall_tau).toHaveLength(6);
    expect(out.provenance.file).toBe('chatbot-arena-20240814-counts.parquet');
  });

  it('names a pair whose model is not rated', async () => {
    const r = await run(main, ARENA, '--audit', '--trials', '0', '--pair', 'gpt-4-0613 vs no-such-model');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(/"no-such-model" is not among the 129 models/);
  });
});
