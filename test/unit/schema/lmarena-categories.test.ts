import { describe, expect, it } from 'vitest';
import { derivedColumns, HARD_PROMPT_CRITERIA } from '../../../src/core/schema/derived.ts';
import { lmarenaCategories } from '../../../src/core/schema/lmarena-categories.ts';
import { CATEGORY_TAG, SHAPES } from './shapes.ts';

describe("LMArena's categories", () => {
  it('are derived from category_tag as the 140k file stores it: hard prompts need 6 of the 7 criteria', () => {
    const derived = derivedColumns(SHAPES['lmarena-140k']);
    expect(derived.map((d) => d.name)).toEqual([
      'prompt_length',
      'turns',
      'hard_prompts',
      'math',
      'instruction_following',
      'creative_writing',
    ]);
    const hard = derived.find((d) => d.name === 'hard_prompts')!.expression;
    for (const c of HARD_PROMPT_CRITERIA) expect(hard).toContain(`"${c}"`);
    expect(hard).toContain('>= 6');
    expect(CATEGORY_TAG).toContain('"criteria_v0.1"');
  });

  it('read the first text part of a 140k message for the prompt length', () => {
    const prompt = derivedColumns(SHAPES['lmarena-140k']).find((d) => d.name === 'prompt_length')!.expression;
    expect(prompt).toContain('"conversation_a"[1].content[1]."text"');
  });

  it('make the pivot set only when at least two of them are there, coding from is_code', () => {
    const bool = (name: string) => ({ name, type: 'BOOLEAN' });
    expect(
      lmarenaCategories([bool('hard_prompts'), bool('is_code'), bool('math'), { name: 'language', type: 'VARCHAR' }]).map((c) => c.label),
    ).toEqual(['hard prompts', 'coding', 'math']);
    expect(lmarenaCategories([bool('is_code')])).toEqual([]);
  });
});
