import { describe, expect, it } from 'vitest';
import { live } from '../../../src/state/lens-context.svelte.ts';

function controlled<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((res) => (resolve = res));
  return { promise, resolve };
}
/** Lets Svelte run the effects it scheduled (a microtask) and the promises settle. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('live() in a lens', () => {
  it('reruns when what it reads changes, and never shows an older answer that arrives last', async () => {
    let slice = $state('A');
    const answers = { A: controlled<string>(), B: controlled<string>() };
    const asked: string[] = [];
    let data!: ReturnType<typeof live<string>>;
    const stop = $effect.root(() => {
      data = live(() => {
        asked.push(slice);
        return answers[slice as 'A' | 'B'].promise;
      });
    });
    await settle();
    expect(asked).toEqual(['A']);
    expect(data.loading).toBe(true);
    slice = 'B';
    await settle();
    expect(asked).toEqual(['A', 'B']);
    answers.B.resolve('rates of B');
    await settle();
    expect(data.value).toBe('rates of B');
    // The older slice's answer arrives last: it is dropped.
    answers.A.resolve('rates of A');
    await settle();
    expect(data.value).toBe('rates of B');
    expect(data.loading).toBe(false);
    stop();
  });

  it('says what went wrong once, and forgets the old answer when told to (another file)', async () => {
    let file = $state('one.parquet');
    let fail = $state(false);
    let data!: ReturnType<typeof live<string>>;
    const stop = $effect.root(() => {
      data = live(
        () => {
          const name = file;
          return fail ? Promise.reject(new Error(`no battles in ${name}\nstack`)) : Promise.resolve(`columns of ${name}`);
        },
        { what: 'read the columns', keep: 'never' },
      );
    });
    await settle();
    expect(data.value).toBe('columns of one.parquet');
    fail = true;
    file = 'two.parquet';
    await settle();
    expect(data.value).toBeNull();
    expect(data.error).toBe('could not read the columns: no battles in two.parquet');
    fail = false;
    await settle();
    expect([data.value, data.error]).toEqual(['columns of two.parquet', null]);
    stop();
  });
});
