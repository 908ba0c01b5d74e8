import { describe, expect, test } from 'vitest';
import { labelMargin, middleTruncate, textWidth } from '../../../src/core/charts/labels.ts';

describe('middleTruncate', () => {
  test('leaves names that fit alone', () => {
    expect(middleTruncate('gpt-4o-2024-05-13', 24)).toBe('gpt-4o-2024-05-13');
  });

  test('keeps the date suffix that tells two versions apart', () => {
    const a = middleTruncate('claude-3-5-sonnet-20240620', 20);
    const b = middleTruncate('claude-3-5-sonnet-20241022', 20);
    expect(a).toBe('claude-3-5…-20240620');
    expect(b).toBe('claude-3-5…-20241022');
    expect(a).not.toBe(b);
  });

  test('keeps the family at the head and the version at the tail', () => {
    expect(middleTruncate('phi-3-mini-4k-instruct-june-2024', 24)).toBe('phi-3-mini-4k…-june-2024');
    expect(middleTruncate('mixtral-8x22b-instruct-v0.1', 20)).toBe('mixtral-8x22b…-v0.1');
    expect(middleTruncate('gemini-1.5-pro-api-0409-preview', 20)).toBe('gemini-1.5…-preview');
  });

  test('never returns more characters than asked, with one ellipsis', () => {
    for (const name of ['a'.repeat(60), 'x-'.repeat(40), 'nous-hermes-2-mixtral-8x7b-dpo', 'gemini-1.5-pro-api-0409-preview']) {
      for (const max of [2, 5, 10, 14, 24]) {
        const short = middleTruncate(name, max);
        expect([...short].length).toBeLessThanOrEqual(max);
        expect(short.split('…')).toHaveLength(2);
      }
    }
  });

  test('a name without separators keeps both of its ends', () => {
    expect(middleTruncate('abcdefghijklmnopqrstuvwxyz', 10)).toBe('abcde…wxyz');
  });

  test('counts characters, not UTF-16 units', () => {
    expect([...middleTruncate('模型'.repeat(20), 9)].length).toBe(9);
  });
});

describe('label widths and margins', () => {
  test('wide letters weigh more than narrow ones', () => {
    expect(textWidth('mmmm')).toBeGreaterThan(textWidth('iiii') * 2);
    expect(textWidth('gamma', 22)).toBeCloseTo(2 * textWidth('gamma', 11));
  });

  test('the margin grows with the longest label and stays within its bounds', () => {
    const short = labelMargin(['a', 'b']);
    const long = labelMargin(['claude-3-5-sonnet-20240620']);
    expect(short).toBe(30);
    expect(long).toBeGreaterThan(140);
    expect(labelMargin(['x'.repeat(500)], { max: 200 })).toBe(200);
  });
});
