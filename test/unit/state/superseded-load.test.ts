/**
 * A load superseded by a newer source runs no further statement (OpenOptions.live): on DuckDB-WASM
 * in Node, the page's engine. A file dropped while the sample still loaded into DuckDB had its board
 * counted beside the sample's remaining statements, which nobody would read.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openDataset, SupersededLoad } from '../../../src/io/open-dataset.ts';
import { LLMFAO_CROWD, LLMFAO_GPT4 } from '../../fixtures/paths.ts';
import { createWasmDuck } from './wasm-duck.ts';

const file = (path: string) => new File([readFileSync(path)], path.split('/').pop()!);

describe('a load superseded by a newer source', async () => {
  const duck = await createWasmDuck();
  afterAll(() => duck.close());
  const battles = async () => Number((await duck.connector.query('SELECT count(*) AS n FROM battles'))[0].n);

  it('stops before its next statement, leaving the tables it had not reached as they were', async () => {
    await openDataset(duck, { kind: 'file', file: file(LLMFAO_CROWD) });
    expect(await battles()).toBe(8931);
    let live = true;
    const steps: string[] = [];
    const opening = openDataset(
      duck,
      { kind: 'file', file: file(LLMFAO_GPT4) },
      {
        live: () => live,
        onProgress: (step) => {
          steps.push(step);
          // A newer source is opened as this one starts recognising its columns.
          if (step === 'recognising') live = false;
        },
      },
    );
    await expect(opening).rejects.toBeInstanceOf(SupersededLoad);
    expect(steps.at(-1)).toBe('recognising');
    // Its battles were never built: the table is still the first file's.
    expect(await battles()).toBe(8931);
  });

  it('goes to the end while it stays current', async () => {
    const opened = await openDataset(duck, { kind: 'file', file: file(LLMFAO_GPT4) }, { live: () => true });
    expect(opened.summary.votes).toBe(2139);
    expect(await battles()).toBe(2139);
  });
});
