/**
 * rank FILE --compare-with FILE2: each file read, recognised and turned into battles exactly as on
 * its own (open-file.ts), each in its own DuckDB database; their votes matched into items by a key
 * (proposed from the columns both have, or --match-key) and compared (stats/source-compare.ts).
 */
import { basename } from 'node:path';
import { hubLabel, type HubRef } from '../../core/hub/hub-ref.ts';
import { sourceCompareJson } from '../../core/export/source-compare-export.ts';
import { mappingColumns } from '../../core/schema/mapping.ts';
import { matchKeyChoices, matchKeyLabel, matchKeyText, readMatchKey, type MatchKey } from '../../core/sources/match-key.ts';
import { matchItems, type SourceMatch } from '../../core/sources/match-items.ts';
import { readSourceVotes, sourceVotesSql } from '../../core/sql/source-votes.ts';
import { compareSources, type Interval, type SourceComparison } from '../../core/stats/source-compare.ts';
import { createNodeConnector, type NodeConnector } from '../node-connector.ts';
import { FileError, UsageError } from './errors.ts';
import { buildBattles, loadAndRecognise, RAW_TABLE, readSummary, type OpenedFile } from './open-file.ts';
import { describeInput } from './report.ts';
import type { Io } from './run.ts';
import { textTable } from './text-table.ts';

export interface CompareArgs {
  /** A file's path, or a Hub dataset. */
  first: string | HubRef;
  second: string | HubRef;
  /** --match-key as given (read against both files' columns); null: the proposed key. */
  key: string | null;
  rounds: number;
  seed: number;
  json: boolean;
}

/** How a source is named in the output: a file's name, a Hub dataset's label. */
const sourceName = (input: string | HubRef) => (typeof input === 'string' ? basename(input) : hubLabel(input));

async function openSource(path: string | HubRef, io: Io): Promise<{ db: NodeConnector; opened: OpenedFile }> {
  const db = await createNodeConnector();
  try {
    // Every column stays in `raw`: the key may be a long prompt text that battles leaves out.
    // --compare-with takes no --map: a file no preset fits is refused without pointing to it.
    const opened = await loadAndRecognise(db, path, { keep: 'all', mapHint: false });
    await buildBattles(db, opened);
    io.stderr(describeInput(opened.file, opened.detection, await readSummary(db)) + '\n');
    return { db, opened };
  } catch (error) {
    db.close();
    throw error;
  }
}

/** Columns a key may use: the file's own, less those the mapping reads (models, winner). */
function keyColumns(opened: OpenedFile): string[] {
  const mapped = new Set(mappingColumns(opened.detection.mapping));
  return opened.columns.map((c) => c.name).filter((c) => !mapped.has(c));
}

export function chooseKey(first: string[], second: string[], asked: string | null, names: [string, string]): MatchKey {
  if (asked !== null) {
    for (const [columns, name] of [
      [first, names[0]],
      [second, names[1]],
    ] as const) {
      const key = readMatchKey(asked, columns);
      if (key && 'missing' in key) {
        const what = key.missing.map((c) => `"${c}"`).join(', ');
        throw new UsageError(`--match-key: ${name} has no column ${what} to match by (it has ${columns.join(', ')})`);
      }
    }
    // Read against the columns both have, so both files' votes are keyed the same way.
    const key = readMatchKey(
      asked,
      first.filter((c) => second.includes(c)),
    );
    if (!key || 'missing' in key)
      throw new UsageError(`--match-key: ${names[0]} and ${names[1]} do not read "${asked}" as the same columns`);
    return key;
  }
  const choices = matchKeyChoices(first, second);
  if (!choices.length)
    throw new UsageError(`${names[0]} and ${names[1]} share no column to match items by; name one in each with --match-key`);
  return choices[0];
}

