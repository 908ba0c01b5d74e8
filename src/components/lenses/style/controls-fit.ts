/**
 * The controlled board of the chosen covariates: the slice's votes grouped by pair, outcome and
 * covariates in the page's DuckDB (core/sql/control-votes.ts: names quoted, values bound), then the
 * contextual Bradley-Terry in the rating worker. Every row left out is counted, per control.
 */
import type { LensContext } from '../../../state/lens-context.svelte.ts';
import { controlCellsSql, readControlVotes, type ControlSpec } from '../../../core/sql/control-votes.ts';
import { knownControls, noVoteMessage } from '../../../core/lenses/controls.ts';
import { BATTLES_TABLE } from '../../../core/sql/battles.ts';
import { describeSql, readColumns } from '../../../core/sql/summary.ts';
import type { SqlCondition } from '../../../core/sql/statement.ts';
import type { ControlsFit } from '../../../core/stats/controls.ts';

/** Cells read at most: a continuous covariate over millions of votes makes one cell a vote. */
export const MAX_CELLS = 400_000;

export interface ControlsResult {
  fit: ControlsFit;
  /** Votes and rows left out because a covariate is NULL there, in all and per control. */
  missingVotes: number;
  missingRows: number;
  nullRows: number[];
  /** Rows of the slice (the fitted ones and those left out). */
  sliceRows: number;
  /** The controls fitted (in the fit's order), and why any chosen one was not (a column this file lacks). */
  specs: ControlSpec[];
  unknown: string[];
}

export async function fitChosenControls(
  context: Pick<LensContext, 'query' | 'dataset' | 'ratings'>,
  chosen: readonly ControlSpec[],
  where: SqlCondition,
  anchor: { model: string; value: number } | undefined,
  phase: (text: string) => void,
): Promise<ControlsResult> {
  // A link made on another file may name columns this one lacks: those are left out and named, the rest fitted.
  const { specs, unknown } = knownControls(chosen, readColumns(await context.query(describeSql(BATTLES_TABLE))));
  if (specs.length === 0) throw new Error(unknown.join('; '));
  phase('reading the covariates');
  const rows = await context.query(controlCellsSql(specs, where, MAX_CELLS + 1));
  if (rows.length > MAX_CELLS)
    throw new Error(
      `these controls split the slice into more than ${MAX_CELLS.toLocaleString('en')} distinct cells (pair, outcome and values); ` +
        'choose fewer continuous columns or a smaller slice',
    );
  const read = readControlVotes(context.dataset.counts.models, specs, rows);
  const sliceRows = rows.reduce((s, r) => s + Number(r.rows), 0);
  if (read.votes.a.length === 0) throw new Error(noVoteMessage(specs, read.nullRows, sliceRows));
  phase('fitting the contextual Bradley-Terry');
  const anchored = anchor && read.votes.models.includes(anchor.model) ? anchor : undefined;
  const fit = await context.ratings.controls(read.votes, anchored ? { anchor: anchored } : {});
  return { fit, missingVotes: read.missingVotes, missingRows: read.missingRows, nullRows: read.nullRows, sliceRows, specs, unknown };
}
