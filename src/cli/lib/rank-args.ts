/**
 * rank's command line: its usage text and its arguments read into RankArgs, every value checked
 * (a UsageError says which option and what it got).
 */
import { DEFAULT_SLICE_MIN_VOTES } from '../../core/stats/min-votes.ts';
import { UsageError } from './errors.ts';
import { isConfigOrSplit, parseHubInput, readHubPath, type HubRef } from '../../core/hub/hub-ref.ts';
import type { QuickToggles } from '../../core/view/view-state.ts';
import { checkWhere } from './slice.ts';
import { parseControl, type ControlSpec } from '../../core/sql/control-votes.ts';
import { anchorOption, choiceOption, integerOption, parseOptions } from './options.ts';
import { METHOD_NAMES, type MethodName } from '../../core/stats/method-compare.ts';
import type { CompareArgs } from './compare-sources.ts';
import { TOPICS_EXCLUDES, topicOption, topicSeedOption } from './topics-board.ts';
import { isMatchKeyText } from '../../core/sources/match-key.ts';
import type { ColumnMapping } from '../../core/schema/mapping.ts';
import { MAP_USAGE, mapOption } from './map-option.ts';

export const RANK_USAGE = `usage: npm run rank -- FILE [options]
       npm run rank -- --hf OWNER/NAME [--config C] [--split S] [options]
  FILE                   parquet, CSV, JSON array or JSONL file of pairwise votes (or pre-aggregated counts)
  --hf OWNER/NAME        a Hugging Face Hub dataset (or its page address), read as the page reads it:
                         its parquet listing, every shard of the split, only the needed columns by range
                         requests (HF_ENDPOINT points at a mirror); --config and --split choose the part
${MAP_USAGE}
  --where COLUMN=VALUE   rate a slice, as the page's filters do; repeat to AND them. Also COLUMN=["a","b"]
                         (any of), COLUMN>=X and COLUMN<=X (numbers), COLUMN>=DATE and COLUMN<DATE;
                         struct fields as column.field
  --exclude-ties --exclude-both-bad --exclude-flagged --anonymous-only --dedup-only
                         the page's quick toggles (--dedup-only: LMArena's dedup_tag.sampled)
  --min-votes N          leave out models with fewer than N votes in the slice; listed apart
                         (default: ${DEFAULT_SLICE_MIN_VOTES} with --where, none on the whole file; 0: none)
  --anchor MODEL=RATING  pin one model at a rating (default: mean rating 1000)
  --bootstrap N          bootstrap rounds for the 95% intervals, 0 for none (default 1000)
  --seed S               bootstrap seed, an integer from 0 to 4294967295 (default 0); with --topics the
                         clustering's seed, 1 to 999999 (default 1), the bootstrap's then 0
  --ties half|davidson   a tie as half a win each side (default), or Davidson's ties model
  --intervals bootstrap|sandwich
                         which 95% interval the board shows and ranks by: bootstrap percentiles
                         (default) or sandwich (robust) standard errors; both are in --json/--csv
  --reweight-pairs       weight each vote by the inverse of its pair's frequency, normalised to sum to
                         the votes (LMArena 2025), so over-sampled pairs do not dominate; intervals are
                         then the weighted sandwich (no bootstrap)
  --style-control        the style-controlled board (LMArena's compute_style_control): features from
                         conv_metadata when the file has it, else measured from the answer texts;
                         anchored like FastChat (mixtral-8x7b-instruct-v0.1 = 1114 when present) unless --anchor
  --control C            the controlled board (contextual Bradley-Terry; repeat for more): C is seat
                         (does seat A win more?), a number or flag column (a battle-level term),
                         COLUMN=VALUE (a categorical value), or "A_COLUMN - B_COLUMN" (a per-side
                         feature, A minus B); coefficients in Elo per unit and per SD, sandwich intervals
  --method NAME          print one rating method's scores instead of the board: ${METHOD_NAMES.join(', ')}
                         (evalica's definitions and defaults; elo needs votes, not a counts file)
  --audit                the trust audit: the fewest votes found whose removal flips #1 vs #2 and each
                         adjacent pair to rank 10 (confirmed by exact refits; random removals beside),
                         fit diagnostics (Bradley-Terry, Davidson, Rao-Kupper) and the methods side by side
  --pair "A vs B"        with --audit, also check this pair (repeat for more)
  --budget N             with --audit, most votes a flip search may remove (default 1% of votes, at least 100)
  --trials N             with --audit, random removals per pair (default 100)
  --folds K              with --audit, folds of the held-out log-loss (default 5)
  --voter-cap N          with --audit on a file naming its voters (judge, judge_hash, session_hash,
                         evaluation_session_id): votes per voter and the board with at most N votes
                         per voter, a sample seeded by --seed (FastChat's limit_user_votes; default 100),
                         the per-voter outlier test and the board without the voters it flags
  --voter-alpha A        with --audit, the outlier test's family-wise error rate (Holm; default 0.05)
  --compare-with FILE2   compare FILE with a second source on the same items (a crowd against a judge;
                         either may be hf:OWNER/NAME[/CONFIG[/SPLIT]], a Hub dataset):
                         agreement and Cohen's kappa, both boards on the matched items with Kendall's tau
                         and Spearman's rho, each model's rating difference (intervals: --bootstrap
                         rounds over items, default 200, as the page), the items judged differently (in --json)
  --match-key KEY        with --compare-with, match items by COLUMN (both files have it) or by
                         pair+COLUMN (the model pair and that column); default: proposed from the columns
  --topics               cluster the prompts as the Topics lens does (its --seed, default 1): the broad
                         topics and sub-topics (labels, sizes, example prompts) and each broad topic's
                         board (the slice AND the topic; rank change against all votes of the slice)
  --topic ID             with --topics, one topic's board (a broad topic or sub-topic id, as tp_topic)
  --json | --csv         print records instead of a text table (--csv not with --audit or --compare-with)
`;

