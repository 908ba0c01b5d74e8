/**
 * The rating worker keeps the board before the last: a filter toggled back off gets its board again
 * as it was (fit and bootstrap rounds), with no refit; a board older than that is fitted anew.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installWorkerGlobals } from './web-worker.ts';
import { RatingClient, type RatingUpdate } from '../../../src/io/rating-client.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';

beforeAll(installWorkerGlobals);
const client = new RatingClient();
afterAll(() => client.terminate());

/** Three models, decisive votes only; `shift` moves votes between them so each slice is its own board. */
function slice(shift: number): PairCounts {
  return {
    models: ['p', 'q', 'r'],
    a: Int32Array.from([0, 1, 0, 2, 1, 2]),
    b: Int32Array.from([1, 0, 2, 0, 2, 1]),
    outcome: new Uint8Array(6),
    n: Float64Array.from([30 + shift, 10, 25, 12 + shift, 20, 15]),
  };
}

/** Every answer to one request until its final board, in order. */
function rate(counts: PairCounts): Promise<{ results: RatingUpdate[]; progress: number }> {
  return new Promise((resolve, reject) => {
    const results: RatingUpdate[] = [];
    let progress = 0;
    client.rate(
      counts,
      { bootstrapRounds: 200, seed: 3 },
      {
        onResult: (update) => {
          results.push(update);
          if (update.final) resolve({ results, progress });
        },
        onProgress: () => progress++,
        onError: reject,
      },
    );
  });
}

describe('the rating worker, asked for a board it fitted before', () => {
  it('answers a slice toggled back with its board at once, final, and refits one older than the board before', async () => {
    const whole = await rate(slice(0));
    expect(whole.results[0].final).toBe(false);
    const first = whole.results.at(-1)!.leaderboard;
    expect(first.roundsDone).toBe(200);

    await rate(slice(5));
    // Back to the whole file (new arrays, the same counts): its board, not a refit.
    const back = await rate(slice(0));
    expect(back.results).toHaveLength(1);
    expect(back.progress).toBe(0);
    expect(back.results[0].leaderboard.roundsDone).toBe(200);
    expect(back.results[0].leaderboard.rows).toEqual(first.rows);

    // Two boards later the first is no longer kept: fitted again, its rounds run again, the same numbers.
    await rate(slice(5));
    await rate(slice(9));
    const again = await rate(slice(0));
    expect(again.results[0].final).toBe(false);
    expect(again.results.at(-1)!.leaderboard.rows).toEqual(first.rows);
  });
});
