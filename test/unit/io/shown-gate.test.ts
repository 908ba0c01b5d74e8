import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShownGate } from '../../../src/workers/shown-gate.ts';

describe('ShownGate (a point board painted before its bootstrap starts)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const settled = (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    return () => done;
  };

  it('waits for the page to say the board is painted', async () => {
    const gate = new ShownGate(150);
    const done = settled(gate.wait(7));
    await vi.advanceTimersByTimeAsync(100);
    expect(done()).toBe(false);
    gate.open(7);
    await vi.advanceTimersByTimeAsync(0);
    expect(done()).toBe(true);
  });

  it('stops waiting after its limit (a hidden tab never paints), and opens only the request named', async () => {
    const gate = new ShownGate(150);
    const first = settled(gate.wait(1));
    const second = settled(gate.wait(2));
    gate.open(3);
    await vi.advanceTimersByTimeAsync(149);
    expect([first(), second()]).toEqual([false, false]);
    gate.open(2);
    await vi.advanceTimersByTimeAsync(1);
    expect([first(), second()]).toEqual([true, true]);
  });
});
