import type { ColumnInfo, ColumnRole, ColumnRoleEntry } from './column.ts';
import { findColumn } from './column.ts';
import { isConversationType, tryParseDuckType, typeAtPath } from './duckdb-type.ts';
import { winnerColumns, type ColumnMapping, type SideSource, type WinnerSource } from './mapping.ts';
import type { Outcome } from '../outcome.ts';
import type { DimensionHint, Preset } from './preset.ts';
import { PRESETS, WINNER_SYNONYMS } from './presets.ts';
import { mapWinnerLabels } from './winner-labels.ts';

export interface Detection {
  ok: true;
  preset: Preset;
  mapping: ColumnMapping;
  /** Every column of the file, in file order, with what it is used for. */
  roles: ColumnRoleEntry[];
  textColumns: string[];
  /** The preset's dimension hints that exist in this file. */
  dimensions: DimensionHint[];
  /** 0..1: how much of the preset's identifying columns matched, lowered by unknown winner values. */
  confidence: number;
  why: string[];
  /** Sample winner values that no rule or preset label covers (rows with them will be rejected). */
  unmappedWinnerValues: string[];
  /** Other presets that also fit, best first. */
  alternatives: { id: string; score: number }[];
  /** Pairs the preset offers to include, whose columns this file has (French-Maxx rejected_2). */
  optionalPairs: { label: string; modelA: SideSource; modelB: SideSource }[];
  /** When a generic preset was chosen while a specific shape nearly fit: what it lacked. */
  nearMiss: string | null;
}

export interface DetectionFailure {
  ok: false;
  message: string;
  expected: string[];
  found: string[];
}

interface Match {
  preset: Preset;
  score: number;
  possible: number;
  matched: number;
  sides: [SideSource, SideSource];
  winner?: string;
  oneHot?: Partial<Record<Outcome, string>>;
  weight?: string;
  why: string[];
}

// Long-text columns by name, for files no preset describes.
const TEXT_NAME =
  /^(prompt|question|answer|response|completion|conversation|messages?|text|instruction|input|output|ref_answer|opening_msg|(conv_)?comments?)(_[ab12])?$/i;

/**
 * Picks the preset that best fits a file's columns and resolves it into a ColumnMapping.
 * `sampleWinnerValues` are distinct values of the winner column (winner-values.ts); without them
 * the preset's own labels are used. Call again with them once the winner column is known.
 */
export function detectPreset(
  columns: readonly ColumnInfo[],
  sampleWinnerValues?: readonly (string | null)[],
  presets: readonly Preset[] = PRESETS,
): Detection | DetectionFailure {
  const matches = presets
    .map((p) => matchPreset(p, columns))
    .filter((m): m is Match => m !== undefined)
    .sort((x, y) => y.score - x.score); // stable: earlier presets win ties
  const best = matches[0];
  if (!best) return failure(columns, presets);

  const { preset } = best;
  const why = [...best.why];
  let winner: WinnerSource;
  let unmapped: string[] = [];
  if (preset.winner.kind === 'constant') {
    winner = { kind: 'constant', outcome: preset.winner.outcome };
    why.push(`every row: outcome "${preset.winner.outcome}"`);
  } else if (preset.winner.kind === 'one-hot') {
    winner = { kind: 'one-hot', columns: best.oneHot! };
  } else {
    const fromRules = mapWinnerLabels(sampleWinnerValues ?? []);
    const labels = { ...fromRules.labels, ...preset.winner.labels };
    unmapped = fromRules.unmapped.filter((v) => !Object.hasOwn(labels, v));
    const namesModel = preset.winner.namesModel === 'auto' ? unmapped.length > 0 : preset.winner.namesModel;
    winner = { kind: 'column', column: best.winner!, labels, namesModel };
    if (namesModel) why.push(`winner values name a model`);
  }

  let confidence = Math.min(best.matched / best.possible, preset.recognise.maxConfidence ?? 1);
  const namesModel = winner.kind === 'column' && winner.namesModel;
  if (unmapped.length > 0 && !namesModel) {
    confidence /= 2;
    why.push(`winner values with no outcome: ${unmapped.map((v) => JSON.stringify(v)).join(', ')}`);
  }

  const mapping: ColumnMapping = { modelA: best.sides[0], modelB: best.sides[1], winner };
  const optionalPairs = (preset.optionalPairs ?? [])
    .filter((p) => findColumn(columns, p.presentIn))
    .map((p) => ({
      label: p.label,
      modelA: { kind: 'constant', name: p.names[0] } as SideSource,
      modelB: { kind: 'constant', name: p.names[1], presentIn: findColumn(columns, p.presentIn)!.name } as SideSource,
    }));
  if (preset.tieFlag && findColumn(columns, preset.tieFlag)) mapping.tieFlag = findColumn(columns, preset.tieFlag)!.name;
  if (best.weight) mapping.weight = best.weight;

  const textColumns = columns.filter((c) => isText(c, preset)).map((c) => c.name);
  const roles = columns.map((c) => ({ column: c.name, role: roleOf(c, mapping, textColumns, preset) }));
  return {
    ok: true,
    preset,
    mapping,
    roles,
    textColumns: textColumns.filter((t) => roles.find((r) => r.column === t)?.role === 'text'),
    dimensions: preset.dimensions.filter((d) => hasPath(columns, d.path)),
    confidence: Math.round(confidence * 100) / 100,
    why,
    unmappedWinnerValues: unmapped,
    alternatives: matches.slice(1).map((m) => ({ id: m.preset.id, score: m.score })),
    optionalPairs,
    nearMiss: preset.recognise.maxConfidence !== undefined ? nearMiss(columns, presets, matches) : null,
  };
}

