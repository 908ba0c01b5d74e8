/**
 * The SQL console's statement guard: a pure check that a user's text is one read-only query.
 *
 * The text is first cut into tokens the way DuckDB's (Postgres-derived) lexer does it — line and
 * nested block comments, '…' strings with '' escapes, E'…' strings with backslash escapes,
 * $tag$…$tag$ strings, "…" identifiers, words that may contain $ — so that keywords hidden in
 * comments are seen and keywords inside strings are not. Then: exactly one statement, starting
 * with a read-only keyword, no forbidden keyword outside strings, no file-reading function, and no
 * file name in a table position (DuckDB reads `FROM 'x.csv'` and `FROM "x.csv"` as files).
 * Anything the lexer cannot be sure of (an unterminated string or comment) is refused.
 */

export type GuardResult =
  | {
      ok: true;
      /** The statement with comments and trailing semicolons removed, strings intact. */
      sql: string;
      /** The first keyword, lowercased ('select', 'with', 'describe' …). */
      kind: string;
      /** True when the statement can be run as `SELECT * FROM (<sql>) LIMIT n`. */
      wrappable: boolean;
    }
  | { ok: false; reason: string };

type TokenKind = 'word' | 'ident' | 'string' | 'number' | 'punct' | 'space';
interface Token {
  kind: TokenKind;
  /** Source text; for 'word' and 'ident' the name, lowercased (identifier quotes removed). */
  text: string;
  raw: string;
}

export const READ_ONLY_STARTS = ['select', 'with', 'from', 'describe', 'show', 'summarize', 'explain', 'values', 'table'] as const;
// EXPLAIN cannot be a subquery; every other start can (`SELECT * FROM (DESCRIBE battles)` works).
const UNWRAPPABLE = new Set(['explain']);

export const FORBIDDEN_KEYWORDS = [
  'drop',
  'delete',
  'insert',
  'update',
  'create',
  'alter',
  'copy',
  'attach',
  'detach',
  'install',
  'load',
  'set',
  'reset',
  'pragma',
  'call',
  'export',
  'import',
  'checkpoint',
  'vacuum',
  'use',
  'truncate',
  'merge',
  'grant',
  'revoke',
  'prepare',
  'execute',
  'deallocate',
  'begin',
  'commit',
  'rollback',
  'abort',
  'transaction',
  'upsert',
] as const;
const FORBIDDEN = new Set<string>(FORBIDDEN_KEYWORDS);

const FORBIDDEN_FUNCTIONS = new Set([
  'glob',
  'read_text',
  'read_blob',
  'query',
  'query_table',
  'checkpoint',
  'force_checkpoint',
  'sniff_csv',
  'st_read',
  'load_aws_credentials',
  'getenv',
]);
// read_csv, read_csv_auto, read_parquet, read_json*, read_ndjson*, read_xlsx, parquet_scan,
// parquet_metadata, sqlite_scan, iceberg_scan, delta_scan, arrow_scan, http_get …
const FORBIDDEN_FUNCTION_PATTERN = /^(read_|parquet_|sqlite_|postgres_|mysql_|iceberg_|delta_|http_|json_execute)|_scan$|_attach$/;

// Clause keywords: after FROM / JOIN (or a comma within FROM), a string or a dotted quoted name is a file.
const CLAUSES = new Set([
  'select',
  'from',
  'join',
  'where',
  'group',
  'having',
  'order',
  'limit',
  'offset',
  'qualify',
  'window',
  'union',
  'except',
  'intersect',
  'on',
  'using',
  'returning',
  'values',
  'pivot',
  'unpivot',
]);
const TABLE_POSITION = new Set(['from', 'join', 'table', 'describe', 'show', 'summarize', 'desc']);

export function checkReadOnly(input: string): GuardResult {
  const lexed = lex(input);
  if (typeof lexed === 'string') return { ok: false, reason: lexed };
  const tokens = lexed.filter((t) => t.kind !== 'space');
  // Trailing semicolons are fine; any other semicolon separates two statements.
  while (tokens.length && tokens[tokens.length - 1].raw === ';') tokens.pop();
  if (tokens.length === 0) return { ok: false, reason: 'nothing to run: type a query such as SELECT count(*) FROM battles' };
  if (tokens.some((t) => t.raw === ';')) return { ok: false, reason: 'one statement at a time: remove everything after the first ";"' };

  const first = tokens.find((t) => t.raw !== '(');
  const kind = first?.kind === 'word' ? first.text : '';
  if (!(READ_ONLY_STARTS as readonly string[]).includes(kind)) {
    return {
      ok: false,
      reason: `only read-only queries run here: start with ${READ_ONLY_STARTS.map((s) => s.toUpperCase()).join(', ')} (got "${first?.raw ?? ''}")`,
    };
  }

  const clause: string[] = ['none'];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i];
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    if (t.kind === 'word' && FORBIDDEN.has(t.text)) {
      return {
        ok: false,
        reason: `${t.text.toUpperCase()} is not allowed: the console only reads (write "${t.text}" in double quotes if it is a column name)`,
      };
    }
    if ((t.kind === 'word' || t.kind === 'ident') && next?.raw === '(' && isForbiddenFunction(t.text)) {
      return { ok: false, reason: `${t.text}() reads files or runs statements and is not allowed here: query the tables battles and raw` };
    }
    const inTablePosition =
      (prev?.kind === 'word' && TABLE_POSITION.has(prev.text)) ||
      (prev?.raw === ',' && (clause[clause.length - 1] === 'from' || clause[clause.length - 1] === 'join'));
    if (inTablePosition && (t.kind === 'string' || (t.kind === 'ident' && /[./\\:]/.test(t.text)))) {
      return { ok: false, reason: `reading files is not allowed here (${t.raw}): query the tables battles and raw` };
    }
    if (t.kind === 'word' && CLAUSES.has(t.text)) clause[clause.length - 1] = t.text;
    else if (t.raw === '(') clause.push('none');
    else if (t.raw === ')' && clause.length > 1) clause.pop();
  }

  const sql = trimTrailing(lexed)
    .map((t) => (t.kind === 'space' ? (t.raw.includes('\n') ? '\n' : ' ') : t.raw))
    .join('')
    .trim();
  return { ok: true, sql, kind, wrappable: !UNWRAPPABLE.has(kind) };
}

