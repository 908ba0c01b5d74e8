/**
 * Answers with markdown (headers, lists, bold, code blocks) in a model's style, and the counts LMArena's
 * conv_metadata holds, taken from the text the way FastChat counts them (fastchat/serve/monitor/
 * elo_analysis.py count_markdown_elements, after removing fenced code blocks).
 */
import type { Rng } from './rng.ts';
import { answer } from './text.ts';

/** How a model writes: sentences per paragraph, and the probability of a header, a list and bold text. */
export interface StyleProfile {
  sentences: number;
  header: number;
  list: number;
  bold: number;
}

export interface MarkdownCounts {
  header: { h1: number; h2: number; h3: number; h4: number; h5: number; h6: number };
  list: { ordered: number; unordered: number };
  bold: { '**': number; __: number };
}

/** Token counts are characters / 4, rounded up, per message. */
export function tokens(text: string): number {
  return Math.ceil(text.length / 4);
}

export function markdownCounts(text: string): MarkdownCounts {
  const t = text.replace(/```[^`]*```/g, '');
  const n = (re: RegExp) => (t.match(re) ?? []).length;
  return {
    header: {
      h1: n(/^#{1}\s/gm),
      h2: n(/^#{2}\s/gm),
      h3: n(/^#{3}\s/gm),
      h4: n(/^#{4}\s/gm),
      h5: n(/^#{5}\s/gm),
      h6: n(/^#{6}\s/gm),
    },
    list: { ordered: n(/^\s*\d+\.\s/gm), unordered: n(/^\s*[-*+]\s/gm) },
    bold: { '**': n(/\*\*[^*\n]+\*\*/g), __: n(/__[^_\n]+__/g) },
  };
}

export function addCounts(x: MarkdownCounts, y: MarkdownCounts): MarkdownCounts {
  const add = <T extends Record<string, number>>(p: T, q: T): T => Object.fromEntries(Object.keys(p).map((k) => [k, p[k]! + q[k]!])) as T;
  return { header: add(x.header, y.header), list: add(x.list, y.list), bold: add(x.bold, y.bold) };
}

export const NO_MARKDOWN: MarkdownCounts = markdownCounts('');

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One answer in the given style; code questions get a fenced block (whose `# comment` is no header). */
export function styledAnswer(rng: Rng, language: string, topic: string, style: StyleProfile, code = false): string {
  const lines: string[] = [];
  if (rng.bool(style.header)) lines.push(`${'#'.repeat(rng.pick([1, 2, 2, 3]))} ${capital(topic)}`, '');
  const sentences = Math.max(1, Math.round(style.sentences + 0.8 * rng.normal()));
  const lead = rng.bool(style.bold) ? (rng.bool(0.15) ? '__Note:__ ' : '**In short:** ') : '';
  lines.push(lead + answer(rng, language, topic, sentences));
  if (code) {
    lines.push('', '```python', `# ${topic}`, 'def solve(items):', '    return sorted(items, key=len)', '```');
  }
  if (rng.bool(style.list)) {
    const ordered = rng.bool(0.5);
    const items = 2 + rng.int(3);
    lines.push('');
    for (let i = 0; i < items; i++) {
      const bold = rng.bool(style.bold) ? `**Point ${i + 1}:** ` : '';
      lines.push(`${ordered ? `${i + 1}.` : '-'} ${bold}${answer(rng, language, topic, 1)}`);
    }
  }
  if (rng.bool(style.header / 2)) lines.push('', '### Summary', answer(rng, language, topic, 1));
  return lines.join('\n');
}
