/**
 * MT-Bench human judgments (lmsys/mt_bench_human_judgments), both of its splits as two files on the
 * same items: `human` (experts' and authors' votes, several on some items, none on others) and
 * `gpt4_pair` (one GPT-4 verdict on every pair of 6 models, every question and both turns). The
 * Two sources lens compares them.
 *
 * Both files read one world, drawn from its own seed so that each file's bytes depend on nothing
 * else: each item (question, pair, turn) has a true difference, the model ratings' log-odds plus an
 * item effect (some answers are better than their model). People see it through their own noise;
 * the judge through less noise, a pull toward the first-shown answer and a liking for its own
 * family's models (`tessera-4` and `tessera-3.5-turbo`, the stand-ins for GPT-4 and GPT-3.5).
 */
import { TURNS, type Db, type Row, type Turn } from './db.ts';
import { ExpectedScores, centre } from './ratings.ts';
import { Rng } from './rng.ts';
import { LMSYS_OUTCOME, parquet, summarise, WINNER_LABEL, type SampleEntry } from './summary.ts';
import { answer, followUp, prompt } from './text.ts';

export const SOURCE = 'lmsys/mt_bench_human_judgments';
/** MT-Bench's 80 questions are numbered 81 to 160, as published. */
const QUESTIONS = Array.from({ length: 80 }, (_, i) => 81 + i);
const MODELS: ReadonlyArray<readonly [string, number]> = [
  ['tessera-4', 1250],
  ['aria-v1', 1140],
  ['tessera-3.5-turbo', 1120],
  ['corvid-13b', 1040],
  ['quokka-13b', 860],
  ['lumen-13b', 820],
];
export const TRUE_RATINGS = centre(Object.fromEntries(MODELS));
/** The judge's own family (GPT-4 judging GPT-4 and GPT-3.5): its verdicts lean toward them by these log-odds. */
export const SELF_PREFERENCE: Record<string, number> = { 'tessera-4': 0.5, 'tessera-3.5-turbo': 0.35 };
/** The judge's pull toward the answer shown first (model_a), in log-odds. */
const POSITION_PULL = 0.3;
/** Item effects (answers better or worse than their model) and each side's noise, in log-odds. */
const ITEM_SD = 0.9;
const HUMAN_SD = 0.8;
const JUDGE_SD = 0.4;
/** A perceived difference within these log-odds is called a tie. */
const HUMAN_TIE = 0.35;
const JUDGE_TIE = 0.3;
const LOG_ODDS = Math.LN10 / 400;

export const COLUMNS = [
  ['question_id', 'BIGINT'],
  ['model_a', 'VARCHAR'],
  ['model_b', 'VARCHAR'],
  ['winner', 'VARCHAR'],
  ['judge', 'VARCHAR'],
  ['conversation_a', TURNS],
  ['conversation_b', TURNS],
  ['turn', 'BIGINT'],
] as const;

interface Item {
  question: number;
  turn: number;
  /** The pair in the judge file's seat order. */
  a: string;
  b: string;
  /** True log-odds that a's answer is better. */
  difference: number;
}

interface World {
  items: Item[];
  conversations: Map<string, Turn[]>;
}

let world: World | null = null;

/** The items and every model's two-turn conversation on every question, the same for both files. */
function theWorld(): World {
  if (world) return world;
  const rng = new Rng(20230622); // MT-Bench's paper date: the world's own seed, whatever slots the files take
  const conversations = new Map<string, Turn[]>();
  for (const q of QUESTIONS) {
    const first = prompt(rng, 'English');
    const second = followUp(rng, 'English');
    for (const [model] of MODELS) {
      conversations.set(`${q}/${model}`, [
        { content: first.prompt, role: 'user' },
        { content: answer(rng, 'English', first.topic, 2 + rng.int(3)), role: 'assistant' },
        { content: second, role: 'user' },
        { content: answer(rng, 'English', first.topic, 1 + rng.int(3)), role: 'assistant' },
      ]);
    }
  }
  const rating = Object.fromEntries(MODELS);
  const items: Item[] = [];
  for (const question of QUESTIONS)
    for (let i = 0; i < MODELS.length; i++)
      for (let j = i + 1; j < MODELS.length; j++)
        for (const turn of [1, 2]) {
          const [a, b] = rng.bool(0.5) ? [MODELS[i]![0], MODELS[j]![0]] : [MODELS[j]![0], MODELS[i]![0]];
          const difference = (rating[a]! - rating[b]!) * LOG_ODDS + ITEM_SD * rng.normal();
          items.push({ question, turn, a, b, difference });
        }
  world = { items, conversations };
  return world;
}

/** Φ, the standard normal distribution function (Abramowitz & Stegun 7.1.26, error below 1.5e-7). */
function phi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/**
 * The expected score of the first-named side (a win 1, a tie ½) when the perceived difference is
 * normal with this mean and standard deviation and within ±tie is a tie: what the votes imply.
 */
