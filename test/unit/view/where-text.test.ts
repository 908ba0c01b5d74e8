import { describe, expect, it } from 'vitest';
import { parseWhere, whereFilter } from '../../../src/core/view/where-text.ts';
import { filtersSql } from '../../../src/core/sql/filters.ts';

const schema = [
  { name: 'model_a', type: 'ENUM(a, b)' },
  { name: 'language', type: 'VARCHAR' },
  { name: 'turn', type: 'BIGINT' },
  { name: 'anony', type: 'BOOLEAN' },
  { name: 'tstamp', type: 'DOUBLE' },
  { name: 'day', type: 'DATE' },
  { name: 'openai_moderation', type: 'STRUCT(categories STRUCT("self-harm" BOOLEAN), flagged BOOLEAN)' },
  { name: 'a.b', type: 'VARCHAR' },
];
const filter = (text: string) => whereFilter(parseWhere(text)!, schema);

describe('--where text', () => {
  it('splits at the first operator and keeps the rest of the value as written', () => {
    expect(parseWhere('language=French')).toEqual({ path: 'language', op: '=', value: 'French' });
    expect(parseWhere(' turn >= 2 ')).toEqual({ path: 'turn', op: '>=', value: '2' });
    expect(parseWhere('note=a=b')).toEqual({ path: 'note', op: '=', value: 'a=b' });
    for (const bad of ['language', '=French', 'language=', '']) expect(parseWhere(bad)).toBeNull();
  });

  it('becomes the page filter its column type calls for', () => {
    expect(filter('language=French')).toEqual({ kind: 'in', path: ['language'], values: ['French'] });
    expect(filter('language=["French","German"]')).toEqual({ kind: 'in', path: ['language'], values: ['French', 'German'] });
    expect(filter('language=true')).toEqual({ kind: 'in', path: ['language'], values: ['true'] });
    expect(filter('turn=2')).toEqual({ kind: 'in', path: ['turn'], values: [2] });
    expect(filter('turn>=2')).toEqual({ kind: 'range', path: ['turn'], min: 2 });
    expect(filter('turn<=3')).toEqual({ kind: 'range', path: ['turn'], max: 3 });
    expect(filter('anony=true')).toEqual({ kind: 'boolean', path: ['anony'], value: true });
    expect(filter('openai_moderation.flagged=[false,null]')).toEqual({
      kind: 'in',
      path: ['openai_moderation', 'flagged'],
      values: [false, null],
    });
    expect(filter('openai_moderation.categories.self-harm=false')).toEqual({
      kind: 'boolean',
      path: ['openai_moderation', 'categories', 'self-harm'],
      value: false,
    });
    expect(filter('tstamp>=2024-05-01')).toEqual({ kind: 'date', path: ['tstamp'], from: '2024-05-01' });
    expect(filter('day<2024-06-01')).toEqual({ kind: 'date', path: ['day'], to: '2024-06-01' });
    expect(filter('a.b=x')).toEqual({ kind: 'in', path: ['a.b'], values: ['x'] });
  });

  it('refuses what does not fit, naming the column', () => {
    expect(() => filter('nope=1')).toThrow(/unknown column "nope"; slices can use language, turn/);
    expect(() => filter('turn=two')).toThrow(/"turn" is a number column/);
    expect(() => filter('anony>=1')).toThrow(/"anony" is true\/false/);
    expect(() => filter('language>=a')).toThrow(/"language" holds text: only = applies/);
    expect(() => filter('openai_moderation.nope=true')).toThrow(/has no field "nope"/);
    expect(() => filter('language=[1,')).toThrow(/not a JSON list/);
  });

  it('reaches SQL only as bound parameters, whatever the value says', () => {
    const q = filtersSql([filter("language=French' OR '1'='1")], schema);
    expect(q.sql).toBe('("language" IN ($1))');
    expect(q.params).toEqual(["French' OR '1'='1"]);
  });
});
