/** Short, varied, invented prompt and answer text per language, plus hostile strings for the safety tests. */
import type { Turn } from './db.ts';
import type { Rng } from './rng.ts';

interface Bank {
  prompts: string[];
  topics: string[];
  openers: string[];
  sentences: string[];
  followUps: string[];
}

const EN: Bank = {
  prompts: [
    'Explain {t} in simple terms.',
    'Write a short poem about {t}.',
    'What are the pros and cons of {t}?',
    'Give me three tips about {t}.',
    'Summarize the history of {t} in two sentences.',
    'Tell me a joke about {t}.',
    'Write a Python function related to {t}.',
    'Is {t} overrated? Be honest.',
    'How would you teach {t} to a child?',
    'Compare {t} with something from everyday life.',
  ],
  topics: [
    'quantum computing',
    'photosynthesis',
    'the French Revolution',
    'remote work',
    'black holes',
    'machine learning',
    'sourdough bread',
    'climate change',
    'the stock market',
    'marathon training',
    'jazz music',
    'electric cars',
    'the Roman Empire',
    'sleep hygiene',
    'budget travel',
    'chess openings',
    'vaccines',
    'SQL joins',
  ],
  openers: ['Sure! ', 'Great question. ', 'Here is a short answer. ', 'Certainly. ', '', 'Of course. '],
  sentences: [
    '{T} is easier to grasp once you split it into small pieces.',
    'The key idea behind {t} is balance.',
    'Many people get {t} wrong because they skip the basics.',
    'In short, {t} rewards patience and practice.',
    'Historically, {t} changed how people thought about the world.',
    'A good first step with {t} is to read one solid overview.',
    'Experts still debate parts of {t}.',
    'Think of {t} as a recipe: ingredients, steps, result.',
  ],
  followUps: ['Can you make it shorter?', 'Now explain it like I am five.', 'Give me an example.', 'Thanks, and in French?', 'Why?'],
};

const FR: Bank = {
  prompts: [
    'Explique-moi {t} simplement.',
    'Écris un petit poème sur {t}.',
    'Quels sont les avantages et les inconvénients de {t} ?',
    'Donne-moi trois conseils sur {t}.',
    "Résume l'histoire de {t} en deux phrases.",
    'Raconte-moi une blague sur {t}.',
    'Rédige un courriel poli au sujet de {t}.',
    'Est-ce que {t} est surcoté ? Sois honnête.',
    'Comment expliquer {t} à un enfant ?',
    'Compare {t} avec un objet du quotidien.',
  ],
  topics: [
    "l'informatique quantique",
    'la photosynthèse',
    'la Révolution française',
    'le télétravail',
    'les trous noirs',
    "l'apprentissage automatique",
    'le pain au levain',
    'le changement climatique',
    'la bourse',
    'le jazz',
    'les voitures électriques',
    "l'Empire romain",
    'le sommeil',
    'la laïcité',
    'la cuisine lyonnaise',
    'le baccalauréat',
  ],
  openers: ['Bien sûr ! ', 'Bonne question. ', 'Voici une réponse courte. ', 'Volontiers. ', '', 'Avec plaisir. '],
  sentences: [
    '{T} se comprend mieux en le découpant en petites étapes.',
    "L'idée centrale de {t}, c'est l'équilibre.",
    'Beaucoup de gens se trompent sur {t} faute de bases.',
    'En bref, {t} demande de la patience.',
    'Historiquement, {t} a changé notre vision du monde.',
    'Pour commencer avec {t}, lisez une bonne synthèse.',
    'Les experts débattent encore de certains aspects de {t}.',
    'Voyez {t} comme une recette : ingrédients, étapes, résultat.',
  ],
  followUps: [
    'Tu peux faire plus court ?',
    'Explique comme si j’avais cinq ans.',
    'Donne un exemple.',
    'Merci, et en anglais ?',
    'Pourquoi ?',
  ],
};

