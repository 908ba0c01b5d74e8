/**
 * Stands in for apache-arrow's `builder/valid.mjs` in the built page (see vite.config.ts). Arrow
 * compiles its null-value test with `new Function`, which the page's Content-Security-Policy
 * forbids (no 'unsafe-eval'); this is the same test as a closure. Arrow 17's one caller is
 * Builder's constructor, so JSON files build their columns exactly as before.
 */
export function createIsValidFunction(nullValues?: readonly unknown[]): (value: unknown) => boolean {
  if (!nullValues || nullValues.length === 0) return () => true;
  const checkNaN = nullValues.some((x) => x !== x);
  const nulls = new Set(nullValues.filter((x) => x === x));
  return (value) => !(nulls.has(value) || (checkNaN && value !== value));
}
