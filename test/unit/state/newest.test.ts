import { describe, expect, it } from 'vitest';
import { Newest, type Run, type Shown } from '../../../src/state/newest.ts';

/** A promise settled by the test, in the order the test chooses. */
function controlled<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the one loading rule (newest wins)', () => {
  it('never shows an older answer that arrives after a newer one', async () => {
    const shown: Shown<string>[] = [];
    const runner = new Newest<string>((s) => shown.push(s));
    const older = controlled<string>();
    const newer = controlled<string>();
    runner.start(() => older.promise);
    runner.start(() => newer.promise);
    newer.resolve('slice B');
    await settle();
    older.resolve('slice A');
    await settle();
    expect(shown).toEqual([{ kind: 'loading' }, { kind: 'loading' }, { kind: 'value', value: 'slice B' }]);
  });

  it('never shows an older answer that arrives first either, nor an older error', async () => {
    const shown: Shown<string>[] = [];
    const runner = new Newest<string>((s) => shown.push(s));
    const older = controlled<string>();
    const failing = controlled<string>();
    const newer = controlled<string>();
    runner.start(() => older.promise);
    runner.start(() => failing.promise);
    runner.start(() => newer.promise);
    older.resolve('slice A');
    failing.reject(new Error('table gone'));
    await settle();
    expect(shown.filter((s) => s.kind !== 'loading')).toEqual([]);
    newer.resolve('slice C');
    await settle();
    expect(shown.at(-1)).toEqual({ kind: 'value', value: 'slice C' });
  });

  it('tells a superseded load through its signal and drops its partial answers', async () => {
    const shown: Shown<number>[] = [];
    const runner = new Newest<number>((s) => shown.push(s));
    let first!: Run<number>;
    const never = controlled<number>();
    runner.start((run) => ((first = run), never.promise));
    first.partial(1);
    expect(first.signal.aborted).toBe(false);
    runner.start(() => null);
    expect(first.signal.aborted).toBe(true);
    first.partial(2);
    expect(shown).toEqual([{ kind: 'loading' }, { kind: 'partial', value: 1 }, { kind: 'idle' }]);
  });

  it('shows the error of the newest load, and nothing after stop()', async () => {
    const shown: Shown<string>[] = [];
    const runner = new Newest<string>((s) => shown.push(s));
    runner.start(() => Promise.reject(new Error('no such column')));
    await settle();
    expect(shown.at(-1)).toMatchObject({ kind: 'error' });
    const late = controlled<string>();
    runner.start(() => late.promise);
    runner.stop();
    late.resolve('after the lens closed');
    await settle();
    expect(shown.at(-1)).toEqual({ kind: 'loading' });
  });
});