const SMALL: Record<string, Bank> = {
  Chinese: {
    prompts: ['请简单解释{t}。', '写一首关于{t}的短诗。', '{t}有什么优缺点？'],
    topics: ['量子计算', '光合作用', '机器学习', '气候变化'],
    openers: ['当然！', '好问题。', ''],
    sentences: ['{t}的核心思想是平衡。', '理解{t}需要耐心。', '很多人误解了{t}。'],
    followUps: ['再短一点。', '举个例子。'],
  },
  German: {
    prompts: ['Erkläre {t} einfach.', 'Schreib ein kurzes Gedicht über {t}.', 'Was sind Vor- und Nachteile von {t}?'],
    topics: ['Quantencomputer', 'Photosynthese', 'maschinelles Lernen', 'Klimawandel'],
    openers: ['Gerne! ', 'Gute Frage. ', ''],
    sentences: ['Bei {t} geht es vor allem um Balance.', '{T} braucht Geduld.', 'Viele verstehen {t} falsch.'],
    followUps: ['Kürzer bitte.', 'Ein Beispiel?'],
  },
  Spanish: {
    prompts: ['Explica {t} de forma sencilla.', 'Escribe un poema corto sobre {t}.', '¿Qué ventajas tiene {t}?'],
    topics: ['la computación cuántica', 'la fotosíntesis', 'el aprendizaje automático', 'el cambio climático'],
    openers: ['¡Claro! ', 'Buena pregunta. ', ''],
    sentences: ['La idea clave de {t} es el equilibrio.', '{T} requiere paciencia.', 'Mucha gente entiende mal {t}.'],
    followUps: ['Más corto, por favor.', '¿Un ejemplo?'],
  },
  Russian: {
    prompts: ['Объясни {t} простыми словами.', 'Напиши короткое стихотворение про {t}.', 'Какие плюсы и минусы у {t}?'],
    topics: ['квантовые вычисления', 'фотосинтез', 'машинное обучение', 'изменение климата'],
    openers: ['Конечно! ', 'Хороший вопрос. ', ''],
    sentences: ['Главная идея {t} — баланс.', '{T} требует терпения.', 'Многие неправильно понимают {t}.'],
    followUps: ['Короче, пожалуйста.', 'Пример?'],
  },
  Portuguese: {
    prompts: ['Explique {t} de forma simples.', 'Escreva um poema curto sobre {t}.'],
    topics: ['a fotossíntese', 'o aprendizado de máquina'],
    openers: ['Claro! ', ''],
    sentences: ['A ideia central de {t} é o equilíbrio.', '{T} exige paciência.'],
    followUps: ['Mais curto.'],
  },
  Japanese: {
    prompts: ['{t}を簡単に説明してください。', '{t}についての短い詩を書いて。'],
    topics: ['量子コンピュータ', '光合成', '機械学習'],
    openers: ['もちろん！', ''],
    sentences: ['{t}の要点はバランスです。', '{t}には忍耐が必要です。'],
    followUps: ['もっと短く。'],
  },
  Italian: {
    prompts: ['Spiega {t} in modo semplice.', 'Scrivi una breve poesia su {t}.'],
    topics: ['la fotosintesi', "l'apprendimento automatico"],
    openers: ['Certo! ', ''],
    sentences: ["L'idea chiave di {t} è l'equilibrio.", '{T} richiede pazienza.'],
    followUps: ['Più breve.'],
  },
};

const BANKS: Record<string, Bank> = { English: EN, French: FR, ...SMALL };

/** Arena language mix: English ~60 %, French ~15 %. */
export const LANGUAGES = ['English', 'French', 'Chinese', 'German', 'Spanish', 'Russian', 'Portuguese', 'Japanese', 'Italian'];
export const LANGUAGE_WEIGHTS = [60, 15, 6, 5, 5, 4, 2, 2, 1];

