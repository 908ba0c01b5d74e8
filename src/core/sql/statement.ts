import type { Connector } from './connector.ts';

/** A value bound to a $n parameter. Dates travel as ISO strings and are cast in SQL. */
export type SqlValue = string | number | boolean | null;

/** One SQL statement and the values for its $1, $2 … placeholders. */
export interface SqlQuery {
  sql: string;
  params: SqlValue[];
  /** Names a statement of a sequence, so a caller can act as soon as it has run. */
  step?: string;
}

/** A boolean SQL condition (no WHERE keyword) with its parameters, numbered from `first`. */
export interface SqlCondition {
  sql: string;
  params: SqlValue[];
}

/** Collects parameter values and hands out their placeholders, so numbering never drifts. */
export class Params {
  readonly values: SqlValue[] = [];
  constructor(private readonly offset = 0) {}

  add(value: SqlValue): string {
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new Error(`params: ${value} is not a finite number`);
    }
    this.values.push(value);
    return `$${this.offset + this.values.length}`;
  }
}

/** Runs statements in order; statements without values go through exec(). */
export async function runStatements(conn: Connector, statements: readonly SqlQuery[]): Promise<void> {
  for (const s of statements) {
    if (s.params.length === 0) await conn.exec(s.sql);
    else await conn.query(s.sql, s.params);
  }
}