function expectedScore(mean: number, sd: number, tie: number): number {
  const below = phi((-tie - mean) / sd),
    within = phi((tie - mean) / sd) - below;
  return 1 - below - within + within / 2;
}

/** A verdict from a perceived difference (log-odds that the first-named side is better). */
const verdict = (perceived: number, tie: number): 'a' | 'b' | 'tie' => (Math.abs(perceived) < tie ? 'tie' : perceived > 0 ? 'a' : 'b');

function row(item: Item, a: string, b: string, outcome: 'a' | 'b' | 'tie', judge: string): Row {
  const { conversations } = theWorld();
  return {
    question_id: item.question,
    model_a: a,
    model_b: b,
    winner: WINNER_LABEL[outcome],
    judge,
    conversation_a: conversations.get(`${item.question}/${a}`),
    conversation_b: conversations.get(`${item.question}/${b}`),
    turn: item.turn,
  };
}

async function entry(db: Db, file: string, path: string, expected: ExpectedScores, planted: Record<string, unknown>): Promise<SampleEntry> {
  const summary = await summarise(db, { from: parquet(path), a: 'model_a', b: 'model_b', outcome: LMSYS_OUTCOME });
  return { file, preset: 'mt-bench', summary, true_ratings: expected.fit(), planted: { base_ratings: TRUE_RATINGS, ...planted } };
}

/** The `human` split: 0 to 4 votes an item, from 40 experts and 6 authors, each seating the pair either way. */
export const human = {
  FILE: 'mt-bench-human.parquet',
  SOURCE: `${SOURCE} (split human)`,
  COLUMNS,
  async generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
    const judges = [...Array.from({ length: 40 }, (_, k) => `expert_${k}`), ...Array.from({ length: 6 }, (_, k) => `author_${k}`)];
    const rows: Row[] = [];
    const expected = new ExpectedScores();
    let itemsVoted = 0;
    for (const item of theWorld().items) {
      const votes = rng.weightedIndex([0.25, 0.35, 0.2, 0.12, 0.08]);
      if (votes) itemsVoted++;
      for (let v = 0; v < votes; v++) {
        const outcome = verdict(item.difference + HUMAN_SD * rng.normal(), HUMAN_TIE);
        const swap = rng.bool(0.5);
        const flipped = outcome === 'tie' ? 'tie' : outcome === 'a' ? 'b' : 'a';
        rows.push(row(item, swap ? item.b : item.a, swap ? item.a : item.b, swap ? flipped : outcome, rng.pick(judges)));
      }
      // The item's true difference is drawn: what its votes imply in expectation is over that draw too.
      const mean = (TRUE_RATINGS[item.a]! - TRUE_RATINGS[item.b]!) * LOG_ODDS;
      for (let v = 0; v < votes; v++) expected.addScore(item.a, item.b, expectedScore(mean, Math.hypot(ITEM_SD, HUMAN_SD), HUMAN_TIE));
    }
    await db.writeParquet(path, COLUMNS, rows);
    return entry(db, human.FILE, path, expected, {
      items: theWorld().items.length,
      items_voted: itemsVoted,
      judges: judges.length,
      item_sd: ITEM_SD,
      human_sd: HUMAN_SD,
      human_tie: HUMAN_TIE,
    });
  },
};

/** The `gpt4_pair` split: GPT-4's verdict on every item, in the item's seat order. */
export const gpt4Pair = {
  FILE: 'mt-bench-gpt4-pair.parquet',
  SOURCE: `${SOURCE} (split gpt4_pair)`,
  COLUMNS,
  async generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
    const rows: Row[] = [];
    const expected = new ExpectedScores();
    const leaning = (model: string) => SELF_PREFERENCE[model] ?? 0;
    for (const item of theWorld().items) {
      const perceived = item.difference + POSITION_PULL + leaning(item.a) - leaning(item.b) + JUDGE_SD * rng.normal();
      rows.push(row(item, item.a, item.b, verdict(perceived, JUDGE_TIE), 'gpt4_pair'));
      const mean = (TRUE_RATINGS[item.a]! - TRUE_RATINGS[item.b]!) * LOG_ODDS + POSITION_PULL + leaning(item.a) - leaning(item.b);
      expected.addScore(item.a, item.b, expectedScore(mean, Math.hypot(ITEM_SD, JUDGE_SD), JUDGE_TIE));
    }
    await db.writeParquet(path, COLUMNS, rows);
    return entry(db, gpt4Pair.FILE, path, expected, {
      items: theWorld().items.length,
      self_preference: SELF_PREFERENCE,
      position_pull: POSITION_PULL,
      judge_sd: JUDGE_SD,
      judge_tie: JUDGE_TIE,
    });
  },
};
