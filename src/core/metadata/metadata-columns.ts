/**
 * Which column of a model-details file holds what, recognised tolerantly: a header is compared by
 * its letters and digits only ("Release Date", "release_date" and "releaseDate" are one), against
 * the names such files use. The first column to match a field wins; later ones are listed as unused.
 */
import { modelKey } from './model-key.ts';

export const META_FIELDS = ['name', 'organisation', 'licence', 'openWeights', 'price', 'released', 'parameters'] as const;
export type MetaField = (typeof META_FIELDS)[number];

/** How a field is called on screen. */
export const FIELD_LABELS: Record<MetaField, string> = {
  name: 'model name',
  organisation: 'organisation',
  licence: 'licence',
  openWeights: 'open weights',
  price: 'price per million tokens',
  released: 'release date',
  parameters: 'parameters',
};

/** Accepted headers per field, as keys (letters and digits, lower case), most specific first. */
const ALIASES: Record<MetaField, readonly string[]> = {
  name: ['model', 'name', 'modelname', 'modelid', 'models', 'id', 'key'],
  organisation: ['organisation', 'organization', 'org', 'provider', 'vendor', 'company', 'creator', 'developer', 'lab', 'owner'],
  licence: ['licence', 'license', 'licencetype', 'licensetype', 'licencename', 'licensename'],
  openWeights: [
    'openweights',
    'openweight',
    'open',
    'isopen',
    'isopenweights',
    'opensource',
    'isopensource',
    'weightsavailable',
    'weights',
  ],
  price: [
    'price',
    'pricepermillion',
    'pricepermilliontokens',
    'pricepermtok',
    'priceusd',
    'blendedprice',
    'inputprice',
    'inputpricepermillion',
    'inputpricepermilliontokens',
    'outputprice',
    'cost',
  ],
  released: ['releasedate', 'released', 'release', 'releasedon', 'date', 'publisheddate', 'publishedat', 'createdat'],
  parameters: ['parameters', 'params', 'parametercount', 'paramcount', 'parametersb', 'paramsb', 'size', 'sizeb', 'modelsize'],
};

export interface ColumnRoles {
  /** The file's column for each recognised field. */
  roles: Partial<Record<MetaField, string>>;
  /** Columns the page does not use. */
  unused: string[];
}

function rank(field: MetaField, key: string): number {
  const exact = ALIASES[field].indexOf(key);
  if (exact >= 0) return exact;
  // "price_per_million_usd", "params_billions": a known name followed by a unit.
  const prefix = ALIASES[field].findIndex((a) => a.length >= 5 && key.startsWith(a));
  return prefix >= 0 ? 100 + prefix : -1;
}

export function recogniseColumns(columns: readonly string[]): ColumnRoles {
  const roles: Partial<Record<MetaField, string>> = {};
  const taken = new Set<string>();
  for (const field of META_FIELDS) {
    let best: { column: string; rank: number } | null = null;
    for (const column of columns) {
      if (taken.has(column)) continue;
      const r = rank(field, modelKey(column));
      if (r >= 0 && (!best || r < best.rank)) best = { column, rank: r };
    }
    if (best) {
      roles[field] = best.column;
      taken.add(best.column);
    }
  }
  return { roles, unused: columns.filter((c) => !taken.has(c)) };
}
