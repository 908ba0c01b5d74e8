/**
 * `rank --style-control`: the page's style-controlled board on native DuckDB. Features from the
 * file's conv_metadata when it has one (LMArena's counts), else measured from the answer texts
 * left in `raw`; the same fit (stats/style-control.ts) and the same records as the page's download.
 */
import { answerColumns, readStyleRows, styleFeaturesSql, STYLE_FEATURES } from '../../core/lenses/style.ts';
import { BATTLES_TABLE } from '../../core/sql/battles.ts';
import type { Connector } from '../../core/sql/connector.ts';
import { modelsSql } from '../../core/sql/pair-counts.ts';
import { convMetadataColumn, METADATA_FEATURES, metadataFeaturesSql } from '../../core/sql/style-metadata.ts';
import { describeSql, readColumns } from '../../core/sql/summary.ts';
import { fitStyleControl, type StyleControlFit } from '../../core/stats/style-control.ts';
import type { ColumnInfo } from '../../core/schema/column.ts';
import { provenanceRecord, type Provenance } from '../../core/export/provenance.ts';
import { toCsv } from '../../core/export/csv.ts';
import { FileError } from './errors.ts';
import { textTable, type TextColumn } from './text-table.ts';

export type StyleSource = 'conv_metadata' | 'text';

export interface StyleBoard {
  fit: StyleControlFit;
  source: StyleSource;
  /** Votes left out for a missing conv_metadata or answer. */
  missingVotes: number;
}

export async function styleBoard(
  db: Connector,
  raw: string,
  rawColumns: readonly ColumnInfo[],
  file: string,
  anchor?: { model: string; value: number },
): Promise<StyleBoard> {
  const names = (await db.query(modelsSql().sql)).map((r) => String(r.model));
  const d = describeSql(BATTLES_TABLE);
  const column = convMetadataColumn(readColumns(await db.query(d.sql, d.params)));
  let rows, features: string[], source: StyleSource;
  if (column) {
    const q = metadataFeaturesSql(column);
    rows = await db.query(q.sql, q.params);
    features = METADATA_FEATURES.map((f) => f.feature);
    source = 'conv_metadata';
  } else {
    const sides = answerColumns(rawColumns);
    if (!sides)
      throw new FileError(
        file,
        '--style-control needs a conv_metadata column or a pair of answer columns (conversation_a/b, response_a/b, …)',
      );
    const [range] = await db.query(`SELECT min(row_id) AS lo, max(row_id) AS hi FROM ${BATTLES_TABLE}`);
    const q = styleFeaturesSql(undefined, {
      text: raw,
      ...sides,
      from: Number(range.lo ?? 0),
      to: Number(range.hi ?? -1) + 1,
      keepPerMillion: null,
    });
    rows = await db.query(q.sql, q.params);
    features = [...STYLE_FEATURES];
    source = 'text';
  }
  const read = readStyleRows(names, rows, features);
  if (read.votes.a.length === 0) throw new FileError(file, 'no vote has style features to fit');
  return { fit: fitStyleControl(read.votes, anchor ? { anchor } : {}), source, missingVotes: read.missingVotes };
}

const r3 = (x: number | null) => (x === null || !Number.isFinite(x) ? null : Number(x.toFixed(3)));

export const STYLE_CSV_HEADER = ['rank', 'model', 'rating', 'lower', 'upper', 'raw_rating', 'raw_rank', 'change', 'votes', 'flag'] as const;

export function styleRecords(board: StyleBoard) {
  return board.fit.rows.map((r) => ({
    rank: r.controlledRank,
    model: r.model,
    rating: r3(r.controlled),
    lower: r3(r.controlledLower),
    upper: r3(r.controlledUpper),
    raw_rating: r3(r.raw),
    raw_rank: r.rawRank,
    change: r3(r.change),
    votes: r.votes,
    flag: r.flag,
  }));
}

export function styleJson(board: StyleBoard, provenance: Provenance): string {
  const { fit } = board;
  return (
    JSON.stringify(
      {
        format: 'arena-lens-style-control/1',
        provenance: { ...provenanceRecord(provenance), interval_method: 'sandwich' },
        features: board.source,
        penalty: fit.penalty,
        anchor: fit.anchor,
        votes_used: fit.votesUsed,
        votes_missing_features: board.missingVotes,
        coefficients: fit.coefficients.map((c) => ({
          feature: c.feature,
          used: c.used,
          mean: r3(c.mean),
          sd: r3(c.sd),
          logit: r3(c.logit),
          se: r3(c.se),
          elo_per_sd: r3(c.eloPerSd),
          elo_lower: r3(c.eloLower),
          elo_upper: r3(c.eloUpper),
        })),
        models: styleRecords(board),
      },
      null,
      2,
    ) + '\n'
  );
}

export function styleCsv(board: StyleBoard): string {
  const records = styleRecords(board);
  return toCsv(
    STYLE_CSV_HEADER,
    records.map((r) => STYLE_CSV_HEADER.map((k) => r[k])),
  );
}

const COLUMNS: TextColumn[] = [
  { header: 'rank', align: 'right' },
  { header: 'model', align: 'left' },
  { header: 'rating', align: 'right' },
  { header: '95% CI', align: 'left' },
  { header: 'raw', align: 'right' },
  { header: 'change', align: 'right' },
  { header: 'votes', align: 'right' },
  { header: 'note', align: 'left' },
];
const fixed = (x: number | null) => (x === null ? '-' : x.toFixed(1));

export function styleText(board: StyleBoard): string {
  const rows = styleRecords(board).map((r) => [
    r.rank === null ? '-' : String(r.rank),
    r.model,
    fixed(r.rating),
    r.lower === null || r.upper === null ? '-' : `[${fixed(r.lower)}, ${fixed(r.upper)}]`,
    fixed(r.raw_rating),
    r.change === null ? '-' : (r.change >= 0 ? '+' : '') + r.change.toFixed(1),
    String(r.votes),
    r.flag ? `finite only through the penalty: ${r.flag}` : '',
  ]);
  const coefficients = board.fit.coefficients.map((c) =>
    c.used
      ? `${c.feature}: ${fixed(c.eloPerSd)} Elo per SD [${fixed(c.eloLower)}, ${fixed(c.eloUpper)}]`
      : `${c.feature}: not fitted (constant)`,
  );
  return (
    textTable(COLUMNS, rows) +
    `\nstyle coefficients (${board.source === 'conv_metadata' ? "LMArena's conv_metadata" : 'measured from the answer texts'}):\n` +
    coefficients.map((l) => `  ${l}\n`).join('')
  );
}
