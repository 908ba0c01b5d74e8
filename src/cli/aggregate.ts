/**
 * npm run aggregate -- INPUT... OUTPUT [--by col1,col2]
 * npm run aggregate -- INPUT... --sql spark|bigquery|trino|duckdb [--table NAME] [--by col1,col2]
 * Turns votes too big for a browser into the compact counts file the page reads as the pair-counts
 * preset: model_a, model_b, winner ('model_a' | 'model_b' | 'tie' | 'tie (bothbad)'), count, then
 * the --by columns; parquet or CSV by OUTPUT's extension. With --sql it prints the same
 * aggregation for a distributed engine instead, with the mapping recognised from INPUT.
 */
import { resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import { OUTCOMES } from '../core/outcome.ts';
import { mappingColumns } from '../core/schema/mapping.ts';
import { SIDE_SYNONYMS, WEIGHT_SYNONYMS, WINNER_SYNONYMS } from '../core/schema/presets.ts';
import { BATTLES_TABLE, keptColumns } from '../core/sql/battles.ts';
import type { Connector } from '../core/sql/connector.ts';
import { quoteIdent } from '../core/sql/quote.ts';
import { aggregateSql, DIALECTS, sqlLiteral, WINNER_LABEL } from '../core/sql/aggregate-sql.ts';
import { UsageError } from './lib/errors.ts';
import { battlesInput, buildBattles, loadAndRecognise, readSummary, type OpenedFile } from './lib/open-file.ts';
import { choiceOption, listOption, parseOptions } from './lib/options.ts';
import { mapOption } from './lib/map-option.ts';
import type { ColumnMapping } from '../core/schema/mapping.ts';
import { describeInput, inputWarnings } from './lib/report.ts';
import { isEntry, processIo, reportError, runAsEntry, type Io } from './lib/run.ts';
import { createNodeConnector } from './node-connector.ts';

export const AGGREGATE_USAGE = `usage: npm run aggregate -- INPUT... OUTPUT [--by col1,col2]
       npm run aggregate -- INPUT... --sql spark|bigquery|trino|duckdb [--table NAME] [--by col1,col2]
  INPUT        parquet, CSV, JSON or JSONL files of one shape: several paths, or a quoted glob ('votes/*.parquet')
  OUTPUT       the counts file to write: .parquet or .csv
  --by COLS    columns to keep as slices of the counts (e.g. language,judge)
  --sql D      print the aggregation as SQL for engine D instead of writing a file
  --table NAME the table the printed SQL reads (default votes; dots separate catalog.schema.table)
  --map M      the columns' roles, for inputs no preset knows: the page's map= (its JSON, or the whole link
               copied after the mapping form); see npm run rank -- --help
`;

const OPTIONS = {
  by: { type: 'string' },
  sql: { type: 'string' },
  table: { type: 'string' },
  map: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

// Output columns, and names the page's detection would read as a role: a --by column cannot take them.
const TAKEN = new Set(['model_a', 'model_b', 'winner', 'count', ...WINNER_SYNONYMS, ...WEIGHT_SYNONYMS, ...SIDE_SYNONYMS.flat()]);

export type AggregateArgs = (
  | { mode: 'file'; inputs: string[]; output: string; format: 'parquet' | 'csv'; by: string[] }
  | { mode: 'sql'; inputs: string[]; dialect: (typeof DIALECTS)[number]; table: string; by: string[] }
) & { /** --map: the columns' roles, instead of the recognised shape's. */ map?: ColumnMapping };

export function parseAggregateArgs(argv: string[]): AggregateArgs | 'help' {
  const { values, positionals } = parseOptions(argv, OPTIONS);
  if (values.help) return 'help';
  const by = listOption('by', values.by);
  const map = values.map !== undefined ? { map: mapOption(values.map) } : {};
  const clash = by.find((c) => TAKEN.has(c.toLowerCase()));
  if (clash) throw new UsageError(`--by: "${clash}" would be read as a role column of the counts file; rename it first`);
  if (values.sql !== undefined) {
    if (positionals.length === 0) throw new UsageError('INPUT is missing');
    const dialect = choiceOption('sql', values.sql, DIALECTS, 'duckdb');
    return { mode: 'sql', inputs: positionals, dialect, table: values.table ?? 'votes', by, ...map };
  }
  if (values.table !== undefined) throw new UsageError('--table only goes with --sql');
  if (positionals.length < 2) throw new UsageError(positionals.length === 0 ? 'INPUT and OUTPUT are missing' : 'OUTPUT is missing');
  const output = positionals[positionals.length - 1];
  const ext = /\.(parquet|pq|csv)$/i.exec(output)?.[1].toLowerCase();
  if (!ext) throw new UsageError(`OUTPUT must end in .parquet or .csv, got "${output}"`);
  const inputs = positionals.slice(0, -1);
  if (inputs.some((i) => resolve(i) === resolve(output))) throw new UsageError(`OUTPUT "${output}" is also an INPUT`);
  return { mode: 'file', inputs, output, format: ext === 'csv' ? 'csv' : 'parquet', by, ...map };
}

export async function main(argv: string[], io: Io = processIo): Promise<number> {
  try {
    const args = parseAggregateArgs(argv);
    if (args === 'help') {
      io.stdout(AGGREGATE_USAGE);
      return 0;
    }
    const db = await createNodeConnector();
    try {
      const opened = await loadAndRecognise(db, args.inputs, {
        keep: {
          columns: args.by,
          check: (columns) =>
            checkBy(
              args.by,
              columns.map((c) => c.name),
              args.inputs,
            ),
        },
        mapping: args.map,
      });
      const mapped = mappingColumns(opened.detection.mapping);
      const roleBy = args.by.find((c) => mapped.includes(c));
      if (roleBy) throw new UsageError(`--by: "${roleBy}" is a model or winner column of the input, not a slice`);
      if (args.mode === 'sql') {
        io.stderr(
          args.map
            ? `mapping from --map: rows whose winner has no label in it are left out\n`
            : `mapping recognised from ${opened.file.name} as ${opened.detection.preset.label} (${opened.detection.preset.id}); ` +
                `winner labels come from its values: rows with other labels are left out\n`,
        );
        io.stdout(aggregateSql({ table: args.table, mapping: opened.detection.mapping, by: args.by, dialect: args.dialect }) + ';\n');
        return 0;
      }
      await buildBattles(db, opened, args.by);
      const summary = await readSummary(db);
      io.stderr(describeInput(opened.file, opened.detection, summary, !!args.map) + '\n');
      for (const w of inputWarnings(opened.file, summary)) io.stderr(`warning: ${w}\n`);
      const cells = await writeCounts(db, opened, args.by, args.output, args.format);
      const bytes = (await stat(args.output)).size;
      io.stderr(
        `wrote ${args.output}: ${cells} rows (${summary.votes} votes, ${summary.models} models${args.by.length ? `, by ${args.by.join(', ')}` : ''}), ${bytes} bytes\n`,
      );
      return 0;
    } finally {
      db.close();
    }
  } catch (error) {
    return reportError(error, 'aggregate', io);
  }
}

function checkBy(by: readonly string[], columns: readonly string[], inputs: readonly string[]): void {
  const missing = by.find((c) => !columns.includes(c));
  if (missing) throw new UsageError(`--by: no column "${missing}" in ${inputs.join(', ')} (columns: ${columns.join(', ')})`);
}

/** Aggregates `battles` into the counts file; returns its number of rows. */
async function writeCounts(db: Connector, opened: OpenedFile, by: string[], output: string, format: 'parquet' | 'csv'): Promise<number> {
  const [{ integral }] = await db.query(
    `SELECT coalesce(bool_and(weight = round(weight)), true) AS integral FROM ${quoteIdent(BATTLES_TABLE)}`,
  );
  const sql = countsFromBattlesSql(opened, by, integral ? 'BIGINT' : 'DOUBLE');
  const options = format === 'parquet' ? '(FORMAT parquet, COMPRESSION zstd)' : '(FORMAT csv, HEADER true)';
  await db.query(`COPY (${sql}) TO $1 ${options}`, [output]);
  const [{ rows }] = await db.query(`SELECT count(*) AS rows FROM (${sql})`);
  return Number(rows);
}

/** The counts query over battles; --by columns are found under the names battles gave them. */
export function countsFromBattlesSql(opened: OpenedFile, by: readonly string[], countType: 'BIGINT' | 'DOUBLE'): string {
  const kept = keptColumns(battlesInput(opened, by));
  const byCols = by.map((c) => `, ${quoteIdent(kept.find((k) => k.source === c)!.name)} AS ${quoteIdent(c)}`).join('');
  const lit = (s: string) => sqlLiteral('duckdb', s);
  const winner = `CASE outcome ${OUTCOMES.map((o) => `WHEN ${lit(o)} THEN ${lit(WINNER_LABEL[o])}`).join(' ')} END`;
  const keys = ['1', '2', '3', ...by.map((_, i) => String(i + 5))].join(', ');
  return (
    `SELECT CAST(model_a AS VARCHAR) AS model_a, CAST(model_b AS VARCHAR) AS model_b, ${winner} AS winner, ` +
    `CAST(sum(weight) AS ${countType}) AS count${byCols} FROM ${quoteIdent(BATTLES_TABLE)} GROUP BY ${keys} ORDER BY ${keys}`
  );
}

if (isEntry(import.meta.url)) runAsEntry(main);
