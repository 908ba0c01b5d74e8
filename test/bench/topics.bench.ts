/**
 * Time to the first topics on the 100k shape: `npx tsx test/bench/topics.bench.ts [prompts]`.
 * 80,000 prompts (default) with planted topics of six languages, 20–120 words each (a few hundred
 * characters, as the LMArena 100k's first user turns), clustered as the topics worker does it
 * (core/topics/cluster.ts), in Node on one core: wall time and CPU time of each stage, median of 3.
 * Then a prompt's leaderboard's part of it: the file's prompts placed once in the prompt index
 * (as its worker does), and the nearest 500 of a pasted prompt, median of 5 prompts.
 * Prints figures; asserts nothing about time.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { clusterTopics } from '../../src/core/topics/cluster.ts';
import { adjustedRand } from '../../src/core/stats/adjusted-rand.ts';
import { FILLER, REAL_VOCABULARIES, plantedPrompts } from '../unit/topics/planted.ts';
import { isEntry } from '../../src/cli/lib/run.ts';
import { nearestBattles } from '../../src/core/topics/nearest.ts';
import { promptVectors, TOPIC_DIMS } from '../../src/core/topics/vectors.ts';

export function runTopicsBench(prompts = 80000, log: (line: string) => void = console.log): void {
  const vocabularies = Object.values(REAL_VOCABULARIES);
  const perTopic = Math.round(prompts / vocabularies.length);
  // Three lengths of prompt: short, medium, long.
  const parts = [
    plantedPrompts(vocabularies, FILLER, perTopic / 3, 1, 4, 16),
    plantedPrompts(vocabularies, FILLER, perTopic / 3, 2, 8, 40),
    plantedPrompts(vocabularies, FILLER, perTopic / 3, 3, 12, 100),
  ];
  const texts = parts.flatMap((p) => p.texts);
  const truth = Int32Array.from(parts.flatMap((p) => Array.from(p.truth)));
  const chars = texts.reduce((s, t) => s + t.length, 0);
  log(
    `topics: ${texts.length.toLocaleString('en-US')} prompts, ${Math.round(chars / texts.length)} characters on average; ${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`,
  );
  const runs: { wall: number; cpu: number; first: number; ari: number }[] = [];
  for (let r = 0; r < 3; r++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    let first = 0;
    const model = clusterTopics(texts, {
      seed: 1,
      onProgress: (stage, done) => {
        // The broad topics are known once the sub-topics start.
        if (stage === 'sub-topics' && done === 0 && !first) first = performance.now() - t0;
      },
    });
    const cpu = process.cpuUsage(c0);
    runs.push({ wall: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000, first, ari: adjustedRand(model.top, truth) });
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1];
  log(
    `topics: broad topics after ${(median(runs.map((x) => x.first)) / 1000).toFixed(1)} s, all (two levels, labels) ${(median(runs.map((x) => x.wall)) / 1000).toFixed(1)} s wall, ${(median(runs.map((x) => x.cpu)) / 1000).toFixed(1)} s CPU (median of 3); ARI vs planted ${runs[0].ari.toFixed(3)}; load at end ${loadavg()[0].toFixed(1)}`,
  );
  const i0 = performance.now();
  const ic0 = process.cpuUsage();
  const index = { vectors: promptVectors(texts, TOPIC_DIMS), rowIds: Int32Array.from(texts, (_, i) => i) };
  const indexed = performance.now() - i0;
  const indexCpu = process.cpuUsage(ic0);
  const queries = vocabularies.slice(0, 5).map((v) => `${v.slice(0, 4).join(' ')} ${FILLER.slice(0, 6).join(' ')}`);
  const times = queries.map((q) => {
    const q0 = performance.now();
    nearestBattles(index, q, { k: 500 });
    return performance.now() - q0;
  });
  log(
    `topics: a prompt's board: ${texts.length.toLocaleString('en-US')} prompts indexed in ${(indexed / 1000).toFixed(1)} s wall, ${((indexCpu.user + indexCpu.system) / 1e6).toFixed(1)} s CPU, then the nearest 500 in ${[...times].sort((a, b) => a - b)[2].toFixed(0)} ms (median of 5 prompts); load ${loadavg()[0].toFixed(1)}`,
  );
}

if (isEntry(import.meta.url)) runTopicsBench(Number(process.argv[2] ?? 80000));
