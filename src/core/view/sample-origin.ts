/**
 * What each built-in sample is, in a sentence the first screen shows: real published votes or
 * invented ones in a published shape. Kept apart from io/samples.ts (which says where the files
 * are) so that the words can be tested and read without bundling anything. A sample that is not
 * listed here gets no sentence rather than a wrong one: add one line per new sample.
 */
export interface SampleOrigin {
  kind: 'real' | 'invented';
  /** One sentence, shown after "This is …". */
  what: string;
}

const INVENTED = 'invented votes between invented models (npm run samples) in the published column layout of';

export const SAMPLE_ORIGINS: Record<string, SampleOrigin> = {
  'chatbot-arena-20240814': {
    kind: 'real',
    what: 'votes released by LMSYS (source and licence under the summary)',
  },
  'arena-conversations': { kind: 'invented', what: `${INVENTED} lmsys/chatbot_arena_conversations` },
  'lmarena-100k': { kind: 'invented', what: `${INVENTED} lmarena-ai/arena-human-preference-100k` },
  'lmarena-140k': { kind: 'invented', what: `${INVENTED} lmarena-ai/arena-human-preference-140k` },
  'lmarena-55k': { kind: 'invented', what: `${INVENTED} lmarena-ai/arena-human-preference-55k (the Kaggle CSV)` },
  'comparia-votes': { kind: 'invented', what: `${INVENTED} comparIA votes` },
  'french-maxx': { kind: 'invented', what: `${INVENTED} Compar:IA-French-Maxx` },
  'genrm-judges': { kind: 'invented', what: `${INVENTED} GenRM multi-judge` },
  verdicts: { kind: 'invented', what: `${INVENTED} VERDICTS` },
  'comparag-votes': { kind: 'invented', what: `${INVENTED} CompaRAG tool votes` },
  'pair-counts': { kind: 'invented', what: `${INVENTED} pre-aggregated pair counts` },
};

export function sampleOrigin(id: string): SampleOrigin | null {
  return Object.hasOwn(SAMPLE_ORIGINS, id) ? SAMPLE_ORIGINS[id] : null;
}
