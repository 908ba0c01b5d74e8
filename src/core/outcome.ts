/** The four canonical results of one vote, and their small-integer codes used in SQL and statistics. */
export const OUTCOMES = ['a', 'b', 'tie', 'both_bad'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const OUTCOME_CODE: Record<Outcome, number> = { a: 0, b: 1, tie: 2, both_bad: 3 };
