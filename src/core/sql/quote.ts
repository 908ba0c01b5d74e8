/**
 * The one place identifiers from users' files become SQL. Values never come through here:
 * they are bound as parameters ($1, $2 …), see statement.ts.
 */

/** Double-quotes an identifier, doubling inner quotes. NUL cannot be represented, so it is refused. */
export function quoteIdent(name: string): string {
  if (typeof name !== 'string' || name.length === 0) {
    throw new Error('quoteIdent: identifier must be a non-empty string');
  }
  if (name.includes('\0')) throw new Error(`quoteIdent: identifier contains NUL: ${JSON.stringify(name)}`);
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A column or a field inside nested structs: ['toxic_chat_tag', 'roberta-large', 'flagged'].
 * The head is parenthesised so DuckDB never reads it as a table name.
 */
export function quotePath(path: readonly string[]): string {
  if (path.length === 0) throw new Error('quotePath: empty path');
  const [head, ...fields] = path;
  if (fields.length === 0) return quoteIdent(head);
  return `(${quoteIdent(head)}).${fields.map(quoteIdent).join('.')}`;
}
