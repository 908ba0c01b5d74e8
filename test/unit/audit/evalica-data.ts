import { readFileSync } from 'node:fs';
import { EVALICA } from '../../fixtures/paths.ts';
import type { PairCounts } from '../../../src/core/stats/pair-counts.ts';
import type { MethodName, OrderedVotes } from '../../../src/core/stats/method-compare.ts';

/** evalica's fixtures (test/fixtures/evalica, Apache-2.0; see NOTICE.txt there). */
const DIR = EVALICA + '/';

/** One CSV line split at commas outside double quotes (model names may hold commas). */
function splitCsv(line: string): string[] {
  const out: string[] = [];
  let field = '',
    quoted = false;
  for (let k = 0; k < line.length; k++) {
    const ch = line[k];
    if (quoted) {
      if (ch === '"' && line[k + 1] === '"') {
        field += '"';
        k++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      out.push(field);
      field = '';
    } else field += ch;
  }
  out.push(field);
  return out;
}

function rows(file: string): string[][] {
  return readFileSync(DIR + file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(1)
    .map(splitCsv);
}

const WINNER: Record<string, number> = { left: 0, right: 1, tie: 2 };

/** The comparisons in file order, as one-vote cells and as ordered votes. */
export function evalicaVotes(name: 'llmfao' | 'simple'): { counts: PairCounts; votes: OrderedVotes } {
  const list = rows(`${name}.csv`);
  const models: string[] = [];
  const index = new Map<string, number>();
  const id = (s: string) => {
    if (!index.has(s)) index.set(s, models.push(s) - 1);
    return index.get(s)!;
  };
  const a = Int32Array.from(list, (r) => id(r[0]));
  const b = Int32Array.from(list, (r) => id(r[1]));
  const outcome = Uint8Array.from(list, (r) => {
    const o = WINNER[r[2]];
    if (o === undefined) throw new Error(`unknown winner "${r[2]}" in ${name}.csv`);
    return o;
  });
  return { counts: { models, a, b, outcome, n: new Float64Array(list.length).fill(1) }, votes: { a, b, outcome } };
}

const ALGORITHM: Record<string, MethodName> = {
  counting: 'counting',
  average_win_rate: 'average-win-rate',
  bradley_terry: 'bradley-terry',
  elo: 'elo',
  eigen: 'eigenvector',
  pagerank: 'pagerank',
  newman: 'newman',
};

/** Golden scores: method → model → score. */
export function evalicaGolden(name: 'llmfao' | 'simple'): Map<MethodName, Map<string, number>> {
  const out = new Map<MethodName, Map<string, number>>();
  for (const [algorithm, item, score] of rows(`${name}-golden.csv`)) {
    const method = ALGORITHM[algorithm];
    if (!out.has(method)) out.set(method, new Map());
    out.get(method)!.set(item, Number(score));
  }
  return out;
}

/** evalica's tolerances (pandas assert_series_equal): rtol 1e-4 for Bradley-Terry and Newman, else 1e-5; atol 1e-8. */
export function evalicaRtol(method: MethodName): number {
  return method === 'bradley-terry' || method === 'newman' ? 1e-4 : 1e-5;
}
