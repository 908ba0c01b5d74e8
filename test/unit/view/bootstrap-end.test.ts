import { describe, expect, it } from 'vitest';
import { bootstrapEndText, signalNotCounted, type BootstrapEnd } from '../../../src/core/view/bootstrap-end.ts';

const done: BootstrapEnd = { how: 'done', roundsDone: 1000, rounds: 1000, reason: null };
const failed: BootstrapEnd = { how: 'failed', roundsDone: 240, rounds: 1000, reason: 'the rating worker stopped twice' };

describe('how a bootstrap ended, in words', () => {
  it('names the rounds that actually ran, and why it stopped', () => {
    expect(bootstrapEndText(done)).toBe('1000 bootstrap rounds done');
    expect(bootstrapEndText(failed)).toBe(
      'the bootstrap failed after 240 of 1000 rounds (the rating worker stopped twice): intervals are from the 240 rounds done',
    );
    expect(bootstrapEndText({ ...failed, roundsDone: 0, reason: null })).toBe('the bootstrap failed after 0 of 1000 rounds: no intervals');
  });

  it('leaves the signal line waiting only while the rounds run, and says why it has no count once they ended', () => {
    expect(signalNotCounted(null, false, 14)).toBeNull();
    expect(signalNotCounted(done, true, 14)).toBeNull();
    expect(signalNotCounted(done, false, 0)).toBe('not counted: fewer than two models of a group have intervals.');
    expect(signalNotCounted(failed, false, 14)).toMatch(/^not counted: the bootstrap failed after 240 of 1000 rounds/);
  });
});
