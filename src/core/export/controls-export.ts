/**
 * The controlled board (stats/controls.ts) as files: the JSON that `rank --control --json` prints and
 * the page downloads (format arena-lens-controls/1), and the rows of the page's two CSVs, the
 * coefficients and the board.
 */
import type { ControlsFit } from '../stats/controls.ts';
import type { CsvValue } from './csv.ts';
import { provenanceRecord, type Provenance } from './provenance.ts';

/** What a controlled board was fitted on: the fit, and the votes left out for a missing covariate. */
export interface ControlsBoard {
  fit: ControlsFit;
  missingVotes: number;
}

const r3 = (x: number | null) => (x === null || !Number.isFinite(x) ? null : Number(x.toFixed(3)));

export function controlsJson(board: ControlsBoard, provenance: Provenance | null): string {
  const { fit } = board;
  return (
    JSON.stringify(
      {
        format: 'arena-lens-controls/1',
        provenance: provenance ? provenanceRecord(provenance) : null,
        votes_used: fit.votesUsed,
        votes_given: fit.votesGiven,
        votes_missing_controls: board.missingVotes,
        anchor: fit.anchor,
        coefficients: fit.coefficients.map((c) => ({
          control: c.name,
          kind: c.kind,
          used: c.used,
          sd: r3(c.sd),
          logit: c.logit === null ? null : Number(c.logit.toPrecision(6)),
          se: c.se === null ? null : Number(c.se.toPrecision(6)),
          elo_per_unit: r3(c.eloPerUnit),
          elo_per_unit_lower: r3(c.lowerPerUnit),
          elo_per_unit_upper: r3(c.upperPerUnit),
          elo_per_sd: r3(c.eloPerSd),
          elo_per_sd_lower: r3(c.lowerPerSd),
          elo_per_sd_upper: r3(c.upperPerSd),
        })),
        models: fit.rows.map((r) => ({
          rank: r.rank,
          model: r.model,
          rating: r3(r.controlled),
          lower: r3(r.lower),
          upper: r3(r.upper),
          raw_rating: r3(r.raw),
          raw_rank: r.rawRank,
          change: r3(r.change),
          rank_change: r.rankChange,
          votes: r.votes,
          flag: r.flag,
        })),
        warnings: fit.warnings,
      },
      null,
      2,
    ) + '\n'
  );
}

export const COEFFICIENT_CSV_HEADER = [
  'control',
  'kind',
  'used',
  'sd',
  'elo_per_unit',
  'elo_per_unit_lower',
  'elo_per_unit_upper',
  'elo_per_sd',
  'elo_per_sd_lower',
  'elo_per_sd_upper',
  'logit',
  'se',
];

export function coefficientCsvRows(fit: ControlsFit): CsvValue[][] {
  return fit.coefficients.map((c) => [
    c.name,
    c.kind,
    c.used,
    r3(c.sd),
    r3(c.eloPerUnit),
    r3(c.lowerPerUnit),
    r3(c.upperPerUnit),
    r3(c.eloPerSd),
    r3(c.lowerPerSd),
    r3(c.upperPerSd),
    c.logit === null ? null : Number(c.logit.toPrecision(6)),
    c.se === null ? null : Number(c.se.toPrecision(6)),
  ]);
}

/** rank: 1 + models surely above (intervals), as the leaderboard ranks; raw_rank and controlled_rank by point rating. */
export const BOARD_CSV_HEADER = [
  'rank',
  'model',
  'rating',
  'lower',
  'upper',
  'raw_rating',
  'raw_rank',
  'controlled_rank',
  'rank_change',
  'change',
  'votes',
  'flag',
];

export function boardCsvRows(fit: ControlsFit): CsvValue[][] {
  return fit.rows.map((r) => [
    r.rank,
    r.model,
    r3(r.controlled),
    r3(r.lower),
    r3(r.upper),
    r3(r.raw),
    r.rawRank,
    r.pointRank,
    r.rankChange,
    r3(r.change),
    r.votes,
    r.flag,
  ]);
}
