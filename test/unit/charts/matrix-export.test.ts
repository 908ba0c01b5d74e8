import { describe, expect, it } from 'vitest';
import { matrixCsv } from '../../../src/core/export/matrix-export.ts';

describe('matrix CSV', () => {
  it('writes the row model then one column per opponent, empty where there is no figure', () => {
    const csv = matrixCsv(
      ['m1', 'm2', 'm3'],
      [
        [null, 0.6123456, null],
        [0.3876544, null, 1],
        [null, 0, null],
      ],
    );
    expect(csv).toBe('model,m1,m2,m3\r\nm1,,0.61235,\r\nm2,0.38765,,1\r\nm3,,0,\r\n');
  });

  it('keeps hostile and awkward model names as text, quoted where CSV needs it', () => {
    const csv = matrixCsv(
      ['<b>bold-model</b>', 'a, "b"', '=cmd()'],
      [
        [null, 2, 3],
        [2, null, 4],
        [3, 4, null],
      ],
      0,
    );
    const [header, ...rows] = csv.trim().split('\r\n');
    expect(header).toBe(`model,<b>bold-model</b>,"a, ""b""",'=cmd()`);
    expect(rows[0]).toBe('<b>bold-model</b>,,2,3');
    expect(rows[2]).toBe(`'=cmd(),3,4,`);
  });

  it('gives the same text for the same matrix', () => {
    const values = [
      [null, 0.5],
      [0.5, null],
    ];
    expect(matrixCsv(['a', 'b'], values)).toBe(matrixCsv(['a', 'b'], values));
  });

  it('refuses a matrix that does not match its names', () => {
    expect(() => matrixCsv(['a', 'b'], [[null]])).toThrow(/2×2/);
  });
});