function matchPreset(preset: Preset, columns: readonly ColumnInfo[]): Match | undefined {
  const r = preset.recognise;
  const has = (name: string) => findColumn(columns, name)?.name;
  if (r.excluded?.some(has)) return undefined;
  if (!r.required.every(has)) return undefined;
  if (r.anyOf && !r.anyOf.every((group) => group.some(has))) return undefined;

  let sides: [SideSource, SideSource];
  const why: string[] = [];
  if (preset.sides.kind === 'constant') {
    const [a, b] = preset.sides.names;
    const present = preset.sides.presentIn?.map((c) => (c ? has(c) : undefined)) ?? [];
    sides = [0, 1].map((i) => ({ kind: 'constant', name: [a, b][i], ...(present[i] ? { presentIn: present[i] } : {}) })) as [
      SideSource,
      SideSource,
    ];
    why.push(`sides are the constants "${a}" and "${b}"`);
  } else {
    const pair = preset.sides.pairs.map(([a, b]) => [has(a), has(b)]).find(([a, b]) => a && b);
    if (!pair) return undefined;
    sides = [
      { kind: 'column', column: pair[0]! },
      { kind: 'column', column: pair[1]! },
    ];
    why.push(`model columns ${pair[0]} and ${pair[1]}`);
  }
  const winner = preset.winner.kind === 'column' ? preset.winner.columns.map(has).find(Boolean) : undefined;
  if (preset.winner.kind === 'column' && !winner) return undefined;
  if (winner) why.push(`winner column ${winner}`);
  let oneHot: Partial<Record<Outcome, string>> | undefined;
  if (preset.winner.kind === 'one-hot') {
    const wanted = Object.entries(preset.winner.columns);
    const found = wanted.map(([o, c]) => [o, has(c!)] as const);
    if (found.some(([, c]) => !c)) return undefined;
    oneHot = Object.fromEntries(found);
    why.push(`one-hot winner in ${found.map(([, c]) => c).join(', ')}`);
  }
  const weight = preset.weight?.map(has).find(Boolean);
  if (weight) why.push(`vote counts in ${weight}`);

  const distinguishing = (r.distinguishing ?? []).filter(has);
  if (distinguishing.length) why.push(`has ${distinguishing.join(', ')}`);
  const sideCols = preset.sides.kind === 'columns' ? 2 : 0;
  const winnerCols = winner ? 1 : oneHot ? Object.keys(oneHot).length : 0;
  const matched = sideCols + winnerCols + r.required.length + (r.anyOf?.length ?? 0) + distinguishing.length;
  const possible = sideCols + winnerCols + r.required.length + (r.anyOf?.length ?? 0) + (r.distinguishing?.length ?? 0);
  return { preset, score: r.score + matched, possible, matched, sides, winner, oneHot, weight, why };
}

function isText(c: ColumnInfo, preset: Preset): boolean {
  if (preset.text.some((t) => t.toLowerCase() === c.name.toLowerCase())) return true;
  const type = tryParseDuckType(c.type);
  if (!type) return false;
  if (isConversationType(type)) return true;
  return TEXT_NAME.test(c.name) && (type.kind === 'list' || (type.kind === 'scalar' && type.name === 'VARCHAR'));
}

