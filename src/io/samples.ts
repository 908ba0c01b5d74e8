/**
 * The built-in samples: real Chatbot Arena counts first (what a first visit shows), then the
 * invented files that demonstrate each preset's lenses. Bundled by Vite as hashed assets (so the page works from any sub-path and
 * fetches nothing but its own files). `static-data/README.md` says how each was generated.
 */
import chatbotArena from '../../static-data/chatbot-arena-20240814-counts.parquet?url';
import chatbotArenaCounts from '../../static-data/chatbot-arena-20240814-counts.counts.json?url';
import chatbotArenaNotice from '../../static-data/chatbot-arena-20240814-counts.NOTICE.txt?url';
import arenaConversations from '../../static-data/arena-conversations.parquet?url';
import arenaConversationsCounts from '../../static-data/arena-conversations.counts.json?url';
import lmarena100k from '../../static-data/lmarena-100k.parquet?url';
import lmarena140k from '../../static-data/lmarena-140k.parquet?url';
import lmarena55k from '../../static-data/lmarena-55k.csv?url';
import comparag from '../../static-data/comparag-votes.parquet?url';
import comparia from '../../static-data/comparia-votes.parquet?url';
import frenchMaxx from '../../static-data/french-maxx.parquet?url';
import genrm from '../../static-data/genrm-judges.parquet?url';
import verdicts from '../../static-data/verdicts.parquet?url';
import pairCounts from '../../static-data/pair-counts.csv?url';
import mtBenchHuman from '../../static-data/mt-bench-human.parquet?url';
import mtBenchGpt4 from '../../static-data/mt-bench-gpt4-pair.parquet?url';
import { DEFAULT_SAMPLE_ID } from '../core/view/view-state.ts';

export interface Sample {
  id: string;
  label: string;
  file: string;
  url: string;
  /** Real votes (the menu lists them apart from the invented samples). */
  real?: boolean;
  /** Pre-aggregated counts, fitted while DuckDB starts so the leaderboard shows at once. */
  countsUrl?: string;
  /** Real data: where it comes from and its licence notice (shown beside the dataset). */
  credit?: { text: string; license: string; noticeUrl: string };
}

/** Every sample is invented data with exactly the columns of the published dataset its label names. */
export const SAMPLES: Sample[] = [
  {
    id: 'chatbot-arena-20240814',
    label: 'Chatbot Arena 2024-08-14, 1.67M votes',
    file: 'chatbot-arena-20240814-counts.parquet',
    url: chatbotArena,
    countsUrl: chatbotArenaCounts,
    real: true,
    credit: {
      text: "Real votes: the anonymous battles of LMSYS's clean_battle_20240814 release, counted per pair by the leaderbot project",
      license: 'BSD-3-Clause',
      noticeUrl: chatbotArenaNotice,
    },
  },
  {
    id: 'arena-conversations',
    label: 'Chatbot Arena conversations',
    file: 'arena-conversations.parquet',
    url: arenaConversations,
    countsUrl: arenaConversationsCounts,
  },
  { id: 'lmarena-100k', label: 'LMArena human preference 100k', file: 'lmarena-100k.parquet', url: lmarena100k },
  { id: 'lmarena-140k', label: 'LMArena human preference 140k', file: 'lmarena-140k.parquet', url: lmarena140k },
  { id: 'lmarena-55k', label: 'LMArena human preference 55k, Kaggle CSV', file: 'lmarena-55k.csv', url: lmarena55k },
  { id: 'comparia-votes', label: 'comparIA votes', file: 'comparia-votes.parquet', url: comparia },
  { id: 'french-maxx', label: 'Compar:IA-French-Maxx pairs', file: 'french-maxx.parquet', url: frenchMaxx },
  { id: 'genrm-judges', label: 'GenRM multi-judge', file: 'genrm-judges.parquet', url: genrm },
  { id: 'verdicts', label: 'VERDICTS pairwise', file: 'verdicts.parquet', url: verdicts },
  { id: 'mt-bench-human', label: 'MT-Bench human judgments', file: 'mt-bench-human.parquet', url: mtBenchHuman },
  { id: 'comparag-votes', label: 'CompaRAG tool votes', file: 'comparag-votes.parquet', url: comparag },
  { id: 'pair-counts', label: 'Pre-aggregated pair counts', file: 'pair-counts.csv', url: pairCounts },
];

export const DEFAULT_SAMPLE = SAMPLES.find((s) => s.id === DEFAULT_SAMPLE_ID)!;

/** Built-in files offered only as the Two sources lens's second source, beside the sample they pair with. */
export const SECOND_SAMPLES: Sample[] = [
  { id: 'mt-bench-gpt4-pair', label: 'MT-Bench GPT-4 verdicts (gpt4_pair)', file: 'mt-bench-gpt4-pair.parquet', url: mtBenchGpt4 },
];

/** A built-in pair for the Two sources lens: a sample and a second source on the same items. */
export interface SamplePair {
  first: string;
  second: string;
  /** What the pair shows, as a button reads. */
  label: string;
}

export const SAMPLE_PAIRS: SamplePair[] = [
  { first: 'mt-bench-human', second: 'mt-bench-gpt4-pair', label: 'MT-Bench: experts and GPT-4 judging the same answers' },
];

/** A sample as a File, so it goes through exactly the path a user's file takes. */
export async function sampleFile(sample: Sample): Promise<File> {
  const response = await fetch(sample.url);
  if (!response.ok) throw new Error(`could not read the built-in sample ${sample.file} (HTTP ${response.status})`);
  return new File([await response.blob()], sample.file);
}
