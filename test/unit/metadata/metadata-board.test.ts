import { describe, expect, it } from 'vitest';
import {
  bestPerOrganisation,
  hiddenModels,
  hiddenSentence,
  orgLegend,
  paretoFrontier,
  type PricePoint,
} from '../../../src/core/metadata/metadata-board.ts';
import { parseMetadata } from '../../../src/core/metadata/metadata-table.ts';
import { joinMetadata } from '../../../src/core/metadata/metadata-join.ts';
import { seededRandom } from '../../../src/core/stats/random.ts';

const CSV = `model,org,open,released
a,OpenAI,no,2024-05-13
b,Meta,yes,2023-07-18
c,Meta,yes,2024-07-23
d,Mistral,,2024-02-26
e,Mistral,yes,
`;
const join = joinMetadata(['a', 'b', 'c', 'd', 'e', 'f'], parseMetadata(CSV, 'm.csv').models);

describe('hiding models by their details', () => {
  it('open weights only: closed ones and those without the information, counted apart', () => {
    const h = hiddenModels(['a', 'b', 'c', 'd', 'e', 'f'], join.byModel, { openOnly: true, releasedFrom: null });
    expect([...h.hidden].sort()).toEqual(['a', 'd', 'f']);
    expect([h.closed, h.openUnknown]).toEqual([1, 2]);
    expect(hiddenSentence(h, null)).toBe('3 models hidden: 1 not open weights, 2 without an open-weights value');
  });

  it('released from a date: older ones and those without a date', () => {
    const h = hiddenModels(['a', 'b', 'c', 'd', 'e', 'f'], join.byModel, { openOnly: false, releasedFrom: '2024-03-01' });
    expect([...h.hidden].sort()).toEqual(['b', 'd', 'e', 'f']);
    expect([h.older, h.dateUnknown]).toEqual([2, 2]);
    expect(hiddenModels(['a'], join.byModel, { openOnly: false, releasedFrom: '2024-05-13' }).hidden.size).toBe(0);
  });
});

describe('organisations', () => {
  it('colours the largest organisations first, the rest as other, no details apart', () => {
    const legend = orgLegend(['a', 'b', 'c', 'd', 'e', 'f'], join.byModel);
    expect(legend.entries.map((e) => [e.org, e.models])).toEqual([
      ['Meta', 2],
      ['Mistral', 2],
      ['OpenAI', 1],
      ['no details', 1],
    ]);
    expect(legend.ofModel.get('f')).toBe('no details');
  });

  it('best model per organisation, best organisations first', () => {
    const rows = [
      { model: 'a', rating: 1250, rank: 1 },
      { model: 'b', rating: 1100, rank: 4 },
      { model: 'c', rating: 1200, rank: 2 },
      { model: 'd', rating: 1150, rank: 3 },
      { model: 'e', rating: null, rank: null },
    ];
    expect(bestPerOrganisation(rows, join.byModel)).toEqual([
      { organisation: 'OpenAI', model: 'a', rating: 1250, rank: 1, models: 1, openWeights: 0 },
      { organisation: 'Meta', model: 'c', rating: 1200, rank: 2, models: 2, openWeights: 2 },
      { organisation: 'Mistral', model: 'd', rating: 1150, rank: 3, models: 1, openWeights: 0 },
    ]);
  });
});

describe('price–rating Pareto frontier', () => {
  // The definition, checked pair by pair: a model is on the frontier when no other is at most as
  // dear and at least as good, strictly on one of the two.
  const dominated = (p: PricePoint, all: PricePoint[]) =>
    all.some((q) => q !== p && q.price <= p.price && q.rating >= p.rating && (q.price < p.price || q.rating > p.rating));

  it('a small hand-checked case', () => {
    const pts = [
      { model: 'cheap-weak', price: 0.1, rating: 1000 },
      { model: 'cheap-better', price: 0.2, rating: 1100 },
      { model: 'dear-worse', price: 5, rating: 1050 },
      { model: 'dear-best', price: 10, rating: 1300 },
    ].map((p) => ({ ...p, organisation: null }));
    expect(paretoFrontier(pts).map((p) => p.model)).toEqual(['cheap-weak', 'cheap-better', 'dear-best']);
  });

  it('agrees with the definition on random boards', () => {
    const generator = seededRandom(7);
    const random = () => generator.next();
    for (let trial = 0; trial < 50; trial++) {
      const pts: PricePoint[] = Array.from({ length: 5 + Math.floor(random() * 40) }, (_, k) => ({
        model: `m${k}`,
        // Rounded, so equal prices and equal ratings happen.
        price: Math.round(random() * 20) / 2,
        rating: 900 + Math.round(random() * 30) * 10,
        organisation: null,
      }));
      const expected = pts
        .filter((p) => !dominated(p, pts))
        .map((p) => p.model)
        .sort();
      expect(
        paretoFrontier(pts)
          .map((p) => p.model)
          .sort(),
      ).toEqual(expected);
    }
  });
});
