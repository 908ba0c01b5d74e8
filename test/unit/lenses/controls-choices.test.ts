import { describe, expect, test } from 'vitest';
import {
  controlChoices,
  controlSentence,
  knownControls,
  noVoteMessage,
  readControls,
  specText,
  valueControl,
} from '../../../src/core/lenses/controls.ts';
import { parseControl } from '../../../src/core/sql/control-votes.ts';
import type { ControlCoefficient } from '../../../src/core/stats/controls.ts';
import { decodeView, encodeView } from '../../../src/core/view/url-codec.ts';
import { DEFAULT_VIEW } from '../../../src/core/view/view-state.ts';
import type { Dimension } from '../../../src/core/view/dimensions.ts';

const META =
  'STRUCT(sum_assistant_a_tokens BIGINT, sum_assistant_b_tokens BIGINT, turns BIGINT, header_count_a STRUCT(h1 BIGINT), header_count_b STRUCT(h1 BIGINT))';
const COLUMNS = [
  { name: 'row_id', type: 'BIGINT' },
  { name: 'model_a', type: 'VARCHAR' },
  { name: 'model_b', type: 'VARCHAR' },
  { name: 'weight', type: 'DOUBLE' },
  { name: 'turn', type: 'BIGINT' },
  { name: 'language', type: 'VARCHAR' },
  { name: 'is_code', type: 'BOOLEAN' },
  { name: 'conv_metadata', type: META },
  { name: 'len_a', type: 'DOUBLE' },
  { name: 'len_b', type: 'DOUBLE' },
  { name: 'data', type: 'VARCHAR' },
];
const DIMS: Dimension[] = [
  { path: ['turn'], label: 'turn', kind: 'category' },
  { path: ['language'], label: 'language', kind: 'category' },
  { path: ['is_code'], label: 'is code', kind: 'boolean' },
  { path: ['len_a'], label: 'len a', kind: 'number' },
];

const coefficient = (over: Partial<ControlCoefficient>): ControlCoefficient => ({
  name: 'seat A',
  kind: 'seat',
  used: true,
  sd: 0,
  logit: 0.2,
  se: 0.05,
  eloPerUnit: 34.7,
  lowerPerUnit: 17.7,
  upperPerUnit: 51.8,
  eloPerSd: null,
  lowerPerSd: null,
  upperPerSd: null,
  ...over,
});

describe('the Controls picker', () => {
  test('offers numbers and flags (an integer category too), categories for their values, and a/b field pairs as A − B', () => {
    const c = controlChoices(DIMS, COLUMNS);
    expect(c.columns.map((x) => x.text)).toEqual(['turn', 'is_code', 'len_a']);
    expect(c.categories.map((x) => x.path)).toEqual([['turn'], ['language']]);
    expect(c.sides.map((x) => x.text)).toEqual([
      'conv_metadata.sum_assistant_a_tokens - conv_metadata.sum_assistant_b_tokens',
      'conv_metadata.header_count_a.h1 - conv_metadata.header_count_b.h1',
      'len_a - len_b',
    ]);
    // 'data' holds an "a" inside a word, and model_a / model_b are the models: no pair of them.
    for (const s of c.sides) expect(parseControl(s.text)?.kind).toBe('side');
  });

  test('writes each choice as rank --control reads it, and reads the address texts back once each', () => {
    const v = valueControl(['language'], 'French, Canada');
    expect(v.text).toBe('language=French, Canada');
    for (const t of ['seat', 'turn', v.text, 'len_a - len_b', 'conv_metadata.turns']) expect(specText(parseControl(t)!)).toBe(t);
    const { specs, bad } = readControls(['seat', 'turn', 'seat', '  ', v.text]);
    expect(specs.map((s) => s.name)).toEqual(['seat A', 'turn', 'language = French, Canada']);
    expect(bad).toEqual(['  ']);
  });

  test('keeps the chosen controls in the address, and a link reopens them', () => {
    const state = {
      ...DEFAULT_VIEW,
      lens: 'style',
      slots: { ...DEFAULT_VIEW.slots, style: { controls: ['seat', 'language=Fr,ench', 'len_a - len_b'] } },
    };
    const url = encodeView(state);
    expect(url).toContain('ctl=seat,');
    const back = decodeView(url);
    expect(back.notes).toEqual([]);
    expect(back.state.slots.style.controls).toEqual(['seat', 'language=Fr,ench', 'len_a - len_b']);
    const wrong = decodeView(url.replace('ctl=seat', 'ctl=%20'));
    expect(wrong.state.slots.style.controls).toEqual([]);
    expect(wrong.notes.join(' ')).toMatch(/ctl/);
  });

  test('says what each coefficient means, with its sign, whether its interval holds 0, and why a constant one is left out', () => {
    expect(controlSentence(coefficient({}))).toBe(
      'The model shown first wins as often as a model rated 34.7 points higher would: a pull towards the first seat.',
    );
    const side = controlSentence(
      coefficient({ name: 'len_a − len_b', kind: 'side', sd: 2, eloPerUnit: -5, lowerPerUnit: -8, upperPerUnit: -2, eloPerSd: -10 }),
    );
    expect(side).toBe(
      'The answer with one unit more of it than its opponent’s wins as often as if its model were rated 5.0 points lower (10.0 points lower per SD of 2.00); the controlled ratings hold it equal.',
    );
    const french = controlSentence(
      coefficient({
        name: 'language = French',
        kind: 'battle',
        sd: 0.4,
        eloPerUnit: -6,
        lowerPerUnit: -16,
        upperPerUnit: 5,
        eloPerSd: -2.4,
      }),
      'value',
    );
    expect(french).toMatch(
      /^In votes where language = French, the model in seat A wins as often as if it were rated 6\.0 points lower than in the other votes/,
    );
    expect(french).toMatch(/Its interval holds 0: no clear effect\.$/);
    expect(controlSentence(coefficient({ name: 'turn', kind: 'battle', used: false, eloPerUnit: null }))).toMatch(
      /^Left out: it has the same value in every vote/,
    );
  });

  test('leaves out a control naming a column this file lacks, and says why nothing can be fitted', () => {
    const chosen = ['seat', 'anony', 'turn', 'a_len - b_len'].map((t) => parseControl(t)!);
    const { specs, unknown } = knownControls(chosen, COLUMNS);
    expect(specs.map((s) => s.name)).toEqual(['seat A', 'turn']);
    expect(unknown).toEqual(['control "anony": no column "anony"', 'control "a_len − b_len": no column "a_len"']);
    const two = [parseControl('seat')!, parseControl('turn')!, parseControl('len_a')!];
    expect(noVoteMessage(two, [0, 1200, 1200], 1200)).toBe(
      'no vote can be fitted: turn, len_a are empty (NULL) in all 1,200 rows of the slice',
    );
    expect(noVoteMessage(two, [0, 600, 600], 1200)).toBe(
      'no vote can be fitted: in each of the 1,200 rows of the slice some control is empty (NULL)',
    );
    expect(noVoteMessage(two, [0, 0, 0], 0)).toBe('no votes in this slice');
  });
});
