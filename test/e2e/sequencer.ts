/**
 * Browser files that run longest start first, so the two e2e workers finish together. vitest orders
 * by the durations it cached on the last run, and a fresh clone (CI) has none: there it would start
 * the large files first, and the every-lens walks (~1.5 min each) last, alone.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Slowest first, by the whole suite's timings on a fresh clone. */
const LONGEST_FIRST = [
  'every-lens-others',
  'every-lens-conversations-genrm',
  'counting',
  'links',
  'bad-files',
  'hub',
  'topics',
  'xss',
  'two-sources',
  'loading',
  'leaderboard',
  'hosted',
  'shapes',
];

const rank = (spec: TestSpecification): number => {
  const i = LONGEST_FIRST.findIndex((name) => spec.moduleId.endsWith(`/e2e/${name}.test.ts`));
  return i < 0 ? LONGEST_FIRST.length : i;
};

export class LongestFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((spec) => spec.project.name === 'e2e');
    const rest = sorted.filter((spec) => spec.project.name !== 'e2e');
    // Array.prototype.sort is stable: the files not listed keep vitest's order after the listed ones.
    return [...rest, ...browser.sort((a, b) => rank(a) - rank(b))];
  }
}
