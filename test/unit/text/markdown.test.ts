import { describe, expect, test } from 'vitest';
import { foldText, parseInline, parseMarkdown, splitBidi, type Block, type Inline } from '../../../src/core/text/markdown.ts';

/** All the text a reader would see, joined: what the DOM's textContent would be. */
const inlineText = (nodes: Inline[]): string =>
  nodes
    .map((n) =>
      n.type === 'text' || n.type === 'code'
        ? n.text
        : n.type === 'bidi'
          ? n.char
          : n.type === 'link'
            ? `${inlineText(n.children)} (${n.url})`
            : inlineText(n.children),
    )
    .join('');

describe('the safe markdown reader', () => {
  test('reads paragraphs, headings, lists, quotes, rules and fenced code', () => {
    const blocks = parseMarkdown(
      '# Title\n\nSome **bold** and *em* and `code`.\n\n- one\n- two\n\n3. three\n4. four\n\n> quoted\n\n---\n\n```js\nlet x = 1;\n```',
    );
    expect(blocks.map((b) => b.type)).toEqual(['heading', 'paragraph', 'list', 'list', 'quote', 'rule', 'code']);
    expect(blocks[1]).toEqual({
      type: 'paragraph',
      children: [
        { type: 'text', text: 'Some ' },
        { type: 'strong', children: [{ type: 'text', text: 'bold' }] },
        { type: 'text', text: ' and ' },
        { type: 'em', children: [{ type: 'text', text: 'em' }] },
        { type: 'text', text: ' and ' },
        { type: 'code', text: 'code' },
        { type: 'text', text: '.' },
      ],
    });
    expect(blocks[3]).toMatchObject({ type: 'list', ordered: true, start: 3 });
    expect(blocks[6]).toEqual({ type: 'code', lang: 'js', text: 'let x = 1;' });
  });

  test('keeps HTML as the characters it is made of', () => {
    const source = 'What does this do? <script>alert(1)</script> <img src=x onerror=alert(1)>';
    const [block] = parseMarkdown(source) as [Extract<Block, { type: 'paragraph' }>];
    expect(block.children).toEqual([{ type: 'text', text: source }]);
  });

  test('turns a javascript: link into its label and its address as text, nothing more', () => {
    const nodes = parseInline('[click](javascript:alert(1)) and ![pic](x)');
    expect(nodes[0]).toEqual({ type: 'link', image: false, children: [{ type: 'text', text: 'click' }], url: 'javascript:alert(1' });
    expect(inlineText(nodes)).toContain('javascript:alert(1');
    expect(nodes.find((n) => n.type === 'link' && n.image)).toMatchObject({ url: 'x' });
  });

  test('gives each bidi control character its own node, and loses no character', () => {
    const text = 'rename \u202Etxt.exe safely \u2066(isolated)\u2069';
    const nodes = splitBidi(text);
    expect(nodes.filter((n) => n.type === 'bidi').map((n) => (n as { name: string }).name)).toEqual(['RLO', 'LRI', 'PDI']);
    expect(inlineText(parseInline(text))).toBe(text);
  });

  test('leaves unmatched markers and snake_case as text', () => {
    expect(parseInline('a * b and snake_case_name and 2*3')).toEqual([{ type: 'text', text: 'a * b and snake_case_name and 2*3' }]);
    expect(inlineText(parseInline('**open [x]( `tick'))).toBe('**open [x]( `tick');
  });

  test('reads 50 KB of unmatched markers and keeps every character', () => {
    const text = '*a [b]( _d '.repeat(5000) + '`';
    const blocks = parseMarkdown(text);
    expect(inlineText((blocks[0] as Extract<Block, { type: 'paragraph' }>).children)).toBe(text);
  });

  test('folds long text near the limit, at a line end when it can', () => {
    const text = 'line of text\n'.repeat(500);
    const folded = foldText(text, 1500);
    expect(folded.folded).toBe(true);
    expect(folded.text.length).toBeLessThanOrEqual(1500);
    expect(folded.text.length).toBeGreaterThan(1200);
    expect(text.startsWith(folded.text)).toBe(true);
    expect(foldText('short', 1500)).toEqual({ text: 'short', folded: false });
  });
});
