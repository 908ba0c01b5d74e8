import type { Outcome } from '../outcome.ts';

/**
 * Winner values that mean the same thing in every dataset, compared case-insensitively with
 * surrounding spaces ignored; judge verdicts wrapped as "[[A]]", "**B**" or "'A'" are read without
 * the wrapping. Anything else is left unmapped: the form asks, or the rows are rejected — an unknown
 * label is never read as a tie.
 */
export const RULES: Readonly<Record<string, Outcome>> = {
  a: 'a',
  model_a: 'a',
  left: 'a',
  '1': 'a',
  response_1: 'a',
  'response 1': 'a',
  response_a: 'a',
  'response a': 'a',
  b: 'b',
  model_b: 'b',
  right: 'b',
  '2': 'b',
  response_2: 'b',
  'response 2': 'b',
  response_b: 'b',
  'response b': 'b',
  tie: 'tie',
  draw: 'tie',
  both_equal: 'tie',
  equal: 'tie',
  'tie (bothbad)': 'both_bad',
  both_bad: 'both_bad',
  // arena-hard-auto's verdict scale ([[A>>B]] … [[B>>A]], also written with < and =): the side is
  // read here, the strength by isStrongVerdict.
  'a>b': 'a',
  'a>>b': 'a',
  'b<a': 'a',
  'b<<a': 'a',
  'b>a': 'b',
  'b>>a': 'b',
  'a<b': 'b',
  'a<<b': 'b',
  'a=b': 'tie',
  'b=a': 'tie',
};

/** The strong verdicts of arena-hard-auto's scale ("significantly better"); its show_result.py counts them three times. */
export const STRONG_VERDICTS: readonly string[] = ['a>>b', 'b<<a', 'b>>a', 'a<<b'];

const normalise = (v: string): string => v.trim().toLowerCase().replace(/\s+/g, ' ');
// What judges wrap a verdict in: [[A]], **A**, "A", (A), A.
const WRAPPING = /^[\s[\]()"'*.]+|[\s[\]()"'*.]+$/g;

/** The outcome a single winner value means by the shared rules, or undefined if it is not one of them. */
export function outcomeForLabel(value: string): Outcome | undefined {
  const key = normalise(value);
  if (Object.hasOwn(RULES, key)) return RULES[key];
  const bare = key.replace(WRAPPING, '');
  return bare !== key && Object.hasOwn(RULES, bare) ? RULES[bare] : undefined;
}

/** Whether a winner value is a strong verdict ([[A>>B]], "B>>A" …), read like outcomeForLabel (case, spaces, wrapping). */
export function isStrongVerdict(value: string): boolean {
  const key = normalise(value);
  return STRONG_VERDICTS.includes(key) || STRONG_VERDICTS.includes(key.replace(WRAPPING, ''));
}

export interface LabelMapping {
  /** Raw value (exactly as in the data) → outcome. */
  labels: Record<string, Outcome>;
  /** Values no rule covers (model names, typos, 'left_win' …), in input order, without duplicates. */
  unmapped: string[];
}

/** Maps each distinct winner value by the rules; NULLs are skipped (they are rejected as 'null winner'). */
export function mapWinnerLabels(values: readonly (string | null | undefined)[]): LabelMapping {
  const labels: [string, Outcome][] = [];
  const unmapped: string[] = [];
  const seen = new Set<string>();
  for (const v of values) {
    if (v === null || v === undefined || seen.has(v)) continue;
    seen.add(v);
    const o = outcomeForLabel(v);
    if (o) labels.push([v, o]);
    else unmapped.push(v);
  }
  // fromEntries defines own properties, so a value such as "__proto__" stays a plain key.
  return { labels: Object.fromEntries(labels), unmapped };
}
