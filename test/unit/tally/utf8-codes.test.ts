import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Utf8Codes } from '../../../src/core/tally/utf8-codes.ts';

/** An Arrow Utf8 column's buffers for `values`, its bytes placed `pad` bytes into a larger buffer (as in an IPC body). */
function utf8Column(values: (string | null)[], pad: number) {
  const encoded = values.map((v) => new TextEncoder().encode(v ?? ''));
  const offsets = new Int32Array(values.length + 1);
  encoded.forEach((e, r) => (offsets[r + 1] = offsets[r] + e.length));
  const body = new Uint8Array(pad + offsets[values.length] + 3);
  const bytes = body.subarray(pad, pad + offsets[values.length]);
  encoded.forEach((e, r) => bytes.set(e, offsets[r]));
  const validity = new Uint8Array(Math.ceil(values.length / 8));
  values.forEach((v, r) => v !== null && (validity[r >> 3] |= 1 << (r & 7)));
  return { offsets, bytes, validity };
}

/** Codes `batches` with one coder, as the counting worker does row group after row group; returns each row's value read back from its code. */
function roundTrip(batches: (string | null)[][], pads: number[]): { decoded: (string | null)[]; decodes: number } {
  const seen: string[] = [];
  const coder = new Utf8Codes((text) => seen.push(text) - 1);
  const decoded: (string | null)[] = [];
  batches.forEach((values, i) => {
    const { offsets, bytes, validity } = utf8Column(values, pads[i % pads.length]);
    const out = new Int32Array(values.length);
    coder.encode(offsets, bytes, validity, values.length, -1, out);
    out.forEach((code) => decoded.push(code === -1 ? null : seen[code]));
  });
  return { decoded, decodes: seen.length };
}

describe('Utf8Codes', () => {
  it('gives every row the code of its own value, and a value its code once, over batches, nulls and any text', () => {
    const value = fc.oneof(
      fc.constantFrom('', 'a', 'ab', 'abc', 'abcd', 'model_a', 'model_b', 'tie', 'tie (bothbad)', 'gpt-4-0314', 'gpt-4-0613', 'é', '模型'),
      fc.string({ maxLength: 40, unit: 'grapheme' }),
    );
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.option(value, { freq: 8 }), { maxLength: 60 }), { minLength: 1, maxLength: 5 }),
        fc.array(fc.nat(7), { minLength: 1, maxLength: 3 }),
        (batches, pads) => {
          const { decoded, decodes } = roundTrip(batches, pads);
          expect(decoded).toEqual(batches.flat());
          expect(decodes).toBe(new Set(batches.flat().filter((v) => v !== null)).size);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('tells apart values that agree in length and in every hashed word', () => {
    // Same first, middle and last 4 bytes and length: only the word-by-word comparison separates them.
    const values = ['abcdXefghYijkl', 'abcdZefghWijkl', 'abcdXefghWijkl', 'abcdZefghYijkl'];
    const rows = Array.from({ length: 400 }, (_, r) => values[(r * 7) % values.length]);
    const { decoded, decodes } = roundTrip([rows.slice(0, 150), rows.slice(150)], [0, 3]);
    expect(decoded).toEqual(rows);
    expect(decodes).toBe(4);
  });

  it('keeps its codes as the table and its store of bytes grow (thousands of values, long ones)', () => {
    const values = Array.from({ length: 3000 }, (_, k) => `model-${k}-${'x'.repeat(k % 97)}`);
    const rows = Array.from({ length: 9000 }, (_, r) => values[(r * 7919) % values.length]);
    const { decoded, decodes } = roundTrip([rows.slice(0, 4000), rows.slice(4000)], [5]);
    expect(decoded).toEqual(rows);
    expect(decodes).toBe(values.length);
  });
});
