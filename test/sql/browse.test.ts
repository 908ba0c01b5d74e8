import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { NodeConnector } from '../../src/cli/node-connector.ts';
import { browsePageSql, conversationLayout, layoutColumns, likePattern, rowConversation, toTurns } from '../../src/core/lenses/browse.ts';
import { buildFromRaw, openDb } from './helpers.ts';

const expected = JSON.parse(readFileSync(resolve('static-data/expected.json'), 'utf8'));
const planted = expected.samples['arena-conversations.parquet'].planted;

describe('the Rows lens on the default sample', () => {
  let db: NodeConnector;
  let columns: string[];
  const layout = () => conversationLayout(columns);
  beforeAll(async () => {
    db = await openDb();
    await db.exec(`CREATE TABLE raw AS SELECT * FROM read_parquet('${resolve('static-data/arena-conversations.parquet')}')`);
    columns = (await buildFromRaw(db, 'raw')).textColumns;
  });
  afterAll(() => db.close());

  const page = (search = '', offset = 0, where = { sql: '', params: [] as (string | number)[] }) =>
    browsePageSql(where, { text: 'raw', columns: layoutColumns(layout()), search, limit: 50, offset });

  test('lays the conversation columns out as side A and side B', () => {
    expect(layout()).toEqual({ prompt: null, a: 'conversation_a', b: 'conversation_b', extra: [] });
  });

  test('pages through every row of the slice, 50 at a time, in file order', async () => {
    const first = await db.query(page().sql, page().params);
    const third = await db.query(page('', 100).sql, page('', 100).params);
    expect(first).toHaveLength(50);
    expect(first[0].total).toBe(expected.samples['arena-conversations.parquet'].rows);
    expect(first.map((r) => r.row_id)).toEqual([...Array(50).keys()]);
    expect(third[0].row_id).toBe(100);
    const sliced = page('', 0, { sql: '"language" = $1', params: ['French'] });
    const french = await db.query(sliced.sql, sliced.params);
    expect(french[0].total).toBe(planted.languages.French);
    expect(french.every((r) => r.language === 'French')).toBe(true);
  });

  const hostile: { question_id: string; kind: string; where: string }[] = planted.hostile_rows.filter(
    (h: { kind: string }) => h.kind !== 'long',
  );
  test.each(hostile)('finds the hostile row $kind by searching its text', async (h) => {
    const needle = (
      {
        script: '<script>alert(1)</script>',
        img: 'onerror=alert',
        jsLink: 'javascript:alert',
        html: '<style>body{display:none}</style>',
        bidi: '\u202Etxt.exe',
        closing: '</td></tr></table>',
        iframe: '<iframe',
      } as Record<string, string>
    )[h.kind];
    const q = page(needle);
    const rows = await db.query(q.sql, q.params);
    expect(rows.map((r) => r.question_id)).toContain(h.question_id);
    const row = rows.find((r) => r.question_id === h.question_id)!;
    const turns = rowConversation(row, layout());
    const text = [...turns.a, ...turns.b].map((t) => t.content).join('\n');
    expect(text).toContain(needle);
    expect(turns.a[0].role).toBe('user');
  });

  test('finds rows by model name and treats % and _ in a search literally', async () => {
    const q = page('tessera-4-turbo');
    const rows = await db.query(q.sql, q.params);
    expect(rows.length).toBeGreaterThan(0);
    expect(
      rows.every(
        (r) =>
          String(r.model_a).includes('tessera-4-turbo') ||
          String(r.model_b).includes('tessera-4-turbo') ||
          JSON.stringify(r).includes('tessera-4-turbo'),
      ),
    ).toBe(true);
    const none = page('%_%_%_%');
    expect(await db.query(none.sql, none.params)).toEqual([]);
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  test('finds the three planted texts over 40 KB', async () => {
    const q = {
      sql: `SELECT count(*) AS n FROM (${page().sql.replace(/ LIMIT 50 OFFSET 0/, '')}) WHERE greatest(length(CAST(text_0 AS VARCHAR)), length(CAST(text_1 AS VARCHAR))) > 40000`,
      params: [],
    };
    expect((await db.query(q.sql, q.params))[0].n).toBe(planted.rows_with_text_over_40k);
  });
});

describe('conversation layouts of the other shapes', () => {
  test.each([
    [['messages', 'response_optimal', 'rejected'], { prompt: 'messages', a: 'response_optimal', b: 'rejected', extra: [] }],
    [['prompt', 'response_1', 'response_2'], { prompt: 'prompt', a: 'response_1', b: 'response_2', extra: [] }],
    [
      ['model_a_conv', 'model_b_conv', 'question', 'model_a_response', 'model_b_response', 'ref_answer'],
      { prompt: null, a: 'model_a_conv', b: 'model_b_conv', extra: ['ref_answer'] },
    ],
    [
      ['question', 'response_1', 'response_2', 'judge_1_reasoning'],
      { prompt: 'question', a: 'response_1', b: 'response_2', extra: ['judge_1_reasoning'] },
    ],
    [['prompt', 'response_a', 'response_b'], { prompt: 'prompt', a: 'response_a', b: 'response_b', extra: [] }],
    [['conversation_a', 'conversation_b', 'full_conversation'], { prompt: null, a: 'conversation_a', b: 'conversation_b', extra: [] }],
    [
      ['opening_msg', 'conversation_a', 'conversation_b', 'conv_comments_a', 'conv_comments_b'],
      { prompt: null, a: 'conversation_a', b: 'conversation_b', extra: ['opening_msg', 'conv_comments_a', 'conv_comments_b'] },
    ],
    [['task', 'goal'], { prompt: 'task', a: null, b: null, extra: ['goal'] }],
    [['notes'], { prompt: null, a: null, b: null, extra: ['notes'] }],
  ])('%j', (columns, layout) => {
    expect(conversationLayout(columns)).toEqual(layout);
  });

  test('reads JSON-encoded lists (LMArena 55k and 100k) and 140k content parts as turns, and leaves other text alone', () => {
    expect(toTurns('["What is 2+2?", "And 3+3?"]', 'user')).toEqual([
      { role: 'user', content: 'What is 2+2?' },
      { role: 'user', content: 'And 3+3?' },
    ]);
    expect(toTurns('[{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello\\nthere"}]', 'assistant')).toEqual([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'hello\nthere' },
    ]);
    expect(
      toTurns(
        [
          {
            role: 'user',
            content: [
              { type: 'text', text: 'part 1' },
              { type: 'image', text: null },
              { type: 'text', text: 'part 2' },
            ],
          },
        ],
        'user',
      ),
    ).toEqual([{ role: 'user', content: 'part 1\n\npart 2' }]);
    expect(toTurns('[not json]', 'user')).toEqual([{ role: 'user', content: '[not json]' }]);
    expect(toTurns('[1, null, 2]', 'user')).toEqual([
      { role: 'user', content: '1' },
      { role: 'user', content: '2' },
    ]);
  });

  test('reads plain-text answers and list prompts as turns', () => {
    const layout = conversationLayout(['messages', 'response_optimal', 'rejected']);
    const row = { text_0: [{ content: 'Bonjour', role: 'user' }], text_1: 'Salut !', text_2: null };
    expect(rowConversation(row, layout)).toEqual({
      prompt: [{ role: 'user', content: 'Bonjour' }],
      a: [{ role: 'assistant', content: 'Salut !' }],
      b: [],
    });
  });
});
