/**
 * The public datasets the "Public datasets" menu offers: the five seed datasets Arena Lens is for
 * and LMArena's public releases (their column lists: test/fixtures/published-columns.json). `preset` is the shape each is expected to
 * be recognised as; `id` is null when its card does not say where on the Hub it lives.
 */
export interface PublicDataset {
  id: string | null;
  label: string;
  preset: string;
  /** Said next to it: size, access, what the user should know before opening it. */
  note: string;
}

export const PUBLIC_DATASETS: readonly PublicDataset[] = [
  {
    id: 'lmsys/chatbot_arena_conversations',
    label: 'Chatbot Arena conversations (lmsys, 33k)',
    preset: 'lmsys-conversations',
    note: 'gated: accept its terms on the Hub first',
  },
  {
    id: 'lmsys/mt_bench_human_judgments',
    label: 'MT-Bench human judgments (lmsys)',
    preset: 'mt-bench',
    note: "3.3k experts' votes (split human) and GPT-4's 2.4k verdicts on the same items (split gpt4_pair)",
  },
  {
    id: 'lmarena-ai/arena-human-preference-55k',
    label: 'LMArena human preference 55k',
    preset: 'lmarena-55k',
    note: 'the Kaggle competition release (CSV, converted to parquet by the Hub)',
  },
  {
    id: 'lmarena-ai/arena-human-preference-100k',
    label: 'LMArena human preference 100k',
    preset: 'lmarena',
    note: '2024 release with style metadata',
  },
  {
    id: 'lmarena-ai/arena-human-preference-140k',
    label: 'LMArena human preference 140k',
    preset: 'lmarena',
    note: '2025 release with style metadata',
  },
  { id: 'ArthurSrz/comparag-tool-votes', label: 'CompaRAG tool votes', preset: 'comparag', note: 'under 1k votes' },
  {
    id: 'maxidl/comparia-french-maxx',
    label: 'Compar:IA-French-Maxx',
    preset: 'french-maxx',
    note: '6.6k preference pairs, no model names',
  },
  {
    id: 'kensho/NoFreeLabelsPairwise',
    label: 'VERDICTS pairwise (kensho)',
    preset: 'verdicts',
    note: '604 human verdicts; the card calls it VERDICTSPairwise',
  },
  {
    id: null,
    label: 'GenRM multi-judge (genrm-uf-qwen3-4b-angel-judge…)',
    preset: 'genrm',
    note: 'its card does not name its owner: paste its Hub address',
  },
];
