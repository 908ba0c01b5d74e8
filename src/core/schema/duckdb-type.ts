/**
 * Reads DuckDB type strings as printed by DESCRIBE, enough to see nested structure:
 * 'STRUCT(categories STRUCT("self-harm" BOOLEAN), flagged BOOLEAN)', 'STRUCT(content VARCHAR)[]'.
 * Anything that is not a struct or a list is kept as a scalar with its printed name.
 */
export type DuckType =
  { kind: 'struct'; fields: { name: string; type: DuckType }[] } | { kind: 'list'; item: DuckType } | { kind: 'scalar'; name: string };

export function parseDuckType(text: string): DuckType {
  const p = new Parser(text);
  const t = p.type();
  p.skipSpace();
  if (!p.done()) throw new Error(`parseDuckType: unexpected "${text.slice(p.pos)}" in ${text}`);
  return t;
}

/** parseDuckType, or undefined for a type this parser cannot read (a column of it is simply not offered). */
export function tryParseDuckType(text: string): DuckType | undefined {
  try {
    return parseDuckType(text);
  } catch {
    return undefined;
  }
}

/** The type reached by following struct fields; undefined when a step does not exist. */
export function typeAtPath(type: DuckType, fields: readonly string[]): DuckType | undefined {
  let t: DuckType | undefined = type;
  for (const f of fields) {
    if (t?.kind !== 'struct') return undefined;
    t = t.fields.find((x) => x.name === f)?.type;
  }
  return t;
}

const NUMERIC =
  /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|FLOAT|DOUBLE|DECIMAL.*|INT\d*|REAL)$/;
export const isNumericType = (t: DuckType): boolean => t.kind === 'scalar' && NUMERIC.test(t.name);
export const isBooleanType = (t: DuckType): boolean => t.kind === 'scalar' && t.name === 'BOOLEAN';
export const isTemporalType = (t: DuckType): boolean => t.kind === 'scalar' && /^(DATE|TIMESTAMP.*)$/.test(t.name);
export const isStringType = (t: DuckType): boolean => t.kind === 'scalar' && t.name === 'VARCHAR';

/** A list of structs with a `content` field: chat turns, the usual shape of a conversation column. */
export function isConversationType(t: DuckType): boolean {
  return t.kind === 'list' && t.item.kind === 'struct' && t.item.fields.some((f) => f.name === 'content');
}

class Parser {
  pos = 0;
  constructor(readonly s: string) {}

  done(): boolean {
    return this.pos >= this.s.length;
  }

  skipSpace(): void {
    while (!this.done() && /\s/.test(this.s[this.pos])) this.pos++;
  }

  type(): DuckType {
    this.skipSpace();
    const word = this.word().toUpperCase();
    let t: DuckType;
    if (word === 'STRUCT' && this.peek() === '(') {
      this.pos++;
      const fields: { name: string; type: DuckType }[] = [];
      for (;;) {
        this.skipSpace();
        const name = this.name();
        fields.push({ name, type: this.type() });
        this.skipSpace();
        const c = this.s[this.pos++];
        if (c === ')') break;
        if (c !== ',') throw new Error(`parseDuckType: expected , or ) in ${this.s}`);
      }
      t = { kind: 'struct', fields };
    } else {
      // DECIMAL(18,3), ENUM('a'), MAP(K, V), UNION(…): kept whole, their insides are not needed.
      const start = this.pos - word.length;
      if (this.peek() === '(') this.skipBalanced();
      t = { kind: 'scalar', name: this.s.slice(start, this.pos).trim().toUpperCase() };
      if (t.name.startsWith('DECIMAL')) t = { kind: 'scalar', name: 'DECIMAL' };
    }
    // Suffixes: T[] is a list, T[3] a fixed array; both read as lists here.
    while (this.s.startsWith('[', this.pos)) {
      const end = this.s.indexOf(']', this.pos);
      if (end < 0) throw new Error(`parseDuckType: unclosed [ in ${this.s}`);
      this.pos = end + 1;
      t = { kind: 'list', item: t };
    }
    return t;
  }

  private peek(): string {
    return this.s[this.pos];
  }

  private word(): string {
    // Multi-word types such as 'TIMESTAMP WITH TIME ZONE' come first.
    const rest = this.s.slice(this.pos);
    const m = /^(TIMESTAMP WITH TIME ZONE|TIME WITH TIME ZONE|DOUBLE PRECISION)/i.exec(rest) ?? /^[A-Za-z_]\w*/.exec(rest);
    if (!m) throw new Error(`parseDuckType: expected a type at "${rest}" in ${this.s}`);
    this.pos += m[0].length;
    return m[0];
  }

  private name(): string {
    if (this.peek() === '"') {
      let out = '';
      this.pos++;
      for (;;) {
        const end = this.s.indexOf('"', this.pos);
        if (end < 0) throw new Error(`parseDuckType: unclosed quote in ${this.s}`);
        out += this.s.slice(this.pos, end);
        this.pos = end + 1;
        if (this.peek() !== '"') return out;
        out += '"';
        this.pos++;
      }
    }
    const m = /^[^\s"(),]+/.exec(this.s.slice(this.pos));
    if (!m) throw new Error(`parseDuckType: expected a field name in ${this.s}`);
    this.pos += m[0].length;
    return m[0];
  }

  private skipBalanced(): void {
    let depth = 0;
    let quote: string | null = null;
    for (; !this.done(); this.pos++) {
      const c = this.s[this.pos];
      if (quote) {
        if (c === quote) quote = null;
      } else if (c === "'" || c === '"') quote = c;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) {
        this.pos++;
        return;
      }
    }
    throw new Error(`parseDuckType: unbalanced ( in ${this.s}`);
  }
}
