import { describe, expect, it } from 'vitest';
import { LENS_COMPONENTS } from '../../../src/components/lenses/registry.ts';
import { LENS_IDS, lensWaitsFor } from '../../../src/core/view/lenses.ts';

describe('the lens components', () => {
  it('are found by the registry’s ids, one each, in tab order', () => {
    expect(Object.keys(LENS_COMPONENTS)).toEqual(LENS_IDS);
  });

  it('each load a Svelte component; the one shown before the data is there loads at once', async () => {
    for (const id of LENS_IDS) {
      const loaded = LENS_COMPONENTS[id]();
      // A lens that waits only for a board is on screen with the first board: no await in between.
      expect(loaded instanceof Promise, id).toBe(lensWaitsFor(id) === 'data');
      expect(typeof (await loaded).default, id).toBe('function');
    }
  });
});
