/**
 * What model details do to a board: which models it hides (open weights only, released on or
 * after a date) and why, the organisation's colour of each model, the price–rating Pareto frontier
 * and the best model of each organisation. Ratings and ranks are the fit's, never refitted: hiding
 * a model only takes its row off the screen.
 */
import type { ModelMeta } from './metadata-table.ts';

export interface DetailsFilter {
  openOnly: boolean;
  /** YYYY-MM-DD: models released before it are hidden; null = no limit. */
  releasedFrom: string | null;
}

export interface HiddenModels {
  hidden: Set<string>;
  /** How many for each reason (a model is counted under its first reason only). */
  closed: number;
  openUnknown: number;
  older: number;
  dateUnknown: number;
}

export function hiddenModels(models: readonly string[], byModel: ReadonlyMap<string, ModelMeta>, filter: DetailsFilter): HiddenModels {
  const out: HiddenModels = { hidden: new Set(), closed: 0, openUnknown: 0, older: 0, dateUnknown: 0 };
  for (const model of models) {
    const meta = byModel.get(model);
    let reason: 'closed' | 'openUnknown' | 'older' | 'dateUnknown' | null = null;
    if (filter.openOnly && meta?.openWeights !== true) reason = meta?.openWeights === false ? 'closed' : 'openUnknown';
    else if (filter.releasedFrom && !meta?.released) reason = 'dateUnknown';
    else if (filter.releasedFrom && meta!.released! < filter.releasedFrom) reason = 'older';
    if (reason) {
      out.hidden.add(model);
      out[reason]++;
    }
  }
  return out;
}

/** "12 models hidden: 9 not open weights, 3 without the information". */
export function hiddenSentence(h: HiddenModels, releasedFrom: string | null): string {
  const parts = [
    h.closed && `${h.closed} not open weights`,
    h.openUnknown && `${h.openUnknown} without an open-weights value`,
    h.older && `${h.older} released before ${releasedFrom}`,
    h.dateUnknown && `${h.dateUnknown} without a release date`,
  ].filter(Boolean);
  const n = h.hidden.size;
  return n === 0 ? 'no model hidden' : `${n} model${n === 1 ? '' : 's'} hidden: ${parts.join(', ')}`;
}

/** Tableau 10 with the last colour (grey) kept for "other" and "unknown". */
export const ORG_COLOURS = ['#4e79a7', '#f28e2c', '#e15759', '#76b7b2', '#59a14f', '#edc949', '#af7aa1', '#ff9da7', '#9c755f'];
export const OTHER_ORG = 'other';
export const UNKNOWN_ORG = 'no details';
export const OTHER_COLOUR = '#bab0ab';

export interface OrgLegend {
  /** Organisation (or OTHER_ORG / UNKNOWN_ORG) of each model. */
  ofModel: Map<string, string>;
  /** Legend entries, the organisations with most models first, then other and unknown. */
  entries: { org: string; colour: string; models: number }[];
}

/** The organisations with most models on the board get their own colour; the rest share "other". */
export function orgLegend(models: readonly string[], byModel: ReadonlyMap<string, ModelMeta>): OrgLegend {
  const count = new Map<string, number>();
  for (const m of models) {
    const org = byModel.get(m)?.organisation;
    if (org) count.set(org, (count.get(org) ?? 0) + 1);
  }
  const orgs = [...count].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const own = new Map(orgs.slice(0, ORG_COLOURS.length).map(([org], k) => [org, ORG_COLOURS[k]]));
  const ofModel = new Map<string, string>();
  let other = 0;
  let unknown = 0;
  for (const m of models) {
    const org = byModel.get(m)?.organisation ?? null;
    const label = org === null ? UNKNOWN_ORG : own.has(org) ? org : OTHER_ORG;
    if (label === UNKNOWN_ORG) unknown++;
    else if (label === OTHER_ORG) other++;
    ofModel.set(m, label);
  }
  const entries = [...own].map(([org, colour]) => ({ org, colour, models: count.get(org)! }));
  if (other) entries.push({ org: OTHER_ORG, colour: OTHER_COLOUR, models: other });
  if (unknown) entries.push({ org: UNKNOWN_ORG, colour: '#dddddd', models: unknown });
  return { ofModel, entries };
}

export interface PricePoint {
  model: string;
  rating: number;
  price: number;
  organisation: string | null;
}

/**
 * The models no other model beats on both counts: none is at most as dear and rated at least as
 * high with one of the two strictly. Cheapest first.
 */
export function paretoFrontier(points: readonly PricePoint[]): PricePoint[] {
  const sorted = [...points].sort((a, b) => a.price - b.price || b.rating - a.rating || (a.model < b.model ? -1 : 1));
  const frontier: PricePoint[] = [];
  let best = -Infinity;
  for (const p of sorted) {
    const last = frontier[frontier.length - 1];
    // A model as dear and as good as the last one is not beaten either.
    if (p.rating > best || (last && p.rating === last.rating && p.price === last.price)) {
      frontier.push(p);
      best = p.rating;
    }
  }
  return frontier;
}

export interface RatedModel {
  model: string;
  rating: number | null;
  rank: number | null;
}

export interface OrgBest {
  organisation: string;
  model: string;
  rating: number;
  rank: number | null;
  /** Rated models of the organisation on the board. */
  models: number;
  openWeights: number;
}

/** Each organisation's highest-rated model, best organisations first. */
export function bestPerOrganisation(rows: readonly RatedModel[], byModel: ReadonlyMap<string, ModelMeta>): OrgBest[] {
  const best = new Map<string, OrgBest>();
  for (const row of rows) {
    const meta = byModel.get(row.model);
    if (row.rating === null || !meta?.organisation) continue;
    const org = meta.organisation;
    const entry = best.get(org);
    const open = meta.openWeights === true ? 1 : 0;
    if (!entry) best.set(org, { organisation: org, model: row.model, rating: row.rating, rank: row.rank, models: 1, openWeights: open });
    else {
      entry.models++;
      entry.openWeights += open;
      if (row.rating > entry.rating) Object.assign(entry, { model: row.model, rating: row.rating, rank: row.rank });
    }
  }
  return [...best.values()].sort((a, b) => b.rating - a.rating || (a.organisation < b.organisation ? -1 : 1));
}
