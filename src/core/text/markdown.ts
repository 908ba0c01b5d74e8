/**
 * A tiny, safe markdown reader for chat text: source → a tree of plain objects that a component
 * renders as elements. There is no HTML in or out: `<b>` stays the four characters "<b>", and a
 * link is its text plus its address as text (never something to click). Bidi control characters
 * (U+202A–202E, U+2066–2069) become their own nodes so the view can isolate and label them.
 *
 * Blocks: paragraphs, # headings, ``` fenced code, - / * / + / 1. lists, > quotes, --- rules.
 * Inlines: `code`, **strong** / __strong__, *em*, [text](url) and ![alt](url).
 * No backtracking regexes run over the whole text, and a marker with no closer is remembered as
 * such, so 50 KB of hostile text parses quickly.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'bidi'; char: string; name: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; image: boolean; children: Inline[]; url: string };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: number; children: Inline[] }
  | { type: 'code'; lang: string; text: string }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'quote'; children: Block[] }
  | { type: 'rule' };

const BIDI_NAMES: Record<string, string> = {
  '\u202A': 'LRE',
  '\u202B': 'RLE',
  '\u202C': 'PDF',
  '\u202D': 'LRO',
  '\u202E': 'RLO',
  '\u2066': 'LRI',
  '\u2067': 'RLI',
  '\u2068': 'FSI',
  '\u2069': 'PDI',
};
const BIDI = /[\u202A-\u202E\u2066-\u2069]/;

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^`\s]*)/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const RULE = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;
const BULLET = /^ {0,3}([-*+])\s+(.*)$/;
const NUMBERED = /^ {0,3}(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^ {0,3}>\s?(.*)$/;
const MAX_DEPTH = 8;

/** Parses markdown source into blocks. Never throws; any text is valid markdown. */
export function parseMarkdown(source: string, depth = 0): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
    paragraph = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const fence = FENCE.exec(line);
    if (fence) {
      flush();
      const marker = fence[1];
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i].trimStart().startsWith(marker)) body.push(lines[i++]);
      blocks.push({ type: 'code', lang: fence[2], text: body.join('\n') });
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: 'heading', level: heading[1].length, children: parseInline(heading[2]) });
      continue;
    }
    if (RULE.test(line)) {
      flush();
      blocks.push({ type: 'rule' });
      continue;
    }
    const quote = QUOTE.exec(line);
    if (quote && depth < MAX_DEPTH) {
      flush();
      const body = [quote[1]];
      while (i + 1 < lines.length && QUOTE.test(lines[i + 1])) body.push(QUOTE.exec(lines[++i])![1]);
      blocks.push({ type: 'quote', children: parseMarkdown(body.join('\n'), depth + 1) });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      flush();
      const ordered = !!numbered;
      const pattern = ordered ? NUMBERED : BULLET;
      const items: string[] = [(bullet ?? numbered)![2]];
      while (i + 1 < lines.length) {
        const next = lines[i + 1];
        const item = pattern.exec(next);
        if (item) {
          items.push(item[2]);
          i++;
        } else if (next.trim() !== '' && /^\s{2,}/.test(next)) {
          items[items.length - 1] += '\n' + next.trim();
          i++;
        } else break;
      }
      blocks.push({ type: 'list', ordered, start: ordered ? Number(numbered![1]) : 1, items: items.map((t) => parseInline(t)) });
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Parses inline markup; unmatched markers stay as text. */
export function parseInline(text: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flushText = () => {
    if (plain) out.push(...splitBidi(plain));
    plain = '';
  };
  // Searches that found nothing from position p find nothing from any later position either.
  const missing = new Map<string, number>();
  const search = (key: string, from: number, find: () => number): number => {
    if (from >= (missing.get(key) ?? Infinity)) return -1;
    const at = find();
    if (at < 0) missing.set(key, from);
    return at;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length && /[\\`*_[\]()#+\-.!>~]/.test(text[i + 1])) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (c === '`') {
      let ticks = 1;
      while (text[i + ticks] === '`') ticks++;
      const marker = '`'.repeat(ticks);
      const end = search(marker, i + ticks, () => text.indexOf(marker, i + ticks));
      if (end > i) {
        flushText();
        out.push({ type: 'code', text: text.slice(i + ticks, end).replace(/^ (.*) $/s, '$1') });
        i = end + ticks;
        continue;
      }
      plain += marker;
      i += ticks;
      continue;
    }
    if (depth < MAX_DEPTH && (c === '*' || c === '_')) {
      const double = text[i + 1] === c;
      const marker = double ? c + c : c;
      const start = i + marker.length;
      // An opening marker must touch a word; `_` only counts at a word boundary (snake_case stays text).
      const opens = start < text.length && !/\s/.test(text[start]) && (c === '*' || i === 0 || !/\w/.test(text[i - 1]));
      const end = opens ? search(marker, start, () => findCloser(text, marker, start)) : -1;
      if (end > start) {
        flushText();
        const children = parseInline(text.slice(start, end), depth + 1);
        out.push(double ? { type: 'strong', children } : { type: 'em', children });
        i = end + marker.length;
        continue;
      }
      plain += marker;
      i += marker.length;
      continue;
    }
    if (c === '[' || (c === '!' && text[i + 1] === '[')) {
      const image = c === '!';
      const open = image ? i + 1 : i;
      const link = depth < MAX_DEPTH && search('](', open, () => text.indexOf('](', open + 1)) >= 0 ? readLink(text, open) : null;
      if (link) {
        flushText();
        out.push({ type: 'link', image, children: parseInline(link.label, depth + 1), url: link.url });
        i = link.end;
        continue;
      }
    }
    plain += c;
    i++;
  }
  flushText();
  return out;
}

function findCloser(text: string, marker: string, from: number): number {
  let at = text.indexOf(marker, from);
  while (at >= 0) {
    const before = text[at - 1];
    const after = text[at + marker.length];
    const closes = before !== undefined && !/\s/.test(before) && (marker[0] === '*' || after === undefined || !/\w/.test(after));
    // `**a**` must not close an `*em*` on its first star.
    if (closes && !(marker.length === 1 && after === marker)) return at;
    at = text.indexOf(marker, at + marker.length);
  }
  return -1;
}

/** `[label](url)` starting at `open` (the '['), or null. Labels and addresses stay on one line. */
function readLink(text: string, open: number): { label: string; url: string; end: number } | null {
  const close = text.indexOf('](', open + 1);
  if (close < 0) return null;
  const label = text.slice(open + 1, close);
  if (label.includes('\n') || label.includes('[')) return null;
  const end = text.indexOf(')', close + 2);
  if (end < 0) return null;
  const url = text.slice(close + 2, end).trim();
  if (url.includes('\n') || /\s/.test(url)) return null;
  return { label, url, end: end + 1 };
}

/** Text, with each bidi control character as its own node. */
export function splitBidi(text: string): Inline[] {
  if (!BIDI.test(text)) return [{ type: 'text', text }];
  const out: Inline[] = [];
  let run = '';
  for (const ch of text) {
    const name = BIDI_NAMES[ch];
    if (name) {
      if (run) out.push({ type: 'text', text: run });
      run = '';
      out.push({ type: 'bidi', char: ch, name });
    } else run += ch;
  }
  if (run) out.push({ type: 'text', text: run });
  return out;
}

/** The first `limit` characters, cut at a line end or space near the limit when there is one. */
export function foldText(text: string, limit = 1500): { text: string; folded: boolean } {
  if (text.length <= limit) return { text, folded: false };
  let cut = text.lastIndexOf('\n', limit);
  if (cut < limit * 0.8) cut = text.lastIndexOf(' ', limit);
  if (cut < limit * 0.8) cut = limit;
  // Never split a surrogate pair.
  if (/[\uD800-\uDBFF]/.test(text[cut - 1] ?? '')) cut--;
  return { text: text.slice(0, cut), folded: true };
}
