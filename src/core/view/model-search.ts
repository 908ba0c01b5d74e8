/**
 * Finding a model by a few typed words: "gpt 4o" finds gpt-4o-2024-05-13, "4o mini" finds
 * gpt-4o-mini-2024-07-18, "claude 3.5 sonnet" finds claude-3-5-sonnet-20240620. Case, separators
 * (space - _ . / :) and word order do not matter. Each typed word must start at one of the name's
 * words (it may run on into the next: "gpt4o", "3.5") or, from three characters on, appear anywhere
 * in the name; so "gpt 5" does not find gpt-4o-2024-05-13 through its "05".
 */
const SEPARATORS = /[\s\-_./:]+/g;

const squash = (text: string) => text.toLowerCase().replace(SEPARATORS, '');

/** The typed words, squashed; empty when nothing but separators was typed. */
export function searchTokens(query: string): string[] {
  return query.toLowerCase().split(SEPARATORS).map(squash).filter(Boolean);
}

/** Whether `name` matches every token of the query (an empty query matches everything). */
export function matchesTokens(name: string, tokens: readonly string[]): boolean {
  if (tokens.length === 0) return true;
  const words = name.toLowerCase().split(SEPARATORS).filter(Boolean);
  // The name from each word on, separators removed: a token must be a prefix of one of these.
  const tails = words.map((_, i) => words.slice(i).join(''));
  const whole = tails[0] ?? '';
  return tokens.every((t) => tails.some((tail) => tail.startsWith(t)) || (t.length >= 3 && whole.includes(t)));
}

export function matchesSearch(name: string, query: string): boolean {
  return matchesTokens(name, searchTokens(query));
}