function roleOf(c: ColumnInfo, m: ColumnMapping, text: string[], preset: Preset): ColumnRole {
  if (m.modelA.kind !== 'constant' && m.modelA.column === c.name) return 'model_a';
  if (m.modelB.kind !== 'constant' && m.modelB.column === c.name) return 'model_b';
  if (winnerColumns(m.winner).includes(c.name) || m.tieFlag === c.name) return 'winner';
  if (m.weight === c.name) return 'weight';
  if (text.includes(c.name)) return 'text';
  if (preset.ignored?.some((i) => i.toLowerCase() === c.name.toLowerCase())) return 'ignored';
  return 'dimension';
}

function hasPath(columns: readonly ColumnInfo[], path: readonly string[]): boolean {
  const col = columns.find((c) => c.name === path[0]);
  const type = col && tryParseDuckType(col.type);
  return type !== undefined && typeAtPath(type, path.slice(1)) !== undefined;
}

function failure(columns: readonly ColumnInfo[], presets: readonly Preset[]): DetectionFailure {
  const pairs = new Set<string>();
  for (const p of presets) if (p.sides.kind === 'columns') for (const [a, b] of p.sides.pairs) pairs.add(`${a} + ${b}`);
  const winners = new Set<string>(WINNER_SYNONYMS);
  for (const p of presets) if (p.winner.kind === 'column') for (const w of p.winner.columns) winners.add(w);
  const expected = [`two model columns: ${[...pairs].join(', ')}`, `a winner column: ${[...winners].join(', ')}`];
  const found = columns.map((c) => c.name);
  const closest = nearMiss(columns, presets, []);
  if (columns.length < 2) {
    // Plain text or a one-column list read as CSV: say so rather than listing its first line as a column.
    const what = columns.length ? `one column (${JSON.stringify(found[0])})` : 'no columns';
    return {
      ok: false,
      message: `this is not a table of votes: it reads as ${what}. A file of votes needs two model columns and a winner, as parquet, CSV (with a header line), JSON or JSONL`,
      expected,
      found,
    };
  }
  const head = closest ? `${closest}. ` : 'no known shape fits: ';
  return {
    ok: false,
    message: `${head}expected ${expected.join('; and ')}. found: ${found.join(', ') || 'no columns'}`,
    expected,
    found,
  };
}

/**
 * The specific shape a file nearly has, said with the columns it lacks: "this looks like GenRM
 * multi-judge, but column "majority_vote" is missing". Null when no unmatched shape has most of its
 * identifying columns here.
 */
function nearMiss(columns: readonly ColumnInfo[], presets: readonly Preset[], matched: readonly Match[]): string | null {
  const has = (name: string) => !!findColumn(columns, name);
  const fits = new Set(matched.map((m) => m.preset.id));
  let best: { preset: Preset; present: number; missing: string[] } | null = null;
  for (const p of presets) {
    if (fits.has(p.id) || p.recognise.maxConfidence !== undefined || p.recognise.anyOf) continue;
    if (p.recognise.excluded?.some(has)) continue;
    const needed = neededColumns(p, columns);
    const identifying = [...needed, ...(p.recognise.distinguishing ?? [])];
    const present = identifying.filter(has).length;
    const share = present / identifying.length;
    const missing = needed.filter((c) => !has(c));
    if (missing.length && share >= 0.5 && (!best || present > best.present)) best = { preset: p, present, missing };
  }
  if (!best) return null;
  const list = best.missing.map((c) => `"${c}"`).join(', ');
  return `this looks like ${best.preset.label}, but ${best.missing.length > 1 ? `columns ${list} are` : `column ${list} is`} missing`;
}

/** The columns a preset cannot do without: required ones, its side pair (the closest one) and its winner. */
function neededColumns(p: Preset, columns: readonly ColumnInfo[]): string[] {
  const has = (name: string) => !!findColumn(columns, name);
  const out = [...p.recognise.required];
  if (p.sides.kind === 'columns') {
    const pair = [...p.sides.pairs].sort((x, y) => x.filter(has).length - y.filter(has).length).at(-1)!;
    out.push(...pair);
  } else {
    for (const c of p.sides.presentIn ?? []) if (c) out.push(c);
  }
  if (p.winner.kind === 'column') out.push(p.winner.columns.find(has) ?? p.winner.columns[0]);
  if (p.winner.kind === 'one-hot') out.push(...Object.values(p.winner.columns).filter((c): c is string => !!c));
  return [...new Set(out)];
}
