/**
 * Topic labels by class-based TF-IDF (BERTopic's c-TF-IDF, Grootendorst 2022): all prompts of a
 * topic are one document; a word's weight in topic c is tf(t, c) · log(1 + A / f(t)), with f(t)
 * its count over all topics and A the mean number of words per topic; tf is taken as its square
 * root (BERTopic's reduce_frequent_words), so words common in every prompt weigh less. Words are runs of letters of
 * any script (lower case), from the same opening of each prompt the vectors read; stopwords
 * (stopwords.ts) are not candidates, so a label never reads "the · de · what".
 */
import { isStopword } from './stopwords.ts';
import { normaliseText } from './vectors.ts';

const WORD = /[\p{L}][\p{L}\p{N}]+/gu;

export function words(text: string): string[] {
  return normaliseText(text).match(WORD) ?? [];
}

/** Prompts read for labels: a fixed sample beyond this many (a label needs the frequent words only). */
const LABEL_SAMPLE = 30000;

/** The `top` most distinctive words of each class (classes 0 … classes-1; a label < 0 is skipped). */
export function classTfIdf(texts: readonly (string | null | undefined)[], labels: Int32Array, classes: number, top = 5): string[][] {
  const stride = Math.max(1, Math.ceil(texts.length / LABEL_SAMPLE));
  const perClass = Array.from({ length: classes }, () => new Map<string, number>());
  const overall = new Map<string, number>();
  let total = 0;
  for (let i = 0; i < texts.length; i += stride) {
    const c = labels[i];
    const t = texts[i];
    if (c < 0 || !t) continue;
    const counts = perClass[c];
    for (const w of words(t)) {
      if (isStopword(w)) continue;
      counts.set(w, (counts.get(w) ?? 0) + 1);
      overall.set(w, (overall.get(w) ?? 0) + 1);
      total++;
    }
  }
  const a = total / Math.max(1, classes);
  return perClass.map((counts) =>
    [...counts]
      .map(([w, tf]) => ({ w, score: Math.sqrt(tf) * Math.log(1 + a / overall.get(w)!) }))
      // Ties broken by the word, so the label does not depend on the order prompts were read.
      .sort((x, y) => y.score - x.score || (x.w < y.w ? -1 : 1))
      .slice(0, top)
      .map((x) => x.w),
  );
}
