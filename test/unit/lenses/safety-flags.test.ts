import { describe, expect, it } from 'vitest';
import { hasSafetyFlags } from '../../../src/core/lenses/safety.ts';
import { LMSYS_CONVERSATIONS } from '../../../src/core/schema/presets.ts';

const base = [
  { name: 'model_a', type: 'VARCHAR' },
  { name: 'model_b', type: 'VARCHAR' },
  { name: 'winner', type: 'VARCHAR' },
  { name: 'conversation_a', type: 'STRUCT(content VARCHAR, "role" VARCHAR)[]' },
  { name: 'language', type: 'VARCHAR' },
  { name: 'tstamp', type: 'DOUBLE' },
];

describe('the Safety lens is offered only when the file has flags', () => {
  it('the conversations preset asks for it, but a file of that shape without moderation columns has nothing to show', () => {
    expect(LMSYS_CONVERSATIONS.lenses).toContain('safety');
    expect(hasSafetyFlags(base)).toBe(false);
  });

  it('openai_moderation, toxic_chat_tag classifiers or a boolean flag column each make it worth a tab', () => {
    expect(hasSafetyFlags([...base, { name: 'openai_moderation', type: 'STRUCT(categories STRUCT(hate BOOLEAN), flagged BOOLEAN)' }])).toBe(
      true,
    );
    expect(
      hasSafetyFlags([...base, { name: 'toxic_chat_tag', type: 'STRUCT("roberta-large" STRUCT(flagged BOOLEAN, probability DOUBLE))' }]),
    ).toBe(true);
    expect(hasSafetyFlags([...base, { name: 'is_toxic', type: 'BOOLEAN' }])).toBe(true);
    expect(hasSafetyFlags([...base, { name: 'is_code', type: 'BOOLEAN' }])).toBe(false);
  });
});
