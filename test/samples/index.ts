/** Writes every sample file, the default sample's pre-aggregated counts, expected.json and README.md. */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Db, lit } from './db.ts';
import { Rng } from './rng.ts';
import type { SampleEntry } from './summary.ts';
import * as conversations from './conversations.ts';
import * as lmarena100k from './lmarena-100k.ts';
import * as lmarena140k from './lmarena-140k.ts';
import * as lmarena55k from './lmarena-55k.ts';
import * as comparag from './comparag.ts';
import * as comparia from './comparia.ts';
import * as frenchMaxx from './french-maxx.ts';
import * as genrm from './genrm.ts';
import * as verdicts from './verdicts.ts';
import * as pairCounts from './pair-counts.ts';
import * as mtBench from './mt-bench.ts';
import { readme } from './readme.ts';

export const SEED = 20240601;
export const COUNTS_FILE = 'arena-conversations.counts.json';
/** The real Chatbot Arena counts (copied as published, not generated) and their cells as the page's first board reads them. */
export const REAL_COUNTS = 'chatbot-arena-20240814-counts.parquet';
export const REAL_COUNTS_JSON = 'chatbot-arena-20240814-counts.counts.json';
const STATIC_DATA = join(import.meta.dirname, '../../static-data');

/**
 * Generators in the order they are listed, each with its own slot: its random generator is seeded with
 * SEED + 1000 × slot, so a sample's bytes do not depend on the others (slots 1, 4 and 8 keep the
 * conversations, comparIA and pair-counts samples as they were).
 */
export const GENERATORS = [
  { slot: 1, module: conversations },
  { slot: 2, module: lmarena100k },
  { slot: 10, module: lmarena140k },
  { slot: 9, module: lmarena55k },
  { slot: 3, module: comparag },
  { slot: 4, module: comparia },
  { slot: 5, module: frenchMaxx },
  { slot: 6, module: genrm },
  { slot: 7, module: verdicts },
  { slot: 11, module: mtBench.human },
  { slot: 12, module: mtBench.gpt4Pair },
  { slot: 8, module: pairCounts },
];
export const SAMPLE_FILES = GENERATORS.map((g) => g.module.FILE);

/**
 * A sample aggregated per (model_a, model_b, outcome), model indices into the sorted model list;
 * `weight` names a count column (pre-aggregated rows), else each row is one vote.
 */
async function countsJson(db: Db, path: string, weight?: string): Promise<{ text: string; votes: number; cells: number }> {
  const src = `read_parquet(${lit(path)})`;
  const models = (
    await db.all(`SELECT DISTINCT m FROM (SELECT model_a AS m FROM ${src} UNION ALL SELECT model_b FROM ${src}) ORDER BY m`)
  ).map((r) => String(r.m));
  const cells = (
    await db.all(`WITH m AS (SELECT m, CAST(row_number() OVER (ORDER BY m) - 1 AS INTEGER) AS i FROM
      (SELECT DISTINCT model_a AS m FROM ${src} UNION SELECT model_b FROM ${src}))
    SELECT ma.i AS a, mb.i AS b, CAST(CASE winner WHEN 'model_a' THEN 0 WHEN 'model_b' THEN 1 WHEN 'tie' THEN 2
      WHEN 'tie (bothbad)' THEN 3 END AS INTEGER) AS o, CAST(${weight ? `sum(${weight})` : 'count(*)'} AS INTEGER) AS n
    FROM ${src} s JOIN m ma ON s.model_a = ma.m JOIN m mb ON s.model_b = mb.m GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`)
  ).map((r) => [Number(r.a), Number(r.b), Number(r.o), Number(r.n)]);
  const text = `{"models": ${JSON.stringify(models)},\n "cells": [\n${cells.map((c) => `  ${JSON.stringify(c)}`).join(',\n')}\n]}\n`;
  return { text, votes: cells.reduce((s, c) => s + c[3]!, 0), cells: cells.length };
}

function sha256(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

export async function generateSamples(outDir: string, log: (s: string) => void = () => {}): Promise<void> {
  mkdirSync(outDir, { recursive: true });
  const db = await Db.open();
  try {
    const samples: Record<string, unknown> = {};
    const entries: SampleEntry[] = [];
    for (const { slot, module: g } of GENERATORS) {
      const t0 = Date.now();
      const path = join(outDir, g.FILE);
      const e = await g.generate(db, new Rng(SEED + 1000 * slot), path);
      entries.push(e);
      const { summary, ...rest } = e;
      samples[e.file] = {
        preset: rest.preset,
        source: g.SOURCE,
        format: e.file.split('.').pop(),
        bytes: statSync(path).size,
        sha256: sha256(path),
        ...summary,
        true_ratings: rest.true_ratings,
        planted: rest.planted,
        ...(rest.notes ? { notes: rest.notes } : {}),
      };
      log(`${g.FILE.padEnd(30)} ${String(statSync(path).size).padStart(9)} bytes  ${summary.rows} rows  ${Date.now() - t0} ms`);
    }
    const counts = await countsJson(db, join(outDir, conversations.FILE));
    writeFileSync(join(outDir, COUNTS_FILE), counts.text);
    log(`${COUNTS_FILE.padEnd(30)} ${String(counts.text.length).padStart(9)} bytes  ${counts.cells} cells`);
    // The first visit's board is fitted from these while the parquet is counted (no parquet engine to start first).
    const real = await countsJson(db, join(STATIC_DATA, REAL_COUNTS), 'count');
    writeFileSync(join(outDir, REAL_COUNTS_JSON), real.text);
    log(`${REAL_COUNTS_JSON.padEnd(30)} ${String(real.text.length).padStart(9)} bytes  ${real.cells} cells`);
    const expected = {
      version: 1,
      seed: SEED,
      generated_by: 'npm run samples (test/samples/generate.ts); do not edit by hand',
      conventions: {
        outcome_codes: { a: 0, b: 1, tie: 2, both_bad: 3 },
        rows: 'all rows in the file',
        votes: 'sum of weights (1 per row, or the count column) over usable rows',
        models: 'distinct models among usable rows',
        outcomes: 'weighted outcome counts among usable rows',
        rejected:
          "rows set aside, by the page's reason (REJECT_REASONS in src/core/sql/battles.ts), checked in this order: 'no rejected answer' (a side that needs a column is empty), 'null model', 'model against itself', 'not exactly one winner column set' (one-hot winners), 'null winner', 'unknown winner label \"x\"', 'invalid weight'",
        preset: 'the preset the page detects (detectPreset in src/core/schema/detect.ts)',
        source: 'the published dataset whose exact columns (names, order, types) the sample has; its content is invented',
        true_ratings:
          'Elo scale (400 points per factor of 10 in odds), mean 1000; P(A beats B) = 1/(1+10^((Rb-Ra)/400)) for votes that are not tie / both_bad',
      },
      default_sample: conversations.FILE,
      derived: {
        [COUNTS_FILE]: { from: conversations.FILE, cells: counts.cells, votes: counts.votes, bytes: counts.text.length },
        [REAL_COUNTS_JSON]: { from: REAL_COUNTS, cells: real.cells, votes: real.votes, bytes: real.text.length },
      },
      samples,
    };
    writeFileSync(join(outDir, 'expected.json'), JSON.stringify(expected, null, 2) + '\n');
    writeFileSync(join(outDir, 'README.md'), readme(entries, samples as Record<string, { bytes: number }>, SEED));
  } finally {
    db.close();
  }
}