export async function runCompare(args: CompareArgs, io: Io): Promise<number> {
  const one = await openSource(args.first, io);
  try {
    const two = await openSource(args.second, io);
    try {
      const names: [string, string] = [sourceName(args.first), sourceName(args.second)];
      const key = chooseKey(keyColumns(one.opened), keyColumns(two.opened), args.key, names);
      const read = async (db: NodeConnector) => {
        const q = sourceVotesSql(RAW_TABLE, key.columns);
        return readSourceVotes(await db.query(q.sql, q.params));
      };
      const match = matchItems(await read(one.db), await read(two.db), key.withPair);
      io.stderr(matchLine(key, match, names, args.key === null));
      if (!match.items.length) throw new FileError(names[1], `no item matches ${names[0]} by ${matchKeyLabel(key)}`);
      const result = compareSources(match.items, { rounds: args.rounds, seed: args.seed });
      io.stdout(
        args.json ? sourceCompareJson({ first: names[0], second: names[1] }, key, match, result) : compareText(names, match, result),
      );
      return 0;
    } finally {
      two.db.close();
    }
  } finally {
    one.db.close();
  }
}

function matchLine(key: MatchKey, match: SourceMatch, names: [string, string], proposed: boolean): string {
  const side = (name: string, c: SourceMatch['first']) =>
    `${name}: ${c.items} items, ${c.unmatched} unmatched` +
    (c.ambiguous ? `, ${c.ambiguous} keys with several model pairs left out` : '') +
    (c.noKey ? `, ${c.noKey} votes without a key left out` : '');
  return (
    `matched ${match.items.length} items by ${matchKeyLabel(key)}${proposed ? ` (proposed; --match-key ${matchKeyText(key)})` : ''}` +
    (match.pairDiffers ? `; ${match.pairDiffers} keys name different model pairs, left out` : '') +
    `\n  ${side(names[0], match.first)}\n  ${side(names[1], match.second)}\n`
  );
}

const fixed = (x: number | null, digits: number) => (x === null ? '-' : x.toFixed(digits));
const withInterval = (i: Interval, digits: number) =>
  i.value === null
    ? '-'
    : `${i.value.toFixed(digits)}${i.lower === null ? '' : ` [${i.lower.toFixed(digits)}, ${i.upper!.toFixed(digits)}]`}`;

function compareText(names: [string, string], match: SourceMatch, r: SourceComparison): string {
  const k = r.kappa;
  const lines = [
    `first: ${names[0]}   second: ${names[1]}`,
    `agreement on ${r.items} matched items: ${fixed(r.agreement === null ? null : 100 * r.agreement, 1)}%   Cohen's kappa ${withInterval({ value: k.kappa, lower: k.lower, upper: k.upper }, 3)}`,
    `confusion (rows: first, columns: second)`,
    textTable(
      [
        { header: '', align: 'left' },
        { header: 'A', align: 'right' },
        { header: 'B', align: 'right' },
        { header: 'tie', align: 'right' },
      ],
      r.confusion.map((row, i) => [['A', 'B', 'tie'][i], ...row.map(String)]),
    ),
    `boards on the matched items (Bradley-Terry, mean 1000): Kendall's tau ${withInterval(r.tau, 3)}, Spearman's rho ${withInterval(r.rho, 3)} over ${r.ratedByBoth} models` +
      (r.rounds ? ` (95% intervals: ${r.rounds} bootstrap rounds over items, seed ${r.seed})` : ''),
    textTable(
      ['model', 'rank 1', 'rating 1', 'rank 2', 'rating 2', 'second - first', '95% CI'].map((header, i) => ({
        header,
        align: i === 0 ? ('left' as const) : ('right' as const),
      })),
      r.models.map((m) => [
        m.model,
        m.first.rank === null ? '-' : String(m.first.rank),
        fixed(m.first.rating, 1),
        m.second.rank === null ? '-' : String(m.second.rank),
        fixed(m.second.rating, 1),
        fixed(m.difference.value, 1),
        m.difference.lower === null ? '-' : `[${m.difference.lower.toFixed(1)}, ${m.difference.upper!.toFixed(1)}]`,
      ]),
    ),
    `${r.disagreements.length} items judged differently (--json lists them)`,
  ];
  return lines.join('\n') + '\n';
}
