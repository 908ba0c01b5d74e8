/**
 * Two sources compared (stats/source-compare.ts) as records: the JSON of `rank --compare-with
 * --json` and of the page's download are this one function, the CSVs the models and the
 * disagreements.
 */
import { toCsv } from './csv.ts';
import { keyValueLabel, matchKeyText, type MatchKey } from '../sources/match-key.ts';
import { VERDICTS, type MatchedItem, type SideCounts, type SourceMatch } from '../sources/match-items.ts';
import type { Interval, SourceComparison } from '../stats/source-compare.ts';

export interface SourceNames {
  first: string;
  second: string;
}

const round = (x: number | null, digits: number) => (x === null || !Number.isFinite(x) ? null : Number(x.toFixed(digits)));
const interval = (i: Interval, digits: number) => ({
  value: round(i.value, digits),
  lower: round(i.lower, digits),
  upper: round(i.upper, digits),
});

function side(file: string, c: SideCounts) {
  return { file, votes: c.votes, items: c.items, unmatched_items: c.unmatched, ambiguous_keys: c.ambiguous, votes_without_key: c.noKey };
}

function verdictRecord(t: MatchedItem['first']) {
  return { verdict: t.verdict, a: t.a, b: t.b, tie: t.tie };
}

export function sourceCompareJson(names: SourceNames, key: MatchKey, match: SourceMatch, result: SourceComparison): string {
  return (
    JSON.stringify(
      {
        first: side(names.first, match.first),
        second: side(names.second, match.second),
        match_key: matchKeyText(key),
        matched_items: result.items,
        pair_differs: match.pairDiffers,
        verdict_rule: 'plurality of each side’s votes on the item (both-bad as tie); a shared plurality is a tie',
        agreement: round(result.agreement, 6),
        kappa: { value: round(result.kappa.kappa, 6), lower: round(result.kappa.lower, 6), upper: round(result.kappa.upper, 6) },
        confusion: { first_by_second: VERDICTS, counts: result.confusion },
        boards: 'Bradley-Terry on the matched items, tie = half a win each side, mean 1000',
        kendall_tau: interval(result.tau, 6),
        spearman_rho: interval(result.rho, 6),
        rated_by_both: result.ratedByBoth,
        bootstrap: { over: 'items', rounds: result.rounds, seed: result.seed },
        models: result.models.map((m) => ({
          model: m.model,
          first_rating: round(m.first.rating, 2),
          first_rank: m.first.rank,
          first_votes: m.first.votes,
          second_rating: round(m.second.rating, 2),
          second_rank: m.second.rank,
          second_votes: m.second.votes,
          difference: round(m.difference.value, 2),
          difference_lower: round(m.difference.lower, 2),
          difference_upper: round(m.difference.upper, 2),
        })),
        disagreements: result.disagreements.map((k) => {
          const item = match.items[k];
          return {
            key: keyValueLabel(item.key),
            model_a: item.modelA,
            model_b: item.modelB,
            first: verdictRecord(item.first),
            second: verdictRecord(item.second),
          };
        }),
      },
      null,
      2,
    ) + '\n'
  );
}

/** Each model's rating and rank from both sources and the difference, one row each. */
export function sourceModelsCsv(result: SourceComparison): string {
  return toCsv(
    [
      'model',
      'first_rating',
      'first_rank',
      'first_votes',
      'second_rating',
      'second_rank',
      'second_votes',
      'difference',
      'difference_lower',
      'difference_upper',
    ],
    result.models.map((m) => [
      m.model,
      round(m.first.rating, 2),
      m.first.rank,
      m.first.votes,
      round(m.second.rating, 2),
      m.second.rank,
      m.second.votes,
      round(m.difference.value, 2),
      round(m.difference.lower, 2),
      round(m.difference.upper, 2),
    ]),
  );
}

/** The items the two sources judge differently: both verdicts and the votes behind them. */
export function disagreementsCsv(match: SourceMatch, result: SourceComparison): string {
  return toCsv(
    [
      'key',
      'model_a',
      'model_b',
      'first_verdict',
      'first_a',
      'first_b',
      'first_tie',
      'second_verdict',
      'second_a',
      'second_b',
      'second_tie',
    ],
    result.disagreements.map((k) => {
      const { key, modelA, modelB, first, second } = match.items[k];
      return [key, modelA, modelB, first.verdict, first.a, first.b, first.tie, second.verdict, second.a, second.b, second.tie];
    }),
  );
}
