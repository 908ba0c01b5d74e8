/**
 * The second source of the Two sources lens on DuckDB-WASM (the page's engine, in Node): read by the
 * first's pipeline into its own database, so the first dataset's raw and battles stay as they were,
 * and its votes matched with the first's (llmfao: every GPT-4 pair has crowd votes).
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { openDataset } from '../../../src/io/open-dataset.ts';
import { firstVotes, openSecondSource, secondVotes, SECOND_DATABASE } from '../../../src/io/second-source.ts';
import { matchItems } from '../../../src/core/sources/match-items.ts';
import { LLMFAO_CROWD, LLMFAO_GPT4 } from '../../fixtures/paths.ts';
import { createWasmDuck } from './wasm-duck.ts';

const file = (path: string) => new File([readFileSync(path)], path.split('/').pop()!);

describe('a second source beside the first', async () => {
  const duck = await createWasmDuck();
  afterAll(() => duck.close());

  it('has its own raw and battles; the first keeps its own; their votes match by id', async () => {
    const first = await openDataset(duck, { kind: 'file', file: file(LLMFAO_CROWD) });
    const second = await openSecondSource(duck, { kind: 'file', file: file(LLMFAO_GPT4) });
    expect([first.summary.votes, second.votes, second.models]).toEqual([8931, 2139, 59]);
    const count = async (table: string) => Number((await duck.connector.query(`SELECT count(*) AS n FROM ${table}`))[0].n);
    expect(await count('battles')).toBe(8931);
    expect(await count(`${SECOND_DATABASE}.battles`)).toBe(2139);
    expect(await count(`${SECOND_DATABASE}.raw`)).toBe(2139);
    const match = matchItems(await firstVotes(duck, ['id']), await secondVotes(duck, ['id']), false);
    expect([match.items.length, match.first.unmatched, match.second.unmatched]).toEqual([2139, 0, 0]);
    expect(match.items.reduce((s, i) => s + i.first.rowIds.length, 0)).toBe(8931);
  });

  it('names the file and says why when its shape is not one the page reads', async () => {
    const odd = new File(['colour,size\nred,1\n'], 'odd.csv');
    await expect(openSecondSource(duck, { kind: 'file', file: odd })).rejects.toThrow(/^odd\.csv: /);
  });
});
