/**
 * Prompts with planted topics: each prompt draws a few words from its topic's vocabulary and more
 * from a filler vocabulary shared by every topic, shuffled. The truth is the topic each was drawn from.
 */
import { seededRandom, type Random } from '../../../src/core/stats/random.ts';

export const REAL_VOCABULARIES: Record<string, string[]> = {
  cooking: 'recipe oven flour butter bake simmer garlic onion sauce dough roast pepper skillet knead yeast broth'.split(' '),
  astronomie: 'étoile galaxie planète télescope orbite comète nébuleuse lune soleil astéroïde constellation univers gravité lumière'.split(
    ' ',
  ),
  fussball: 'tor stürmer torwart elfmeter schiedsrichter abseits mannschaft trainer bundesliga flanke verteidiger eckball'.split(' '),
  программирование: 'функция переменная компилятор массив цикл сервер программа алгоритм библиотека отладка интерфейс запрос'.split(' '),
  medicina: 'paciente síntomas diagnóstico tratamiento fiebre médico receta vacuna hospital dolor enfermedad infección'.split(' '),
  日本旅行: '東京 京都 新幹線 旅館 温泉 寺院 切符 観光 大阪 神社 富士山 ホテル'.split(' '),
};

/** Two broad topics of two sub-topics each. */
export const SUB_TOPICS = {
  broad: [
    'kitchen recipe cook meal dinner ingredients chef taste dish food'.split(' '),
    'voyage hôtel billet avion valise vacances touriste réservation aéroport passeport'.split(' '),
  ],
  sub: [
    'flour oven yeast dough bake bread cake butter knead crust'.split(' '),
    'broth simmer soup stock onion garlic stew ladle celery carrot'.split(' '),
    'montagne ski neige randonnée sommet chalet glacier piste altitude refuge'.split(' '),
    'plage mer sable soleil baignade côte vague parasol île coquillage'.split(' '),
  ],
};

export const FILLER =
  'the and please can you me what how is a to of in for with this that le la et de un une est pour der die und ist ein mit и в на что как это por favor el los para por que'.split(
    ' ',
  );

const SYLLABLES: Record<string, string[]> = {
  latin: 'ka lo mi ne pu ra si tu ve zo ba de fi go hu ja ki lu ma no pe qu ri so ta'.split(' '),
  cyrillic: 'ка ло ми не пу ра си ту ве зо ба де фи го ху жа ки лу ма но пе ри со та'.split(' '),
  greek: 'κα λο μι νε πυ ρα σι τυ βε ζο δε φι γο θα κι λυ μα νο πε ρι σο τα'.split(' '),
};

function pick<T>(xs: readonly T[], random: Random): T {
  return xs[Math.floor(random.next() * xs.length)];
}

/** `count` invented words of 2–4 syllables of one script. */
export function inventedVocabulary(script: keyof typeof SYLLABLES, count: number, random: Random): string[] {
  const out = new Set<string>();
  while (out.size < count) {
    const len = 2 + Math.floor(random.next() * 3);
    let w = '';
    for (let i = 0; i < len; i++) w += pick(SYLLABLES[script], random);
    out.add(w);
  }
  return [...out];
}

export interface Planted {
  texts: string[];
  truth: Int32Array;
  vocabularies: string[][];
}

export function plantedPrompts(
  vocabularies: string[][],
  filler: string[],
  perTopic: number,
  seed: number,
  topicWords = 4,
  fillerWords = 7,
): Planted {
  const random = seededRandom(seed);
  const texts: string[] = [];
  const truth: number[] = [];
  for (let i = 0; i < perTopic * vocabularies.length; i++) {
    const t = Math.floor(random.next() * vocabularies.length);
    const ws: string[] = [];
    for (let j = 0; j < topicWords; j++) ws.push(pick(vocabularies[t], random));
    for (let j = 0; j < fillerWords; j++) ws.push(pick(filler, random));
    for (let j = ws.length - 1; j > 0; j--) {
      const r = Math.floor(random.next() * (j + 1));
      [ws[j], ws[r]] = [ws[r], ws[j]];
    }
    texts.push(ws.join(' ') + '?');
    truth.push(t);
  }
  return { texts, truth: Int32Array.from(truth), vocabularies };
}
