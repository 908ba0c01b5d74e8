/** static-data/README.md, written from the same entries as expected.json. */
import type { SampleEntry } from './summary.ts';
import * as conversations from './conversations.ts';
import * as lmarena100k from './lmarena-100k.ts';
import * as lmarena140k from './lmarena-140k.ts';
import * as lmarena55k from './lmarena-55k.ts';
import * as comparag from './comparag.ts';
import * as comparia from './comparia.ts';
import * as frenchMaxx from './french-maxx.ts';
import * as genrm from './genrm.ts';
import * as verdicts from './verdicts.ts';
import * as pairCounts from './pair-counts.ts';
import * as mtBench from './mt-bench.ts';

const MODULES = [
  conversations,
  lmarena100k,
  lmarena140k,
  lmarena55k,
  comparag,
  comparia,
  frenchMaxx,
  genrm,
  verdicts,
  mtBench.human,
  mtBench.gpt4Pair,
  pairCounts,
];
const COLUMNS: Record<string, ReadonlyArray<readonly [string, string]>> = {
  ...Object.fromEntries(
    MODULES.filter((m) => 'COLUMNS' in m).map((m) => [m.FILE, (m as { COLUMNS: ReadonlyArray<readonly [string, string]> }).COLUMNS]),
  ),
  [pairCounts.FILE]: [
    ['model_a', 'VARCHAR'],
    ['model_b', 'VARCHAR'],
    ['winner', 'VARCHAR'],
    ['count', 'BIGINT'],
  ],
};
const SOURCES: Record<string, string> = Object.fromEntries(MODULES.map((m) => [m.FILE, m.SOURCE]));

