/**
 * The built-in samples, bundled by Vite as hashed assets (so the page works from any sub-path and
 * fetches nothing but its own files). `static-data/README.md` says how each was generated.
 */
import arenaConversations from '../../static-data/arena-conversations.parquet?url';
import arenaConversationsCounts from '../../static-data/arena-conversations.counts.json?url';
import arenaBattles from '../../static-data/arena-battles.parquet?url';
import comparag from '../../static-data/comparag-votes.parquet?url';
import comparia from '../../static-data/comparia-votes.parquet?url';
import frenchMaxx from '../../static-data/french-maxx.parquet?url';
import genrm from '../../static-data/genrm-judges.parquet?url';
import verdicts from '../../static-data/verdicts.jsonl?url';
import pairCounts from '../../static-data/pair-counts.csv?url';

export interface Sample {
  id: string;
  label: string;
  file: string;
  url: string;
  /** Pre-aggregated counts, fitted while DuckDB starts so the leaderboard shows at once. */
  countsUrl?: string;
}

export const SAMPLES: Sample[] = [
  { id: 'arena-conversations', label: 'Chatbot Arena conversations (sample)', file: 'arena-conversations.parquet', url: arenaConversations, countsUrl: arenaConversationsCounts },
  { id: 'arena-battles', label: 'Chatbot Arena battles (sample)', file: 'arena-battles.parquet', url: arenaBattles },
  { id: 'comparia-votes', label: 'comparIA votes (sample)', file: 'comparia-votes.parquet', url: comparia },
  { id: 'french-maxx', label: 'Compar:IA-French-Maxx pairs (sample)', file: 'french-maxx.parquet', url: frenchMaxx },
  { id: 'genrm-judges', label: 'GenRM multi-judge (sample)', file: 'genrm-judges.parquet', url: genrm },
  { id: 'verdicts', label: 'VERDICTS human labels (sample)', file: 'verdicts.jsonl', url: verdicts },
  { id: 'comparag-votes', label: 'CompaRAG tool votes (sample)', file: 'comparag-votes.parquet', url: comparag },
  { id: 'pair-counts', label: 'Pre-aggregated pair counts (sample)', file: 'pair-counts.csv', url: pairCounts },
];

export const DEFAULT_SAMPLE = SAMPLES[0];

/** A sample as a File, so it goes through exactly the path a user's file takes. */
export async function sampleFile(sample: Sample): Promise<File> {
  const response = await fetch(sample.url);
  if (!response.ok) throw new Error(`could not read the built-in sample ${sample.file} (HTTP ${response.status})`);
  return new File([await response.blob()], sample.file);
}
