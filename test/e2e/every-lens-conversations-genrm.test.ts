import { describeEveryLens, firstSamples } from './every-lens.ts';

// Every lens of the conversations and GenRM samples (every-lens.ts says what is looked for).
describeEveryLens(firstSamples());
