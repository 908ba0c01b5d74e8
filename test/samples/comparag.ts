/**
 * CompaRAG tool votes (ArthurSrz/comparag-tool-votes shape): 8 MCP tools compared through 4 mediating LLMs;
 * tool strength depends on the LLM. Votes come in sessions (session_hash) of one to four votes.
 */
import type { Db, Row } from './db.ts';
import { ExpectedScores, centre, drawOutcome, withEffects, type Ratings } from './ratings.ts';
import type { Rng } from './rng.ts';
import { countBy, countBy2, parquet, summarise, type SampleEntry } from './summary.ts';

export const FILE = 'comparag-votes.parquet';
export const SOURCE = 'ArthurSrz/comparag-tool-votes';
const VOTES = 3000;

const TOOLS: ReadonlyArray<readonly [string, number]> = [
  ['albert-rag', 1080],
  ['brisk-search', 1040],
  ['cortex-retriever', 1010],
  ['delta-index', 990],
  ['echo-web', 960],
  ['fable-kb', 940],
  ['gist-qa', 1000],
  ['helix-docs', 980],
];
export const LLMS = ['lumen-3-70b', 'gallia-24b', 'tessera-4o-mini', 'corvid-32b'];
const LLM_WEIGHTS = [35, 25, 25, 15];
/** Tool × mediator interactions (rating offsets). */
export const LLM_EFFECTS: Record<string, Record<string, number>> = {
  'lumen-3-70b': {},
  'gallia-24b': { 'helix-docs': 180, 'albert-rag': -120 },
  'tessera-4o-mini': { 'echo-web': 160, 'cortex-retriever': -100 },
  'corvid-32b': { 'fable-kb': 150, 'brisk-search': -150, 'gist-qa': 80 },
};
export const TRUE_RATINGS = centre(Object.fromEntries(TOOLS.map(([n, r]) => [n, r])));

const TASKS: ReadonlyArray<readonly [string, string]> = [
  ['Find the opening hours of the municipal library', 'factual lookup'],
  ['Summarise the 2023 annual report of a regional council', 'summarisation'],
  ['Compare two public transport passes for students', 'comparison'],
  ['List the documents needed to renew an identity card', 'procedure'],
  ['Explain the eligibility rules of a housing allowance', 'explanation'],
  ['Find recent statistics on cycling accidents', 'factual lookup'],
  ['Draft an answer to a citizen asking about waste collection', 'drafting'],
  ['Summarise a 40-page tender specification', 'summarisation'],
];

export const COLUMNS = [
  ['id', 'VARCHAR'],
  ['session_hash', 'VARCHAR'],
  ['tool_a_id', 'VARCHAR'],
  ['tool_b_id', 'VARCHAR'],
  ['chosen', 'VARCHAR'],
  ['llm_id', 'VARCHAR'],
  ['task', 'VARCHAR'],
  ['goal', 'VARCHAR'],
  ['timestamp', 'TIMESTAMP'],
  ['competitor_type', 'VARCHAR'],
] as const;

function timestamp(seconds: number): string {
  return new Date(seconds * 1000).toISOString().slice(0, 19).replace('T', ' ');
}

export async function generate(db: Db, rng: Rng, path: string): Promise<SampleEntry> {
  const byLlm: Record<string, Ratings> = {};
  for (const l of LLMS) byLlm[l] = withEffects(TRUE_RATINGS, LLM_EFFECTS[l]!);
  const start = 1704067200; // 2024-01-01
  const times = Array.from({ length: VOTES }, () => Math.floor(rng.next() * 45 * 86400)).sort((x, y) => x - y);
  const expected = new ExpectedScores();
  let session = '';
  let left = 0;
  const rows: Row[] = times.map((t, k) => {
    if (left === 0) {
      session = rng.hex(12);
      left = 1 + rng.weightedIndex([50, 25, 15, 10]);
    }
    left--;
    const [i, j] = rng.pair(TOOLS.map(() => 1));
    const [a] = TOOLS[i]!;
    const [b] = TOOLS[j]!;
    const llm = rng.weighted(LLMS, LLM_WEIGHTS);
    const outcome = drawOutcome(rng, byLlm[llm]![a]!, byLlm[llm]![b]!, 0.15, 0);
    expected.add(a, b, byLlm[llm]![a]!, byLlm[llm]![b]!);
    const [task, goal] = rng.pick(TASKS);
    return {
      id: `v-${String(k + 1).padStart(5, '0')}-${rng.hex(6)}`,
      session_hash: session,
      tool_a_id: a,
      tool_b_id: b,
      chosen: outcome === 'tie' ? 'tie' : outcome,
      llm_id: llm,
      task,
      goal,
      timestamp: timestamp(start + t),
      competitor_type: 'tool',
    };
  });
  await db.writeParquet(path, COLUMNS, rows);
  const src = parquet(path);
  const summary = await summarise(db, {
    from: src,
    a: 'tool_a_id',
    b: 'tool_b_id',
    winner: 'chosen',
    outcome: `CASE chosen WHEN 'a' THEN 'a' WHEN 'b' THEN 'b' WHEN 'tie' THEN 'tie' END`,
  });
  return {
    file: FILE,
    preset: 'comparag',
    summary,
    true_ratings: expected.fit(),
    planted: {
      base_ratings: TRUE_RATINGS,
      llm_effects: LLM_EFFECTS,
      true_ratings_by_llm: byLlm,
      votes_per_llm: await countBy(db, `SELECT llm_id AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      // appearances of each tool (either side) per mediating LLM
      tool_counts_per_llm: await countBy2(
        db,
        `SELECT llm_id AS g, t AS k, CAST(count(*) AS DOUBLE) AS n FROM
        (SELECT llm_id, tool_a_id AS t FROM ${src} UNION ALL SELECT llm_id, tool_b_id FROM ${src}) GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
      outcomes_per_llm: await countBy2(
        db,
        `SELECT llm_id AS g, chosen AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1, 2 ORDER BY 1, 2`,
      ),
      competitor_types: await countBy(db, `SELECT competitor_type AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      sessions: Number((await db.one(`SELECT CAST(count(DISTINCT session_hash) AS DOUBLE) AS n FROM ${src}`)).n),
      goals: await countBy(db, `SELECT goal AS k, CAST(count(*) AS DOUBLE) AS n FROM ${src} GROUP BY 1 ORDER BY 1`),
      tasks: TASKS.length,
    },
  };
}
