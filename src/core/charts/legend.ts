import type { ScaleOptions } from '@observablehq/plot';

/**
 * Room at both ends of a colour ramp legend for its first and last tick labels ("0", "100"), which
 * Plot centres on the ramp's ends (margin 0 by default) and so half outside the legend's svg. Plot
 * hands a scale's options on to its legend (legends.js, legendOptions), but its types do not list
 * the legend's margins, hence the cast.
 */
export const RAMP_ROOM = { marginLeft: 12, marginRight: 16 } as unknown as ScaleOptions;
