import { describe, expect, it } from 'vitest';
import { timeAxisFormat, timeChartOptions, timeDomain } from '../../../src/core/charts/time.ts';
import { defaultStep, defaultWidth, stepsLabel, timeWindows, windowWidths, type TimePoint } from '../../../src/core/stats/time-windows.ts';

const DAY = 86_400;
const at = Date.UTC(2024, 1, 21, 1, 15, 14, 316) / 1000;
const point = (end: number): TimePoint => ({
  model: 'x',
  window: 0,
  start: end - DAY,
  end,
  rating: 1000,
  lower: null,
  upper: null,
  votes: 50,
});

describe('time axes formatted for the span', () => {
  it('show hours under two days, days under a year, months beyond; never an ISO timestamp', () => {
    const d = new Date(at * 1000);
    expect(timeAxisFormat(DAY)(d)).toBe('Feb 21, 01:15');
    expect(timeAxisFormat(8 * DAY)(d)).toBe('Feb 21');
    expect(timeAxisFormat(400 * DAY)(d)).toBe('Feb 2024');
    for (const span of [60, DAY, 8 * DAY, 90 * DAY, 800 * DAY]) expect(timeAxisFormat(span)(d)).not.toMatch(/T\d\d:|Z$/);
  });

  it('a single window still gets an axis of one step around it', () => {
    const [lo, hi] = timeDomain([point(at)], DAY)!;
    expect((hi.getTime() - lo.getTime()) / 1000).toBe(DAY);
    const options = timeChartOptions({ points: [point(at)], models: ['x'], width: 800, bands: false, stepSeconds: DAY });
    expect((options.x as { domain: Date[] }).domain).toEqual([lo, hi]);
    expect(typeof (options.x as { tickFormat: unknown }).tickFormat).toBe('function');
  });
});

describe('windows that fit the range', () => {
  it('eight days of data: day steps, widths that leave at least two windows, plural labels', () => {
    const step = defaultStep(8 * DAY);
    expect(step.label).toBe('day');
    expect(windowWidths(8)).toEqual([1, 2, 4]);
    expect(windowWidths(8).map((n) => stepsLabel(step, n))).toEqual(['1 day', '2 days', '4 days']);
    expect(defaultWidth(8)).toBe(4);
  });

  it('a 4-day sliding window over 8 daily buckets gives five whole windows, not one partial point', () => {
    const windows = timeWindows(8, { mode: 'sliding', width: 4 });
    expect(windows.map((w) => [w.from, w.to])).toEqual([
      [0, 4],
      [1, 5],
      [2, 6],
      [3, 7],
      [4, 8],
    ]);
    expect(timeWindows(8, { mode: 'cumulative', width: 1 })).toHaveLength(8);
    expect(timeWindows(3, { mode: 'sliding', width: 8 })).toEqual([{ index: 2, from: 0, to: 3 }]);
  });

  it('steps grow with the span and name themselves', () => {
    expect(defaultStep(DAY).label).toBe('hour');
    expect(defaultStep(90 * DAY).label).toBe('week');
    const long = defaultStep(800 * DAY);
    expect(long.label).toBe('4 weeks');
    expect(stepsLabel(long, 2)).toBe('8 weeks');
    expect(stepsLabel(defaultStep(90 * DAY), 1)).toBe('1 week');
  });
});
