/** One column as DuckDB describes it (DESCRIBE / information_schema): its name and type string. */
export interface ColumnInfo {
  name: string;
  /** DuckDB type string, e.g. 'VARCHAR', 'STRUCT(flagged BOOLEAN)[]'. */
  type: string;
}

/** What a column of the raw file is used for once a preset or a mapping is applied. */
export type ColumnRole = 'model_a' | 'model_b' | 'winner' | 'weight' | 'dimension' | 'text' | 'ignored';

export interface ColumnRoleEntry {
  column: string;
  role: ColumnRole;
}

/** Looks a column up by exact name first, then case-insensitively (CSV headers vary in case). */
export function findColumn(columns: readonly ColumnInfo[], name: string): ColumnInfo | undefined {
  return columns.find((c) => c.name === name) ?? columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
}