const OPTIONS = {
  hf: { type: 'string' },
  config: { type: 'string' },
  split: { type: 'string' },
  where: { type: 'string', multiple: true },
  'exclude-ties': { type: 'boolean' },
  'exclude-both-bad': { type: 'boolean' },
  'exclude-flagged': { type: 'boolean' },
  'anonymous-only': { type: 'boolean' },
  'dedup-only': { type: 'boolean' },
  'min-votes': { type: 'string' },
  anchor: { type: 'string' },
  bootstrap: { type: 'string' },
  seed: { type: 'string' },
  ties: { type: 'string' },
  intervals: { type: 'string' },
  'reweight-pairs': { type: 'boolean' },
  'style-control': { type: 'boolean' },
  control: { type: 'string', multiple: true },
  method: { type: 'string' },
  audit: { type: 'boolean' },
  pair: { type: 'string', multiple: true },
  budget: { type: 'string' },
  trials: { type: 'string' },
  folds: { type: 'string' },
  'voter-cap': { type: 'string' },
  'compare-with': { type: 'string' },
  'match-key': { type: 'string' },
  map: { type: 'string' },
  'voter-alpha': { type: 'string' },
  topics: { type: 'boolean' },
  topic: { type: 'string' },
  json: { type: 'boolean' },
  csv: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

export interface RankArgs {
  /** A local file, or (with `hf`) the Hub dataset's label. */
  file: string;
  hf?: HubRef;
  /** --map: the columns' roles, instead of the recognised shape's. */
  map?: ColumnMapping;
  where: string[];
  quick: QuickToggles;
  anchor?: { model: string; value: number };
  bootstrapRounds: number;
  seed: number;
  ties: 'half' | 'davidson';
  intervals: 'bootstrap' | 'sandwich';
  /** Inverse pair-frequency weights; implies sandwich intervals and no bootstrap. */
  reweightPairs: boolean;
  styleControl: boolean;
  /** --control: covariates of the controlled board (core/sql/control-votes.ts). */
  controls: ControlSpec[];
  /** One rating method's scores instead of the board. */
  method?: MethodName;
  audit?: { pairs: [string, string][]; budget?: number; trials: number; folds: number; voterCap: number; voterAlpha: number };
  /** --topics (and --topic ID): clusters and per-topic boards (lib/topics-board.ts); seed is then the clustering's. */
  topics?: { topic: number | null };
  output: 'text' | 'json' | 'csv';
}

/** A significance level in (0, 0.5]. */
function alphaOption(value: string | undefined): number {
  if (value === undefined) return 0.05;
  const a = Number(value);
  if (value.trim() === '' || !(a > 0 && a <= 0.5))
    throw new UsageError(`--voter-alpha must be a number above 0 and at most 0.5, got "${value}"`);
  return a;
}

export function parseRankArgs(argv: string[]): RankArgs | 'help' | { compare: CompareArgs } {
  const { values, positionals } = parseOptions(argv, OPTIONS);
  if (values.help) return 'help';
  if (values['compare-with'] !== undefined) return { compare: parseCompareArgs(values, positionals) };
  if (values['match-key'] !== undefined) throw new UsageError('--match-key goes with --compare-with');
  const hf = hubOption(values.hf, values.config, values.split);
  const reweight = !!values['reweight-pairs'];
  if (reweight && values.intervals === 'bootstrap')
    throw new UsageError('--reweight-pairs has weighted sandwich intervals only; leave out --intervals bootstrap');
  if (reweight && values.bootstrap !== undefined && values.bootstrap.trim() !== '0')
    throw new UsageError('--reweight-pairs runs no bootstrap (its intervals are the weighted sandwich); leave out --bootstrap');
  if (reweight && (values['style-control'] || values.method !== undefined || values.audit))
    throw new UsageError('--reweight-pairs applies to the board only, not to --style-control, --method or --audit');
  if (hf && positionals.length > 0)
    throw new UsageError(`give FILE or --hf, not both (got ${positionals.join(' ')} and --hf ${values.hf})`);
  if (!hf && positionals.length !== 1) {
    throw new UsageError(
      positionals.length === 0
        ? 'FILE is missing (or give --hf OWNER/NAME)'
        : `expected one FILE, got ${positionals.length}: ${positionals.join(' ')}`,
    );
  }
  if (values.json && values.csv) throw new UsageError('--json and --csv cannot be used together');
  const where = values.where ?? [];
  checkWhere(where);
  const method = values.method === undefined ? undefined : choiceOption('method', values.method, METHOD_NAMES, 'bradley-terry');
  if (values.audit && (method || values['style-control']))
    throw new UsageError(`--audit cannot be used with --${method ? 'method' : 'style-control'}`);
  if (method && values['style-control']) throw new UsageError('--method cannot be used with --style-control');
  if (values.audit && values.csv) throw new UsageError('--audit prints text or --json, not --csv');
  for (const name of ['pair', 'budget', 'trials', 'folds', 'voter-cap', 'voter-alpha'] as const)
    if (values[name] !== undefined && !values.audit) throw new UsageError(`--${name} goes with --audit`);
  const audit = values.audit
    ? {
        pairs: (values.pair ?? []).map(pairOption),
        ...(values.budget !== undefined ? { budget: integerOption('budget', values.budget, 100, 1, 1_000_000_000) } : {}),
        trials: integerOption('trials', values.trials, 100, 0, 100_000),
        folds: integerOption('folds', values.folds, 5, 2, 100),
        voterCap: integerOption('voter-cap', values['voter-cap'], 100, 1, 1_000_000_000),
        voterAlpha: alphaOption(values['voter-alpha']),
      }
    : undefined;
  if (values.topic !== undefined && !values.topics) throw new UsageError('--topic goes with --topics');
  const clash = values.topics ? TOPICS_EXCLUDES.find((name) => values[name] !== undefined) : undefined;
  if (clash) throw new UsageError(`--topics cannot be used with --${clash}`);
  return {
    ...(method ? { method } : {}),
    ...(values.topics ? { topics: { topic: topicOption(values.topic) } } : {}),
    ...(audit ? { audit } : {}),
    file: hf ? hf.dataset : positionals[0],
    ...(hf ? { hf } : {}),
    ...(values.map !== undefined ? { map: mapOption(values.map) } : {}),
    where,
    quick: {
      excludeTies: !!values['exclude-ties'],
      excludeBothBad: !!values['exclude-both-bad'],
      excludeFlagged: !!values['exclude-flagged'],
      anonymousOnly: !!values['anonymous-only'],
      dedupOnly: !!values['dedup-only'],
      minVotes: values['min-votes'] === undefined ? null : integerOption('min-votes', values['min-votes'], 0, 0, 1_000_000_000),
    },
    anchor: anchorOption(values.anchor),
    bootstrapRounds: reweight ? 0 : integerOption('bootstrap', values.bootstrap, 1000, 0, 1_000_000),
    seed: values.topics ? topicSeedOption(values.seed) : integerOption('seed', values.seed, 0, 0, 2 ** 32 - 1),
    ties: choiceOption('ties', values.ties, ['half', 'davidson'] as const, 'half'),
    intervals: reweight ? 'sandwich' : choiceOption('intervals', values.intervals, ['bootstrap', 'sandwich'] as const, 'bootstrap'),
    reweightPairs: reweight,
    styleControl: values['style-control'] ?? false,
    controls: controlOptions(values.control ?? [], !!(values['style-control'] || method || values.audit || values.csv)),
    output: values.json ? 'json' : values.csv ? 'csv' : 'text',
  };
}

type Values = ReturnType<typeof parseOptions<typeof OPTIONS>>['values'];

// What --compare-with takes besides FILE: the key, --bootstrap, --seed and --json.
const COMPARE_OPTIONS = new Set(['compare-with', 'match-key', 'bootstrap', 'seed', 'json']);

/** A source to compare: a file, or `hf:owner/name[/config[/split]]`, a Hub dataset (its split, or the default). */
function compareInput(text: string): string | HubRef {
  if (!text.startsWith('hf:')) return text;
  const ref = readHubPath(text.slice(3));
  if (!ref) throw new UsageError(`a Hub dataset to compare is hf:OWNER/NAME[/CONFIG[/SPLIT]], got "${text}"`);
  return ref;
}

function parseCompareArgs(values: Values, positionals: string[]): CompareArgs {
  const other = Object.keys(values).find((name) => !COMPARE_OPTIONS.has(name));
  if (other) throw new UsageError(`--${other} cannot be used with --compare-with`);
  if (positionals.length !== 1) throw new UsageError(`--compare-with compares one FILE with FILE2, got ${positionals.length} FILE(s)`);
  const key = values['match-key'] ?? null;
  if (key !== null && !isMatchKeyText(key))
    throw new UsageError(`--match-key must be COLUMN, pair+COLUMN or pair+COLUMN+COLUMN, got "${key}"`);
  return {
    first: compareInput(positionals[0]),
    second: compareInput(values['compare-with']!),
    key,
    rounds: integerOption('bootstrap', values.bootstrap, 200, 0, 100_000),
    seed: integerOption('seed', values.seed, 0, 0, 2 ** 32 - 1),
    json: !!values.json,
  };
}

/** --control: seat, COLUMN, COLUMN=VALUE or "A_COLUMN - B_COLUMN"; not with another board or --csv. */
function controlOptions(values: readonly string[], other: boolean): ControlSpec[] {
  if (values.length && other)
    throw new UsageError('--control prints the controlled board (text or --json): not with --style-control, --method, --audit or --csv');
  return values.map((v) => {
    const spec = parseControl(v);
    if (!spec) throw new UsageError(`--control must be seat, COLUMN, COLUMN=VALUE or "A_COLUMN - B_COLUMN", got "${v}"`);
    return spec;
  });
}

/** --pair "A vs B": two model names around the first " vs ". */
function pairOption(value: string): [string, string] {
  const at = value.indexOf(' vs ');
  const a = at > 0 ? value.slice(0, at).trim() : '',
    b = at > 0 ? value.slice(at + 4).trim() : '';
  if (!a || !b) throw new UsageError(`--pair must be "MODEL vs MODEL", got "${value}"`);
  return [a, b];
}

/** --hf takes owner/name or a dataset page address; --config and --split only go with it. */
function hubOption(hf: string | undefined, config: string | undefined, split: string | undefined): HubRef | undefined {
  if (hf === undefined) {
    if (config !== undefined || split !== undefined) throw new UsageError(`--${config !== undefined ? 'config' : 'split'} goes with --hf`);
    return undefined;
  }
  const ref = parseHubInput(hf);
  if (!ref) throw new UsageError(`--hf must be OWNER/NAME or a https://huggingface.co/datasets/… address, got "${hf}"`);
  for (const [name, value] of [
    ['config', config],
    ['split', split],
  ] as const) {
    if (value !== undefined && !isConfigOrSplit(value)) throw new UsageError(`--${name} must be a config or split name, got "${value}"`);
  }
  return { dataset: ref.dataset, config: config ?? ref.config, split: split ?? ref.split };
}
