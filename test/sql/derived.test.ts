import { afterAll, describe, expect, it } from 'vitest';
import { derivationSources, derivedColumns, PROMPT_BUCKETS, promptSource, turnSource } from '../../src/core/schema/derived.ts';
import { buildFromRaw, describeTable, openDb } from './helpers.ts';

const db = await openDb();
afterAll(() => db.close());

const message = (role: string, content: string) => `{'role': '${role}', 'content': '${content}'}`;
const x = (n: number) => 'x'.repeat(n);

describe('dimensions derived from the loaded text', () => {
  it('buckets the first user message of a conversation and counts its turns', async () => {
    // Three votes: a 20-char one-turn chat, a 150-char two-turn chat, a 2,500-char three-turn chat.
    const conv = (len: number, turns: number) =>
      `[${Array.from({ length: turns }, (_, t) => `${message('user', t === 0 ? x(len) : 'more')}, ${message('assistant', 'ok')}`).join(', ')}]`;
    await db.exec(`CREATE OR REPLACE TABLE raw_conv AS SELECT * FROM (VALUES
      ('m1', 'm2', 'model_a', ${conv(20, 1)}, ${conv(10, 1)}),
      ('m2', 'm3', 'model_b', ${conv(150, 2)}, ${conv(10, 2)}),
      ('m3', 'm1', 'tie', ${conv(2500, 3)}, ${conv(10, 3)})) t(model_a, model_b, winner, conversation_a, conversation_b)`);
    await buildFromRaw(db, 'raw_conv');
    const rows = await db.query('SELECT CAST(model_a AS VARCHAR) AS a, prompt_length, turns FROM battles ORDER BY a');
    expect(rows).toEqual([
      { a: 'm1', prompt_length: PROMPT_BUCKETS[0], turns: 1 },
      { a: 'm2', prompt_length: PROMPT_BUCKETS[1], turns: 2 },
      { a: 'm3', prompt_length: PROMPT_BUCKETS[3], turns: 3 },
    ]);
  });

  it('uses a prompt column when there is one, and keeps a turn column of the file instead of deriving it', async () => {
    await db.exec(`CREATE OR REPLACE TABLE raw_prompt AS SELECT * FROM (VALUES
      ('m1', 'm2', 'model_a', '${x(49)}', 1), ('m2', 'm1', 'model_a', '${x(50)}', 2),
      ('m1', 'm2', 'model_b', '${x(999)}', 1), ('m2', 'm1', 'model_b', NULL, 1)) t(model_a, model_b, winner, prompt, turn)`);
    const columns = await describeTable(db, 'raw_prompt');
    expect(promptSource(columns)).toEqual({ column: 'prompt', kind: 'text' });
    expect(turnSource(columns)).toBeNull();
    await buildFromRaw(db, 'raw_prompt');
    const rows = await db.query('SELECT prompt_length, count(*) AS n FROM battles GROUP BY ALL ORDER BY ALL');
    expect(rows).toEqual([
      { prompt_length: PROMPT_BUCKETS[0], n: 1 },
      { prompt_length: PROMPT_BUCKETS[1], n: 1 },
      { prompt_length: PROMPT_BUCKETS[2], n: 1 },
      { prompt_length: null, n: 1 },
    ]);
    expect((await describeTable(db, 'battles')).map((c) => c.name)).not.toContain('turns');
  });

  it('derives nothing from files without text, or whose conversations have no message content', () => {
    expect(
      derivedColumns([
        { name: 'model_a', type: 'VARCHAR' },
        { name: 'winner', type: 'VARCHAR' },
      ]),
    ).toEqual([]);
    const opaque = [{ name: 'conversation_a', type: 'STRUCT("role" VARCHAR, "text" VARCHAR)[]' }];
    expect(promptSource(opaque)).toBeNull();
    expect(derivedColumns(opaque).map((d) => d.name)).toEqual(['turns']);
    expect(derivationSources([{ name: 'conversation_a', type: 'STRUCT("content" VARCHAR, "role" VARCHAR)[]' }])).toEqual([
      'conversation_a',
      'conversation_a',
    ]);
  });
});