const ABOUT: Record<string, string> = {
  [conversations.FILE]:
    'The default sample. 24 invented models over 90 days; ' +
    `\`${conversations.LATE_MODEL}\` first appears on day 60; \`gallia-13b-chat\` is much stronger on French prompts and ` +
    '`glimmer-6b` on Chinese ones (see `language_effects`). ~3 % of prompts are flagged by openai_moderation. A few rows carry ' +
    'hostile text (`<script>`, `<img onerror>`, `javascript:` links, HTML, U+202E bidi controls) and three carry ~50 KB strings; ' +
    'their question_ids are in expected.json (`planted.hostile_rows`).',
  [lmarena100k.FILE]:
    'conversation_a/b, conv_metadata, dedup_tag and category_tag are JSON **strings** (Python json.dumps form), ' +
    'as LMArena publishes them; the page decodes the last three into structs and derives hard_prompts / math / ' +
    'instruction_following / creative_writing. 20 models, one named `<b>bold-model</b>`. Corvid models are stronger on `is_code` ' +
    'prompts, `gallia-13b-chat` on French ones, `tessera-4-0613` on hard prompts. Planted unusable rows: 3 with NULL model_b, ' +
    "2 with a model against itself, 4 with the winner label 'left_win' (row indices in `planted.unusable_rows`). High-frequency " +
    'prompts (`dedup_tag.high_freq`) are kept in the de-duplicated view one time in four (`dedup_tag.sampled`), every other row is ' +
    'sampled. **Style effect:** conv_metadata is counted from the answers (tokens = characters / 4 per message; headers, list ' +
    'items and bold spans as FastChat counts them, outside code blocks), and votes favour the longer and more formatted answer ' +
    'beyond model strength with the coefficients in `planted.style` (`true_ratings_controlled` is what style control should find).',
  [lmarena140k.FILE]:
    "conv_metadata and category_tag are **structs**; each message's content is a list of parts {type, text, image, " +
    'mimeType}; full_conversation holds both sides turn by turn; votes come in sessions (`evaluation_session_id`, ' +
    '`evaluation_order`); winner is model_a / model_b / tie / both_bad. 14 models; coding, Chinese and hard-prompt effects and the ' +
    'same style effect as the 100k sample.',
  [lmarena55k.FILE]:
    'The Kaggle CSV: prompt, response_a and response_b are JSON-encoded lists of strings (one per turn); the winner ' +
    'is one-hot in winner_model_a / winner_model_b / winner_tie. 12 models. Three planted rows are not exactly one-hot (two with no ' +
    'flag, one with two), set aside as "not exactly one winner column set" (`planted.not_one_hot_ids`).',
  [comparag.FILE]:
    '8 MCP tools judged through 4 mediating LLMs (llm_id); the tool ratings depend on the mediator ' +
    '(`planted.llm_effects`, `true_ratings_by_llm`). chosen is a / b / tie; votes come in sessions (session_hash); competitor_type ' +
    'is `tool`. 3,000 votes (the real file has under 1,000) so the per-mediator effects can be recovered.',
  [comparia.FILE]:
    'comparIA votes: 16 models, French conversations; both_equal ≈ 12 % (chosen_model_name NULL then). The conv_*_{a,b} ' +
    'labels follow planted per-model rates (`planted.label_rates_planted`), nudged by which side was chosen.',
  [frenchMaxx.FILE]:
    'No model names: side A "optimal" always beats side B "rejected", so there is no finite rating. Rows with no ' +
    'rejected answer (0.25 %) are set aside as "no rejected answer"; `rejected_2`, on a minority of rows, is a second pair the user ' +
    'can include. The defect booleans are NULL on `arena` rows and set on `reactions` rows with probability base × factor[pref_strength]; ' +
    'conversation_turns, is_multi_turn and prompt_chars follow from messages; response_optimal_styled is response_optimal with a ' +
    'title, bold lead and bullets.',
  [genrm.FILE]:
    'No model columns: the sides are the positions response 1 and response 2. 1,000 response pairs, each present twice ' +
    '(response_order original / swapped, same swap_id), judged by one of two judge jobs. As published, num_judges = 3: the judge_4_* ' +
    'and judge_5_* columns are empty (NULL) in every row. Three judges with planted accuracies, tie and ' +
    'invalid rates and a pull toward the first-shown response; verdicts are spelled "A", "[[B]]", "response_1", "**A**", " a " or are ' +
    'unusable ("unsure", "", "N/A", NULL → invalid). majority_vote, agreement_score, a_votes, b_votes, invalid_votes, judge_responses ' +
    'and winner follow from the three verdicts.',
  [verdicts.FILE]:
    "8 models; dataset bffbench / mtbmr; winner names a model or 'tie'; model_a_conv / model_b_conv hold each side's " +
    'conversation up to the judged turn, whose question and answers are in question / model_*_response. `ledger-13b` is much ' +
    'stronger on bffbench.',
  [mtBench.human.FILE]:
    "Six models (`tessera-4` and `tessera-3.5-turbo` stand in for GPT-4 and GPT-3.5) on MT-Bench's 80 questions (ids 81–160), both turns: " +
    '0 to 4 votes on each (question, pair, turn), from 40 experts and 6 authors (`judge`), each seating the pair either way. ' +
    'Every item has a true difference (the ratings plus an answer effect, `planted.item_sd` log-odds) that people see through ' +
    'their own noise. `mt-bench-gpt4-pair.parquet` judges the same items: the pair of files for the Two sources lens.',
  [mtBench.gpt4Pair.FILE]:
    "GPT-4's verdict (`judge` = gpt4_pair) on each of the 2,400 items of `mt-bench-human.parquet`'s world (80 questions × 15 " +
    'pairs × 2 turns, one row each), seen through less noise than people, with a pull toward the first-shown answer ' +
    '(`planted.position_pull`) and a liking for its own family, the tessera models (`planted.self_preference`), in log-odds: ' +
    'it ranks `tessera-3.5-turbo` above `aria-v1`, which people rank the other way.',
  [pairCounts.FILE]:
    'Pre-aggregated counts over 12 models in two groups that never meet (models 0–7 and 8–11): the comparison graph ' +
    'is disconnected, so the page must warn. True ratings are centred on 1000 within each group.',
};

const shortSource = (file: string) => (SOURCES[file]!.startsWith('none') ? '—' : SOURCES[file]!.split(' ')[0]!);

function ratingsTable(r: Record<string, number>, base?: Record<string, number>): string {
  const rows = Object.entries(r).sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  if (!base) return ['| model | true rating |', '|---|---:|', ...rows.map(([m, v]) => `| \`${m}\` | ${v.toFixed(2)} |`)].join('\n');
  return [
    '| model | true rating (pooled) | base rating |',
    '|---|---:|---:|',
    ...rows.map(([m, v]) => `| \`${m}\` | ${v.toFixed(2)} | ${base[m]!.toFixed(2)} |`),
  ].join('\n');
}

