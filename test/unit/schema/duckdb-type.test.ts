import { describe, expect, it } from 'vitest';
import { isConversationType, parseDuckType, typeAtPath } from '../../../src/core/schema/duckdb-type.ts';
import { SHAPES } from './shapes.ts';

describe('parseDuckType', () => {
  it('reads scalars, lists and structs with quoted field names', () => {
    expect(parseDuckType('VARCHAR')).toEqual({ kind: 'scalar', name: 'VARCHAR' });
    expect(parseDuckType('DECIMAL(18,3)')).toEqual({ kind: 'scalar', name: 'DECIMAL' });
    expect(parseDuckType('TIMESTAMP WITH TIME ZONE')).toEqual({ kind: 'scalar', name: 'TIMESTAMP WITH TIME ZONE' });
    expect(parseDuckType('STRUCT(content VARCHAR, "role" VARCHAR)[]')).toEqual({
      kind: 'list',
      item: {
        kind: 'struct',
        fields: [
          { name: 'content', type: { kind: 'scalar', name: 'VARCHAR' } },
          { name: 'role', type: { kind: 'scalar', name: 'VARCHAR' } },
        ],
      },
    });
    expect(parseDuckType('STRUCT("a ""q"" b" INTEGER)')).toEqual({
      kind: 'struct',
      fields: [{ name: 'a "q" b', type: { kind: 'scalar', name: 'INTEGER' } }],
    });
  });

  it('follows a path into nested structs and stops at a missing field', () => {
    const toxic = parseDuckType(SHAPES['lmsys-conversations'].find((c) => c.name === 'toxic_chat_tag')!.type);
    expect(typeAtPath(toxic, ['roberta-large', 'flagged'])).toEqual({ kind: 'scalar', name: 'BOOLEAN' });
    expect(typeAtPath(toxic, ['roberta-large', 'nope'])).toBeUndefined();
    const mod = parseDuckType(SHAPES['lmsys-conversations'].find((c) => c.name === 'openai_moderation')!.type);
    expect(typeAtPath(mod, ['categories', 'self-harm/intent'])).toEqual({ kind: 'scalar', name: 'BOOLEAN' });
  });

  it('recognises a list of chat turns as a conversation', () => {
    expect(isConversationType(parseDuckType('STRUCT(content VARCHAR, "role" VARCHAR)[]'))).toBe(true);
    expect(isConversationType(parseDuckType('VARCHAR[]'))).toBe(false);
  });

  it('reads every column type of every shape', () => {
    for (const cols of Object.values(SHAPES)) for (const c of cols) expect(() => parseDuckType(c.type)).not.toThrow();
  });
});
