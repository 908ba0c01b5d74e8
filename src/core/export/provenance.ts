/**
 * How a number was made, carried by every caption and download (CSV, JSON, SVG, PNG): the file
 * and its fingerprint, the slice and quick filters, and the fit's anchor, ties model, interval
 * method, bootstrap rounds and seed. Pure: the page and `rank` build it from their own state.
 */
import { toCsv, type CsvValue } from './csv.ts';

export interface Provenance {
  /** File name (or remote address) of the votes. */
  file: string;
  /** io/fingerprint.ts digest of the file (size and both ends), or null when not computed (remote). */
  fingerprint: string | null;
  /** The slice's filters as text, "all votes" when none. */
  slice: string;
  /** Quick filters in force, in words: "ties excluded", "anonymous only", … */
  quickFilters: string[];
  anchor: { model: string; value: number } | null;
  ties: 'half' | 'davidson';
  intervals: 'bootstrap' | 'sandwich';
  /** Bootstrap rounds asked for. */
  rounds: number;
  /** Rounds whose intervals the figures hold (null: no board, e.g. a chart of counts). */
  roundsDone: number | null;
  /** True while the bootstrap still runs: intervals, ranks and tiers will change. */
  provisional: boolean;
  seed: number;
  /** Each vote weighted by the inverse of its pair's frequency (LMArena 2025); absent = unweighted. */
  reweighted?: boolean;
}

export const weightingText = (p: Pick<Provenance, 'reweighted'>) => (p.reweighted ? 'inverse pair frequency' : 'none');
export const anchorText = (p: Pick<Provenance, 'anchor'>) => (p.anchor ? `${p.anchor.model} = ${p.anchor.value}` : 'mean 1000');
export const tiesText = (p: Pick<Provenance, 'ties'>) => (p.ties === 'davidson' ? 'Davidson ties model' : 'tie = half a win each side');
/** The rounds behind the figures: "1000 rounds", "240 of 1000 rounds", or, while they run, "provisional: 1000 rounds running". */
export function roundsText(p: Pick<Provenance, 'rounds' | 'roundsDone' | 'provisional'>): string {
  if (p.provisional) return `provisional: ${p.rounds} rounds running`;
  if (p.roundsDone !== null && p.roundsDone < p.rounds) return `${p.roundsDone} of ${p.rounds} rounds`;
  return `${p.rounds} rounds`;
}

export const intervalText = (p: Pick<Provenance, 'intervals' | 'rounds' | 'roundsDone' | 'provisional'>) =>
  p.intervals === 'sandwich'
    ? '95% sandwich (robust) intervals'
    : p.rounds > 0
      ? `95% bootstrap intervals (${roundsText(p)})`
      : 'no intervals';

/** One line for captions and chart footers. */
export function provenanceLine(p: Provenance): string {
  return [
    ...sourceParts(p),
    `anchor: ${anchorText(p)}`,
    tiesText(p),
    ...(p.reweighted ? ['votes weighted by inverse pair frequency'] : []),
    intervalText(p),
    `bootstrap: ${roundsText(p)}, seed ${p.seed}`,
  ].join(' · ');
}

/** provenanceLine for a chart no rating option changes (counts, or fits with settings of their own): file and slice. */
export function sliceProvenanceLine(p: Provenance): string {
  return sourceParts(p).join(' · ');
}

function sourceParts(p: Provenance): string[] {
  return [
    `${p.file}${p.fingerprint ? ` (fingerprint ${p.fingerprint})` : ''}`,
    `slice: ${p.slice}`,
    `quick filters: ${p.quickFilters.length ? p.quickFilters.join(', ') : 'none'}`,
  ];
}

/** The same as named fields (JSON downloads and `rank --json`). */
export function provenanceRecord(p: Provenance) {
  return {
    source_file: p.file,
    source_fingerprint: p.fingerprint,
    slice: p.slice,
    quick_filters: p.quickFilters,
    anchor: p.anchor,
    ties_model: p.ties,
    interval_method: p.intervals,
    bootstrap_rounds: p.rounds,
    rounds_done: p.roundsDone,
    provisional: p.provisional,
    seed: p.seed,
    vote_weighting: weightingText(p),
  };
}

export const PROVENANCE_COLUMNS = [
  'source_file',
  'source_fingerprint',
  'slice',
  'quick_filters',
  'anchor',
  'ties_model',
  'interval_method',
  'bootstrap_rounds',
  'rounds_done',
  'provisional',
  'seed',
  'vote_weighting',
] as const;

/** A table with the provenance appended as trailing columns, the same on every row (CSV stays one rectangle). */
export function withProvenance(
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
  p: Provenance | null,
): [string[], CsvValue[][]] {
  if (!p) return [[...header], rows.map((r) => [...r])];
  const r = provenanceRecord(p);
  const values: CsvValue[] = [
    r.source_file,
    r.source_fingerprint,
    r.slice,
    r.quick_filters.join('; ') || 'none',
    anchorText(p),
    r.ties_model,
    r.interval_method,
    r.bootstrap_rounds,
    r.rounds_done,
    r.provisional,
    r.seed,
    r.vote_weighting,
  ];
  return [[...header, ...PROVENANCE_COLUMNS], rows.map((row) => [...row, ...values])];
}

/** The short line under a caption: slice, quick filters, anchor and interval method. */
export function captionLine(p: Provenance): string {
  return `${sliceCaption(p)} · anchor ${anchorText(p)} · ${p.reweighted ? 'votes weighted by inverse pair frequency · ' : ''}${intervalText(p)}${p.ties === 'davidson' ? ' · Davidson ties' : ''}`;
}

/** The slice and quick filters alone: the caption of a chart of counts, which no rating option changes. */
export function sliceCaption(p: Provenance): string {
  return `${p.slice}${p.quickFilters.length ? ` (${p.quickFilters.join(', ')})` : ''}`;
}

/** CSV with the provenance as trailing columns (see withProvenance). */
export function provenanceCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[], p: Provenance | null): string {
  const [h, r] = withProvenance(header, rows, p);
  return toCsv(h, r);
}
