/**
 * Topic labels and stopwords: a label names its planted vocabulary's words and never a stopword,
 * even where stopwords are most of every prompt and the vocabulary has fewer words than a label.
 */
import { describe, expect, it } from 'vitest';
import { classTfIdf } from '../../../src/core/topics/labels.ts';
import { STOPWORDS } from '../../../src/core/topics/stopwords.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';
import { FILLER, REAL_VOCABULARIES, plantedPrompts } from './planted.ts';

/** Function words of several languages, as a prompt's filler. */
const STOP_FILLER = 'the and what how is de la le et des que el los por und der die ist и в что как это di che il della what why'.split(
  ' ',
);

describe('topic labels by class-based TF-IDF', () => {
  it('the stopword list holds the function words of the planted filler and none of the vocabularies', () => {
    for (const w of STOP_FILLER) expect(STOPWORDS.has(w), w).toBe(true);
    for (const w of FILLER.filter((x) => x.length > 1)) expect(STOPWORDS.has(w), w).toBe(true);
    for (const vocabulary of Object.values(REAL_VOCABULARIES)) for (const w of vocabulary) expect(STOPWORDS.has(w), w).toBe(false);
  });

  for (const seed of [1, 2, 3]) {
    it(`labels name the planted words and no stopword (seed ${seed})`, () => {
      const vocabularies = Object.values(REAL_VOCABULARIES)
        .slice(seed - 1, seed + 3)
        .map((v) => v.slice(0, 4));
      const planted = plantedPrompts(vocabularies, STOP_FILLER, 120, seed, 3, 12);
      // Six places for four words: the other two would go to stopwords without the list.
      const labels = classTfIdf(planted.texts, planted.truth, vocabularies.length, 6);
      labels.forEach((terms, t) => {
        expect(new Set(terms), terms.join(' ')).toEqual(new Set(vocabularies[t]));
        for (const w of terms) expect(STOPWORDS.has(w), w).toBe(false);
      });
    });
  }

  it('a topic of fewer content words than a label gets a shorter label, not stopwords', () => {
    // Two words of topic, twelve function words in each prompt: without the list the label's other
    // three places would go to the function words that happen to be a little more frequent here.
    const random = seededRandom(7);
    const vocabularies = [
      ['galaxie', 'télescope'],
      ['compilateur', 'fonction'],
    ];
    const texts: string[] = [];
    const truth: number[] = [];
    for (let i = 0; i < 300; i++) {
      const t = i % 2;
      const ws = [...vocabularies[t]];
      for (let j = 0; j < 12; j++) ws.push(STOP_FILLER[Math.floor(random.next() * (t ? 10 : STOP_FILLER.length))]);
      texts.push(ws.join(' '));
      truth.push(t);
    }
    const labels = classTfIdf(texts, Int32Array.from(truth), 2, 5);
    expect(labels.map((l) => [...l].sort())).toEqual(vocabularies.map((v) => [...v].sort()));
  });
});
