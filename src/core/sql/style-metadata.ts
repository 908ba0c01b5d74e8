/**
 * LMArena's style features from a `conv_metadata` STRUCT column (arena-human-preference-100k /
 * 140k, as their dataset cards describe it), as FastChat's preprocess_for_style reads them: for each side, the
 * assistant tokens (sum_assistant_{a,b}_tokens) and the totals of header_count_{a,b} (h1…h6),
 * list_count_{a,b} (ordered, unordered) and bold_count_{a,b} ("**", "__") — a struct's fields are
 * summed, as `sum(val.values())` does — then per feature d = (a − b) / (a + b + 1). The
 * z-scoring and the fit are stats/style-control.ts. A row whose conv_metadata or one of the eight
 * fields is NULL has no features: it is returned with NULL counts and left out (and counted).
 * Votes with identical (models, outcome, counts) are summed into one weighted row.
 */
import type { ColumnInfo } from '../schema/column.ts';
import { isNumericType, parseDuckType, type DuckType } from '../schema/duckdb-type.ts';
import { BATTLES_TABLE } from './battles.ts';
import { whereClause } from './pair-counts.ts';
import { quoteIdent, quotePath } from './quote.ts';
import type { SqlCondition, SqlQuery } from './statement.ts';

export const CONV_METADATA = 'conv_metadata';

/** The four features and the conv_metadata field each side reads them from. */
export const METADATA_FEATURES = [
  { feature: 'tokens', a: 'sum_assistant_a_tokens', b: 'sum_assistant_b_tokens' },
  { feature: 'headers', a: 'header_count_a', b: 'header_count_b' },
  { feature: 'lists', a: 'list_count_a', b: 'list_count_b' },
  { feature: 'bold', a: 'bold_count_a', b: 'bold_count_b' },
] as const;

export interface MetadataColumn {
  name: string;
  /** Field name → its type, for the eight fields read. */
  fields: Record<string, DuckType>;
}

/** A number, or a struct of numbers (summed). */
const countable = (t: DuckType): boolean =>
  isNumericType(t) || (t.kind === 'struct' && t.fields.length > 0 && t.fields.every((f) => isNumericType(f.type)));

/**
 * The `conv_metadata` column of battles when it is a STRUCT holding all eight fields as numbers or
 * structs of numbers; null otherwise (a JSON string is decoded into a struct at load).
 */
export function convMetadataColumn(columns: readonly ColumnInfo[]): MetadataColumn | null {
  const info = columns.find((c) => c.name === CONV_METADATA);
  if (!info) return null;
  let type: DuckType;
  try {
    type = parseDuckType(info.type);
  } catch {
    return null;
  }
  if (type.kind !== 'struct') return null;
  const fields: Record<string, DuckType> = {};
  for (const spec of METADATA_FEATURES) {
    for (const name of [spec.a, spec.b]) {
      const field = type.fields.find((f) => f.name === name);
      if (!field || !countable(field.type)) return null;
      fields[name] = field.type;
    }
  }
  return { name: info.name, fields };
}

/** One side's count as SQL: the field itself, or its struct's fields summed (a NULL field counts 0). */
function countSql(column: MetadataColumn, field: string): string {
  const path = [column.name, field],
    type = column.fields[field];
  if (type.kind !== 'struct') return `CAST(${quotePath(path)} AS DOUBLE)`;
  const parts = type.fields.map((f) => `coalesce(CAST(${quotePath([...path, f.name])} AS DOUBLE), 0)`);
  return `CASE WHEN ${quotePath(path)} IS NULL THEN NULL ELSE ${parts.join(' + ')} END`;
}

/**
 * Per distinct (model_a, model_b, outcome, eight counts) of the slice: model codes, outcome code,
 * summed weight (votes), <feature>_a, <feature>_b and d_<feature> for tokens, headers, lists, bold.
 */
export function metadataFeaturesSql(column: MetadataColumn, where?: SqlCondition): SqlQuery {
  const counts = METADATA_FEATURES.flatMap((s) => [
    `${countSql(column, s.a)} AS ${s.feature}_a`,
    `${countSql(column, s.b)} AS ${s.feature}_b`,
  ]);
  const keys = METADATA_FEATURES.flatMap((s) => [`${s.feature}_a`, `${s.feature}_b`]);
  const diffs = METADATA_FEATURES.map(
    (s) => `(${s.feature}_a - ${s.feature}_b) / (${s.feature}_a + ${s.feature}_b + 1.0) AS d_${s.feature}`,
  );
  return {
    sql:
      'WITH v AS (SELECT CAST(enum_code(model_a) AS INTEGER) AS a, CAST(enum_code(model_b) AS INTEGER) AS b, ' +
      `CAST(enum_code(outcome) AS UTINYINT) AS outcome, weight, ${counts.join(', ')} FROM ${quoteIdent(BATTLES_TABLE)}${whereClause(where)}) ` +
      `SELECT a, b, outcome, sum(weight) AS weight, ${keys.join(', ')}, ${diffs.join(', ')} FROM v ` +
      `GROUP BY a, b, outcome, ${keys.join(', ')} ORDER BY a, b, outcome, ${keys.join(', ')}`,
    params: where?.params ?? [],
  };
}
