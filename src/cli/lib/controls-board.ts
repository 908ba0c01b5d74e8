/**
 * `rank --control COLUMN …`: the controlled board (stats/controls.ts) of the slice on native DuckDB,
 * with its coefficients in Elo points per unit and per SD and each model's change.
 */
import type { Connector } from '../../core/sql/connector.ts';
import { checkControls, controlCellsSql, readControlVotes, type ControlSpec } from '../../core/sql/control-votes.ts';
import { modelsSql } from '../../core/sql/pair-counts.ts';
import { BATTLES_TABLE } from '../../core/sql/battles.ts';
import type { SqlCondition } from '../../core/sql/statement.ts';
import { describeSql, readColumns } from '../../core/sql/summary.ts';
import { fitControls, type ControlsFit } from '../../core/stats/controls.ts';
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
  // Grouped into cells, as the page reads them: the same fit, far fewer rows than votes.
  const q = controlCellsSql(specs, where);
  const read = readControlVotes(names, specs, await db.query(q.sql, q.params));
  if (read.votes.a.length === 0) throw new FileError(file, 'no vote has every control column set');
  return { fit: fitControls(read.votes, anchor ? { anchor } : {}), missingVotes: read.missingVotes };
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
