import { describe, expect, it } from 'vitest';
import { recogniseColumns } from '../../../src/core/metadata/metadata-columns.ts';
import { badValueNotes, parseMetadata } from '../../../src/core/metadata/metadata-table.ts';
import { parseDelimited } from '../../../src/core/metadata/csv-records.ts';
import { readDate, readParameters, readPrice, BadValue } from '../../../src/core/metadata/metadata-values.ts';

describe('column recognition', () => {
  it('accepts the usual names for each field', () => {
    const cases: [string[], Record<string, string>][] = [
      [
        ['model', 'organization', 'license', 'open_weights', 'price', 'release_date', 'parameters'],
        {
          name: 'model',
          organisation: 'organization',
          licence: 'license',
          openWeights: 'open_weights',
          price: 'price',
          released: 'release_date',
          parameters: 'parameters',
        },
      ],
      [
        ['Name', 'Organisation', 'Licence', 'Open', 'Price per million', 'Released', 'Params'],
        {
          name: 'Name',
          organisation: 'Organisation',
          licence: 'Licence',
          openWeights: 'Open',
          price: 'Price per million',
          released: 'Released',
          parameters: 'Params',
        },
      ],
      [
        ['model_name', 'provider', 'is_open', 'input_price', 'output_price', 'releaseDate', 'params_b'],
        {
          name: 'model_name',
          organisation: 'provider',
          openWeights: 'is_open',
          price: 'input_price',
          released: 'releaseDate',
          parameters: 'params_b',
        },
      ],
      [
        ['modelName', 'org', 'price_per_million_tokens_usd'],
        { name: 'modelName', organisation: 'org', price: 'price_per_million_tokens_usd' },
      ],
    ];
    for (const [columns, roles] of cases) expect(recogniseColumns(columns).roles).toEqual(roles);
    expect(recogniseColumns(['model_name', 'input_price', 'output_price', 'notes']).unused).toEqual(['output_price', 'notes']);
  });
});

describe('reading values', () => {
  it('prices, sizes and dates in the forms files use', () => {
    expect(['2.5', '$2.50', ' 0.15 USD', '.5', 3].map(readPrice)).toEqual([2.5, 2.5, 0.15, 0.5, 3]);
    expect(['free', '-1', '2,5'].map((x) => readPrice(x) instanceof BadValue)).toEqual([true, true, true]);
    expect(['', ' ', 'n/a', '—', null].map(readPrice)).toEqual([null, null, null, null, null]);
    expect(['70', '70B', '1.8T', '350M', '8x7B', 7e9].map(readParameters)).toEqual([70, 70, 1800, 0.35, 56, 7]);
    expect(['2024-05-13', '2024/5/3', '2024-05', '2024', '2024-05-13T00:00:00Z'].map(readDate)).toEqual([
      '2024-05-13',
      '2024-05-03',
      '2024-05-01',
      '2024-01-01',
      '2024-05-13',
    ]);
    expect(['2024-02-30', 'May 2024', '13/05/2024'].map((x) => readDate(x) instanceof BadValue)).toEqual([true, true, true]);
  });
});

describe('a details file', () => {
  it('CSV with quotes, a BOM, semicolons and line breaks inside quotes', () => {
    const r = parseDelimited('\uFEFFmodel;note\n"a;b";"say ""hi""\nagain"\nc;d\n');
    expect(r.columns).toEqual(['model', 'note']);
    expect(r.rows.map((x) => x.values)).toEqual([
      { model: 'a;b', note: 'say "hi"\nagain' },
      { model: 'c', note: 'd' },
    ]);
    expect(r.rows.map((x) => x.line)).toEqual([2, 4]);
  });

  it('counts bad values per column with examples, and keeps the model', () => {
    const t = parseMetadata('model,price,release_date\na,1,2024-01-01\nb,cheap,2024-13-01\nc,free,\nd,2,soon\n', 'm.csv');
    expect(t.models.map((m) => m.name)).toEqual(['a', 'b', 'c', 'd']);
    expect(t.models.map((m) => m.price)).toEqual([1, null, null, 2]);
    expect(t.bad.map((b) => [b.field, b.column, b.count])).toEqual([
      ['price', 'price', 2],
      ['released', 'release_date', 2],
    ]);
    expect(t.bad[0].examples.map((e) => [e.line, e.value])).toEqual([
      [3, 'cheap'],
      [4, 'free'],
    ]);
    const notes = badValueNotes(t);
    expect(notes[0]).toContain('2 price per million tokens values in column "price" could not be read');
    expect(notes[0]).toContain('line 3: "cheap"');
  });

  it('lists rows without a name and repeated models (same key), keeping the first', () => {
    const t = parseMetadata('model,org\nGPT-4,OpenAI\n,Nobody\ngpt_4,Other\n', 'm.csv');
    expect(t.models.map((m) => [m.name, m.organisation])).toEqual([['GPT-4', 'OpenAI']]);
    expect(t.unnamed).toEqual([3]);
    expect(t.repeated).toEqual([{ name: 'gpt_4', line: 4, first: 'GPT-4' }]);
  });

  it('JSON: an array of objects, an object by model name, and JSON lines', () => {
    const array = parseMetadata('[{"name":"a","open":true,"price":1.5},{"name":"b","open":"no","params":"7B"}]', 'm.json');
    expect(array.models.map((m) => [m.name, m.openWeights, m.price, m.parameters])).toEqual([
      ['a', true, 1.5, null],
      ['b', false, null, 7],
    ]);
    const keyed = parseMetadata('{"a":{"organisation":"X"},"b":{"organisation":"Y"}}', 'm.json');
    expect(keyed.models.map((m) => [m.name, m.organisation])).toEqual([
      ['a', 'X'],
      ['b', 'Y'],
    ]);
    const lines = parseMetadata('{"model":"a","org":"X"}\n{"model":"b","org":"Y"}\n', 'm.jsonl');
    expect(lines.models.map((m) => m.organisation)).toEqual(['X', 'Y']);
  });

  it('says what is missing when there is no model column, or no row', () => {
    expect(() => parseMetadata('org,price\nX,1\n', 'm.csv')).toThrow('m.csv has no column of model names');
    expect(() => parseMetadata('org,price\nX,1\n', 'm.csv')).toThrow('"org", "price"');
    expect(() => parseMetadata('model\n', 'm.csv')).toThrow('lists no model');
    expect(() => parseMetadata('[1,2]', 'm.json')).toThrow('item 1 of the JSON array');
  });
});
