import { describe, expect, it } from 'vitest';
import { gapStands } from '../../../src/core/lenses/tool-gap.ts';

describe('Δ highlighting follows the interval', () => {
  it('a +50 gap inside a ±80 interval is not highlighted; outside it is', () => {
    expect(gapStands({ rating: 1050, lower: 970, upper: 1130 }, 1000)).toBeNull();
    expect(gapStands({ rating: 1050, lower: 1020, upper: 1080 }, 1000)).toBe('above');
    expect(gapStands({ rating: 950, lower: 920, upper: 980 }, 1000)).toBe('below');
  });

  it('says nothing without an interval or an overall rating', () => {
    expect(gapStands({ rating: 1200, lower: null, upper: null }, 1000)).toBeNull();
    expect(gapStands({ rating: 1200, lower: 1150, upper: 1250 }, undefined)).toBeNull();
  });
});
