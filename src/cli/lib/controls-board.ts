/**
 * `rank --control COLUMN …`: the controlled board (stats/controls.ts) of the slice on native DuckDB,
 * with its coefficients in Elo points per unit and per SD and each model's change.
 */
import type { Connector } from '../../core/sql/connector.ts';
import { checkControls, controlVotesSql, readControlVotes, type ControlSpec } from '../../core/sql/control-votes.ts';
import { modelsSql } from '../../core/sql/pair-counts.ts';
import { BATTLES_TABLE } from '../../core/sql/battles.ts';
import type { SqlCondition } from '../../core/sql/statement.ts';
import { describeSql, readColumns } from '../../core/sql/summary.ts';
import { fitControls, type ControlsFit } from '../../core/stats/controls.ts';
import { provenanceRecord, type Provenance } from '../../core/export/provenance.ts';
import { FileError, UsageError } from './errors.ts';
import { textTable } from './text-table.ts';

export async function controlsBoard(
  db: Connector,
  specs: readonly ControlSpec[],
  where: SqlCondition | undefined,
  file: string,
  anchor?: { model: string; value: number },
): Promise<{ fit: ControlsFit; missingVotes: number }> {
  const d = describeSql(BATTLES_TABLE);
  try {
    checkControls(specs, readColumns(await db.query(d.sql, d.params)));
  } catch (error) {
    throw new UsageError(`--control: ${(error as Error).message}`);
  }
  const names = (await db.query(modelsSql().sql)).map((r) => String(r.model));
  const q = controlVotesSql(specs, where);
  const read = readControlVotes(names, specs, await db.query(q.sql, q.params));
  if (read.votes.a.length === 0) throw new FileError(file, 'no vote has every control column set');
  return { fit: fitControls(read.votes, anchor ? { anchor } : {}), missingVotes: read.missingVotes };
}

const r3 = (x: number | null) => (x === null || !Number.isFinite(x) ? null : Number(x.toFixed(3)));

export function controlsJson(board: { fit: ControlsFit; missingVotes: number }, provenance: Provenance): string {
  const { fit } = board;
  return (
    JSON.stringify(
      {
        format: 'arena-lens-controls/1',
        provenance: provenanceRecord(provenance),
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

const f1 = (x: number | null) => (x === null ? '-' : x.toFixed(1));

export function controlsText(board: { fit: ControlsFit; missingVotes: number }): string {
  const { fit } = board;
  const coef = fit.coefficients.map((c) => [
    c.name,
    c.kind,
    c.used ? `${f1(c.eloPerUnit)} [${f1(c.lowerPerUnit)}, ${f1(c.upperPerUnit)}]` : 'left out (constant)',
    c.eloPerSd === null ? '-' : `${f1(c.eloPerSd)} [${f1(c.lowerPerSd)}, ${f1(c.upperPerSd)}]`,
  ]);
  const rows = fit.rows.map((r) => [
    r.rank === null ? '-' : String(r.rank),
    r.model,
    f1(r.controlled),
    r.lower === null ? '-' : `[${f1(r.lower)}, ${f1(r.upper)}]`,
    f1(r.raw),
    r.rawRank === null ? '-' : String(r.rawRank),
    r.change === null ? '-' : `${r.change >= 0 ? '+' : ''}${r.change.toFixed(1)}`,
    String(r.votes),
    r.flag ? `unrated: ${r.flag}` : '',
  ]);
  return (
    `controls (Elo points; 95% sandwich intervals), fitted on ${fit.votesUsed} of ${fit.votesGiven} votes:\n` +
    textTable(
      [
        { header: 'control', align: 'left' },
        { header: 'kind', align: 'left' },
        { header: 'per unit', align: 'right' },
        { header: 'per SD', align: 'right' },
      ],
      coef,
    ) +
    '\n' +
    textTable(
      [
        { header: 'rank', align: 'right' },
        { header: 'model', align: 'left' },
        { header: 'controlled', align: 'right' },
        { header: '95% CI', align: 'left' },
        { header: 'raw', align: 'right' },
        { header: 'raw rank', align: 'right' },
        { header: 'change', align: 'right' },
        { header: 'votes', align: 'right' },
        { header: 'note', align: 'left' },
      ],
      rows,
    )
  );
}