export function readme(entries: SampleEntry[], files: Record<string, { bytes: number }>, seed: number): string {
  const out: string[] = [
    '# static-data: the shipped sample files',
    '',
    'Generated by `npm run samples` (`test/samples/generate.ts`, modules in `test/samples/`) — do not edit by hand.',
    '',
    '**Every sample is invented data in a published shape**: it has exactly the columns (names, order and types) of the',
    'dataset named as its source, so a file of that dataset opens the same way, but every value is made up.',
    `Every value is drawn from the project's seeded generator (\`src/core/stats/random.ts\`, seed ${seed}); the files are`,
    'byte-for-byte identical on every run (parquet is written by DuckDB node-api with one thread, ZSTD, row groups of 10,000).',
    '',
    'Outcomes follow Bradley-Terry: P(A beats B) = 1/(1+10^((Rb−Ra)/400)), Elo scale, mean 1000. A tie or both_bad is drawn',
    'first, and the decisive win probability is set so that the expected score with a tie / both_bad counted as half a win',
    'equals the Bradley-Terry probability (the tie probability is lowered for very uneven pairs when needed). So a fit under',
    'the project convention recovers the true ratings without shrinkage.',
    '',
    'Where ratings differ by slice (language, is_code, hard prompts, mediator LLM, benchmark) or by style, `true_ratings` is what',
    'the pooled votes imply: the Bradley-Terry fit to the *expected* score of every generated vote. The base ratings are listed',
    'next to it. All model, tool and judge names are invented.',
    '',
    '`expected.json` holds, for each file: the preset the page detects, the source dataset, rows, votes, models, outcome counts',
    "(usable rows only), rejected rows by the page's reason, the true ratings, the sha256 and size of the file, and the planted",
    'figures each view is tested against — all computed by SQL over the file as written (or, for hidden truths such as judge',
    'accuracy, from the same generated rows).',
    '`arena-conversations.counts.json` is the default sample aggregated per (model_a, model_b, outcome) as',
    '`{"models": [...sorted], "cells": [[a_index, b_index, outcome_code, n], ...]}` with outcome codes a 0, b 1, tie 2, both_bad 3.',
    '`chatbot-arena-20240814-counts.counts.json` is the real counts file (first visit) in the same form, n summed from its `count`.',
    '',
    '| file | shape of | preset | rows | votes | models | size |',
    '|---|---|---|---:|---:|---:|---:|',
    ...entries.map(
      (e) =>
        `| \`${e.file}\` | ${shortSource(e.file)} | ${e.preset} | ${e.summary.rows} | ${e.summary.votes} | ` +
        `${e.summary.models} | ${(files[e.file]!.bytes / 1024).toFixed(0)} KB |`,
    ),
    '',
  ];
  for (const e of entries) {
    const shape = SOURCES[e.file]!.startsWith('none')
      ? `Invented data; no published source (${SOURCES[e.file]!.replace(/^none: /, '')}).`
      : `Invented data in the shape of **${SOURCES[e.file]}**.`;
    out.push(`## \`${e.file}\` — ${e.preset}`, '', `${shape} ${ABOUT[e.file] ?? ''}`, '');
    out.push('Columns: ' + COLUMNS[e.file]!.map(([n, t]) => `\`${n}\` ${t}`).join(', ') + '.', '');
    const o = e.summary.outcomes;
    out.push(
      `Outcomes among usable rows: a ${o.a}, b ${o.b}, tie ${o.tie}, both_bad ${o.both_bad}.` +
        (e.summary.rejected_rows
          ? ` Rows set aside: ${Object.entries(e.summary.rejected)
              .map(([k, v]) => `${k}: ${v}`)
              .join('; ')}.`
          : ''),
      '',
    );
    out.push(
      e.true_ratings
        ? ratingsTable(e.true_ratings, e.planted.base_ratings as Record<string, number> | undefined)
        : '_No true ratings: ' + (e.notes ?? '') + '_',
      '',
    );
  }
  return out.join('\n');
}