/** `SELECT * FROM (<sql>) LIMIT n` for a checked statement, or the statement itself when it cannot be a subquery. */
export function limitedQuery(checked: Extract<GuardResult, { ok: true }>, limit: number): string {
  if (!Number.isInteger(limit) || limit <= 0) throw new RangeError(`limitedQuery: limit must be a positive integer, got ${limit}`);
  return checked.wrappable ? `SELECT * FROM (\n${checked.sql}\n) LIMIT ${limit}` : checked.sql;
}

function isForbiddenFunction(name: string): boolean {
  return FORBIDDEN_FUNCTIONS.has(name) || FORBIDDEN_FUNCTION_PATTERN.test(name);
}

function trimTrailing(tokens: Token[]): Token[] {
  const out = tokens.slice();
  while (out.length && (out[out.length - 1].kind === 'space' || out[out.length - 1].raw === ';')) out.pop();
  return out;
}

const WORD_START = /[A-Za-z_\u0080-\uFFFF]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uFFFF]/;
const NUMBER = /^(\d|\.\d)/;

/** Tokens (comments become 'space'), or the reason the text cannot be read safely. */
function lex(s: string): Token[] | string {
  const out: Token[] = [];
  let i = 0;
  const push = (kind: TokenKind, start: number, text?: string) =>
    out.push({ kind, raw: s.slice(start, i), text: text ?? s.slice(start, i) });
  while (i < s.length) {
    const c = s[i];
    const start = i;
    if (/\s/.test(c)) {
      while (i < s.length && /\s/.test(s[i])) i++;
      push('space', start);
    } else if (c === '-' && s[i + 1] === '-') {
      while (i < s.length && s[i] !== '\n' && s[i] !== '\r') i++;
      out.push({ kind: 'space', raw: ' ', text: ' ' });
    } else if (c === '/' && s[i + 1] === '*') {
      // Block comments nest in DuckDB: /* /* */ still a comment */.
      let depth = 0;
      while (i < s.length) {
        if (s[i] === '/' && s[i + 1] === '*') {
          depth++;
          i += 2;
        } else if (s[i] === '*' && s[i + 1] === '/') {
          depth--;
          i += 2;
          if (depth === 0) break;
        } else i++;
      }
      if (depth !== 0) return 'unterminated /* comment';
      out.push({ kind: 'space', raw: ' ', text: ' ' });
    } else if (c === "'") {
      const prev = out[out.length - 1];
      const escapes = prev?.kind === 'word' && prev.text === 'e' && prev.raw.length === 1;
      i++;
      let closed = false;
      while (i < s.length) {
        if (escapes && s[i] === '\\') {
          i += 2;
          continue;
        }
        if (s[i] === "'") {
          if (s[i + 1] === "'") {
            i += 2;
            continue;
          }
          i++;
          closed = true;
          break;
        }
        i++;
      }
      if (!closed) return "unterminated string: a quote (') is not closed";
      if (escapes) out.pop();
      push('string', escapes ? start - 1 : start);
      if (escapes) out[out.length - 1].raw = s.slice(start - 1, i);
    } else if (c === '"') {
      i++;
      let name = '';
      let closed = false;
      while (i < s.length) {
        if (s[i] === '"') {
          if (s[i + 1] === '"') {
            name += '"';
            i += 2;
            continue;
          }
          i++;
          closed = true;
          break;
        }
        name += s[i++];
      }
      if (!closed) return 'unterminated quoted name: a double quote (") is not closed';
      push('ident', start, name.toLowerCase());
    } else if (c === '$') {
      const tag = /^\$([A-Za-z_\u0080-\uFFFF][A-Za-z0-9_\u0080-\uFFFF]*)?\$/.exec(s.slice(i));
      if (tag) {
        const end = s.indexOf(tag[0], i + tag[0].length);
        if (end < 0) return `unterminated ${tag[0]} string`;
        i = end + tag[0].length;
        push('string', start);
      } else {
        i++;
        while (i < s.length && /[0-9]/.test(s[i])) i++;
        push('punct', start);
      }
    } else if (WORD_START.test(c)) {
      while (i < s.length && WORD_PART.test(s[i])) i++;
      push('word', start, s.slice(start, i).toLowerCase());
    } else if (NUMBER.test(s.slice(i, i + 2))) {
      i += /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(s.slice(i, i + 400))![0].length;
      push('number', start);
    } else {
      i++;
      push('punct', start);
    }
  }
  return out;
}
