/** openai_moderation and toxic_chat_tag values with realistic flag rates (lmsys-conversations shape). */
import { EDGY } from './text.ts';
import type { Rng } from './rng.ts';

export const MOD_CATEGORIES = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'self-harm',
  'self-harm/instructions',
  'self-harm/intent',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
];

const catStruct = (t: string) => `STRUCT(${MOD_CATEGORIES.map((c) => `"${c}" ${t}`).join(', ')})`;
export const MODERATION_TYPE = `STRUCT(categories ${catStruct('BOOLEAN')}, category_scores ${catStruct('DOUBLE')}, flagged BOOLEAN)`;
export const TOXIC_TYPE =
  'STRUCT("roberta-large" STRUCT(flagged BOOLEAN, probability DOUBLE), "t5-large" STRUCT(flagged BOOLEAN, score DOUBLE))';

/** Categories that tend to come along with the main one. */
const RELATED: Record<string, string> = {
  violence: 'violence/graphic',
  'violence/graphic': 'violence',
  harassment: 'hate',
  'harassment/threatening': 'harassment',
  'self-harm': 'self-harm/intent',
  hate: 'harassment',
  sexual: 'harassment',
};

export interface Safety {
  /** The edgy prompt to use instead of a generated one, when flagged. */
  prompt: string | null;
  openai_moderation: unknown;
  toxic_chat_tag: unknown;
}

/** One row's safety columns; pFlag is the moderation flag rate. */
export function safety(rng: Rng, pFlag: number): Safety {
  const categories: Record<string, boolean> = {};
  const scores: Record<string, number> = {};
  for (const c of MOD_CATEGORIES) {
    categories[c] = false;
    scores[c] = rng.logUniform(1e-7, 3e-3);
  }
  let edgyPrompt: string | null = null;
  if (rng.bool(pFlag)) {
    const [text, main] = rng.pick(EDGY);
    edgyPrompt = text;
    categories[main] = true;
    scores[main] = rng.uniform(0.55, 0.99);
    const rel = RELATED[main];
    if (rel) {
      scores[rel] = rng.uniform(0.05, 0.9);
      categories[rel] = scores[rel]! >= 0.5;
    }
  } else if (rng.bool(0.02)) {
    // Borderline: a noticeable score that stays below the flag threshold.
    scores[rng.pick(MOD_CATEGORIES)] = rng.uniform(0.05, 0.45);
  }
  const edgy = edgyPrompt !== null;
  const roberta = rng.bool(edgy ? 0.75 : 0.012);
  const t5 = rng.bool(edgy ? 0.6 : 0.02);
  return {
    prompt: edgyPrompt,
    openai_moderation: { categories, category_scores: scores, flagged: edgy },
    toxic_chat_tag: {
      'roberta-large': { flagged: roberta, probability: roberta ? rng.uniform(0.5, 0.99) : rng.logUniform(1e-4, 0.3) },
      't5-large': { flagged: t5, score: t5 ? rng.uniform(0.5, 0.99) : rng.logUniform(1e-4, 0.3) },
    },
  };
}