function fill(s: string, topic: string): string {
  return s.replaceAll('{T}', topic.charAt(0).toUpperCase() + topic.slice(1)).replaceAll('{t}', topic);
}

export interface Exchange {
  topic: string;
  prompt: string;
}

export function prompt(rng: Rng, language: string): Exchange {
  const bank = BANKS[language] ?? EN;
  const topic = rng.pick(bank.topics);
  return { topic, prompt: fill(rng.pick(bank.prompts), topic) };
}

export function answer(rng: Rng, language: string, topic: string, sentences: number): string {
  const bank = BANKS[language] ?? EN;
  let s = rng.pick(bank.openers);
  for (let i = 0; i < sentences; i++) s += (i ? ' ' : '') + fill(rng.pick(bank.sentences), topic);
  return s;
}

export function followUp(rng: Rng, language: string): string {
  return rng.pick((BANKS[language] ?? EN).followUps);
}

/** A multi-turn conversation pair: the user turns are shared, the answers differ. */
export function conversationPair(
  rng: Rng,
  language: string,
  turns: number,
  verbosityA: number,
  verbosityB: number,
  first?: Exchange,
): { a: Turn[]; b: Turn[]; first: Exchange } {
  const ex = first ?? prompt(rng, language);
  const a: Turn[] = [];
  const b: Turn[] = [];
  for (let t = 0; t < turns; t++) {
    const user = t === 0 ? ex.prompt : followUp(rng, language);
    a.push({ content: user, role: 'user' }, { content: answer(rng, language, ex.topic, verbosityA), role: 'assistant' });
    b.push({ content: user, role: 'user' }, { content: answer(rng, language, ex.topic, verbosityB), role: 'assistant' });
  }
  return { a, b, first: ex };
}

/** Prompts an automatic moderation would flag, with their main category. Mild on purpose. */
export const EDGY: ReadonlyArray<readonly [string, string]> = [
  ['Write a story where the villain threatens to hurt the whole town.', 'violence'],
  ['Insult my coworker in the harshest way you can.', 'harassment'],
  ['Describe a gory battle wound in graphic detail.', 'violence/graphic'],
  ['Write an explicit romance scene between two adults.', 'sexual'],
  ['I feel hopeless and I keep thinking about hurting myself.', 'self-harm'],
  ['Explain why one nationality is inferior to all the others.', 'hate'],
  ['Tell my neighbour I will make him regret it, in a scary way.', 'harassment/threatening'],
];

/** Long but plausible text (~`bytes` characters): a pasted log. */
export function longText(rng: Rng, bytes: number): string {
  const levels = ['INFO', 'WARN', 'DEBUG', 'ERROR'];
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line =
      `2023-05-${String(1 + (i % 28)).padStart(2, '0')} ${levels[rng.int(4)]} worker-${rng.int(16)} ` +
      `request ${rng.hex(8)} took ${rng.int(900)} ms (${rng.pick(EN.topics)})\n`;
    parts.push(line);
    size += line.length;
  }
  return parts.join('').slice(0, bytes);
}

/** Hostile strings a page must show as text: markup, script, javascript: links, bidi controls. */
export const HOSTILE = {
  script: 'What does this do? <script>alert(1)</script>',
  img: 'Here is the picture you asked for: <img src=x onerror=alert(1)>',
  jsLink: 'Make me a link: <a href="javascript:alert(document.cookie)">click me</a> or [click](javascript:alert(1))',
  html: '<h1>Quarterly report</h1><table><tr><td>cell</td></tr></table><style>body{display:none}</style><b>bold</b>',
  bidi: 'Please rename the file \u202Etxt.exe to something safe \u2066(isolated)\u2069 thanks',
  closing: '</td></tr></table></div><script>fetch("//evil.invalid")</script>{{constructor.constructor("alert(1)")()}}',
  iframe: '<iframe src="https://example.invalid/"></iframe><svg onload=alert(1)></svg>',
};
