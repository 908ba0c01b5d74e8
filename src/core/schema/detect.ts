import type { ColumnInfo, ColumnRole, ColumnRoleEntry } from './column.ts';
import { findColumn } from './column.ts';
import { isConversationType, parseDuckType, typeAtPath, type DuckType } from './duckdb-type.ts';
import type { ColumnMapping, SideSource, WinnerSource } from './mapping.ts';
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
  weight?: string;
  why: string[];
}

// Long-text columns by name, for files no preset describes.
const TEXT_NAME = /^(prompt|question|answer|response|completion|conversation|messages?|text|instruction|input|output|ref_answer|opening_msg|(conv_)?comments?)(_[ab12])?$/i;

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
    sides = [{ kind: 'constant', name: a }, { kind: 'constant', name: b }];
    why.push(`sides are the constants "${a}" and "${b}"`);
  } else {
    const pair = preset.sides.pairs.map(([a, b]) => [has(a), has(b)]).find(([a, b]) => a && b);
    if (!pair) return undefined;
    sides = [{ kind: 'column', column: pair[0]! }, { kind: 'column', column: pair[1]! }];
    why.push(`model columns ${pair[0]} and ${pair[1]}`);
  }
  const winner = preset.winner.kind === 'column' ? preset.winner.columns.map(has).find(Boolean) : undefined;
  if (preset.winner.kind === 'column' && !winner) return undefined;
  if (winner) why.push(`winner column ${winner}`);
  const weight = preset.weight?.map(has).find(Boolean);
  if (weight) why.push(`vote counts in ${weight}`);

  const distinguishing = (r.distinguishing ?? []).filter(has);
  if (distinguishing.length) why.push(`has ${distinguishing.join(', ')}`);
  const sideCols = preset.sides.kind === 'columns' ? 2 : 0;
  const winnerCols = winner ? 1 : 0;
  const matched = sideCols + winnerCols + r.required.length + (r.anyOf?.length ?? 0) + distinguishing.length;
  const possible = sideCols + winnerCols + r.required.length + (r.anyOf?.length ?? 0) + (r.distinguishing?.length ?? 0);
  return { preset, score: r.score + matched, possible, matched, sides, winner, weight, why };
}

function isText(c: ColumnInfo, preset: Preset): boolean {
  if (preset.text.some((t) => t.toLowerCase() === c.name.toLowerCase())) return true;
  const type = safeParse(c.type);
  if (!type) return false;
  if (isConversationType(type)) return true;
  return TEXT_NAME.test(c.name) && (type.kind === 'list' || (type.kind === 'scalar' && type.name === 'VARCHAR'));
}

function roleOf(c: ColumnInfo, m: ColumnMapping, text: string[], preset: Preset): ColumnRole {
  if (m.modelA.kind === 'column' && m.modelA.column === c.name) return 'model_a';
  if (m.modelB.kind === 'column' && m.modelB.column === c.name) return 'model_b';
  if ((m.winner.kind === 'column' && m.winner.column === c.name) || m.tieFlag === c.name) return 'winner';
  if (m.weight === c.name) return 'weight';
  if (text.includes(c.name)) return 'text';
  if (preset.ignored?.some((i) => i.toLowerCase() === c.name.toLowerCase())) return 'ignored';
  return 'dimension';
}

function hasPath(columns: readonly ColumnInfo[], path: readonly string[]): boolean {
  const col = columns.find((c) => c.name === path[0]);
  const type = col && safeParse(col.type);
  return type !== undefined && typeAtPath(type, path.slice(1)) !== undefined;
}

function safeParse(type: string): DuckType | undefined {
  try {
    return parseDuckType(type);
  } catch {
    return undefined;
  }
}

function failure(columns: readonly ColumnInfo[], presets: readonly Preset[]): DetectionFailure {
  const pairs = new Set<string>();
  for (const p of presets) if (p.sides.kind === 'columns') for (const [a, b] of p.sides.pairs) pairs.add(`${a} + ${b}`);
  const winners = new Set<string>(WINNER_SYNONYMS);
  for (const p of presets) if (p.winner.kind === 'column') for (const w of p.winner.columns) winners.add(w);
  const expected = [`two model columns: ${[...pairs].join(', ')}`, `a winner column: ${[...winners].join(', ')}`];
  const found = columns.map((c) => c.name);
  return {
    ok: false,
    message: `no known shape fits: expected ${expected.join('; and ')}. found: ${found.join(', ') || 'no columns'}`,
    expected,
    found,
  };
}
