import { describeEveryLens, otherSamples } from './every-lens.ts';

// Every lens of the samples every-lens-conversations-genrm.test.ts does not walk (every-lens.ts says what is looked for).
describeEveryLens(otherSamples());
