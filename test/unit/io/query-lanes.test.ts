import { describe, expect, it } from 'vitest';
import { QueryLanes } from '../../../src/io/query-lanes.ts';

/** A stand-in for DuckDB's one-at-a-time worker: records the order work starts and ends. */
function serialEngine() {
  const log: string[] = [];
  let tail = Promise.resolve();
  const submit = (name: string, ms = 5) => {
    const done = tail.then(async () => {
      log.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`end ${name}`);
      return name;
    });
    tail = done.then(() => undefined);
    return done;
  };
  return { log, submit };
}

describe('QueryLanes', () => {
  it('runs urgent work issued in the same pass before ordinary work issued earlier', async () => {
    const lanes = new QueryLanes();
    const engine = serialEngine();
    const facets = [lanes.ordinary(() => engine.submit('facet 1')), lanes.ordinary(() => engine.submit('facet 2'))];
    const counts = lanes.urgent(() => engine.submit('counts'));
    await Promise.all([...facets, counts]);
    expect(engine.log.filter((l) => l.startsWith('start'))).toEqual(['start counts', 'start facet 1', 'start facet 2']);
  });

  it('holds ordinary work until every pending urgent step is done', async () => {
    const lanes = new QueryLanes();
    const engine = serialEngine();
    const urgent = lanes.urgent(async () => {
      await engine.submit('prepare', 2);
      await engine.submit('query', 2);
      return engine.submit('close', 2);
    });
    await Promise.resolve();
    const widget = lanes.ordinary(() => engine.submit('widget'));
    await Promise.all([urgent, widget]);
    expect(engine.log.filter((l) => l.startsWith('start'))).toEqual(['start prepare', 'start query', 'start close', 'start widget']);
  });

  it('lets ordinary work run when urgent work fails, and passes results and errors through', async () => {
    const lanes = new QueryLanes();
    const failed = lanes.urgent(() => Promise.reject(new Error('boom')));
    const after = lanes.ordinary(async () => 42);
    await expect(failed).rejects.toThrow('boom');
    await expect(after).resolves.toBe(42);
  });

  it('keeps ordinary work in the order it was issued', async () => {
    const lanes = new QueryLanes();
    const engine = serialEngine();
    await Promise.all(['a', 'b', 'c'].map((n) => lanes.ordinary(() => engine.submit(n, 1))));
    expect(engine.log.filter((l) => l.startsWith('start'))).toEqual(['start a', 'start b', 'start c']);
  });

  it('holds ordinary work issued in the same pass as a hold until the hold settles, not urgent work', async () => {
    const lanes = new QueryLanes();
    const engine = serialEngine();
    let release!: () => void;
    const board = new Promise<void>((resolve) => (release = resolve));
    const widget = lanes.ordinary(() => engine.submit('widget', 1));
    lanes.hold(board, 10_000);
    const counts = lanes.urgent(() => engine.submit('counts', 1));
    await counts;
    await new Promise((r) => setTimeout(r, 20));
    expect(engine.log).toEqual(['start counts', 'end counts']);
    release();
    await widget;
    expect(engine.log.filter((l) => l.startsWith('start'))).toEqual(['start counts', 'start widget']);
  });

  it("lets ordinary work go after at most the hold's time, and after a failed hold", async () => {
    const lanes = new QueryLanes();
    lanes.hold(new Promise(() => undefined), 30);
    const started = performance.now();
    await lanes.ordinary(async () => undefined);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    lanes.hold(Promise.reject(new Error('no board')), 10_000);
    await expect(lanes.ordinary(async () => 'ran')).resolves.toBe('ran');
  });

  it('keeps waiting for a newer hold placed while older work waited', async () => {
    const lanes = new QueryLanes();
    let first!: () => void, second!: () => void;
    lanes.hold(new Promise<void>((r) => (first = r)), 10_000);
    let ran = false;
    const widget = lanes.ordinary(async () => void (ran = true));
    await Promise.resolve();
    lanes.hold(new Promise<void>((r) => (second = r)), 10_000);
    first();
    await new Promise((r) => setTimeout(r, 10));
    expect(ran).toBe(false);
    second();
    await widget;
    expect(ran).toBe(true);
  });

  it('unheld settles at once without a hold, and only once every hold placed meanwhile has settled', async () => {
    const lanes = new QueryLanes();
    let free = false;
    await lanes.unheld().then(() => (free = true));
    expect(free).toBe(true);
    let first!: () => void, second!: () => void;
    lanes.hold(new Promise<void>((r) => (first = r)), 10_000);
    const steps: string[] = [];
    const step = lanes.unheld().then(() => steps.push('load step'));
    lanes.hold(new Promise<void>((r) => (second = r)), 10_000);
    first();
    await new Promise((r) => setTimeout(r, 10));
    expect(steps).toEqual([]);
    second();
    await step;
    expect(steps).toEqual(['load step']);
  });

  it('unheld(quietMs) waits that long past the last hold, and from a newer hold placed meanwhile', async () => {
    const lanes = new QueryLanes();
    let painted!: () => void;
    lanes.hold(new Promise<void>((r) => (painted = r)), 10_000);
    painted();
    await new Promise((r) => setTimeout(r, 0));
    const ended = performance.now();
    // Ordinary work and an unhurried step go at once; a load step waits out the quiet time.
    await lanes.unheld();
    expect(performance.now() - ended).toBeLessThan(40);
    const stepped = lanes.unheld(80).then(() => performance.now());
    await new Promise((r) => setTimeout(r, 40));
    let again!: () => void;
    lanes.hold(new Promise<void>((r) => (again = r)), 10_000);
    await new Promise((r) => setTimeout(r, 60));
    again();
    await new Promise((r) => setTimeout(r, 0));
    const secondEnd = performance.now();
    // The first quiet time passed while the second hold was on: the step waits 80 ms past the second.
    expect((await stepped) - secondEnd).toBeGreaterThanOrEqual(75);
  });
});
