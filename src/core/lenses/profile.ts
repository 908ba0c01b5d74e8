/**
 * The model profile's breakdowns of one model's votes, from what other lenses already count: its
 * record on flagged and unflagged votes (pair counts of the narrowed slice), the defect labels on its
 * answers (the Defects lens's label rates), and each judge's verdicts on its votes (the Judges lens's
 * per-judge tallies, read once with the model in seat A and once in seat B). Shares count a tie as
 * half a win, as the ratings do.
 */
import type { PairCounts } from '../stats/pair-counts.ts';
import { opponentCounts } from '../stats/model-profile.ts';
import type { ColumnInfo } from '../schema/column.ts';
import { type LabelRate } from './defects.ts';
import { defectSpec, type DefectSpec } from './defect-spec.ts';
import { judgeSpec, type JudgeSpec, type JudgeSummary } from './judges.ts';
import { Params, type SqlCondition } from '../sql/statement.ts';
import { timeColumn, type TimeColumn } from '../sql/time-windows.ts';
import { narrow, safetySpec, type SafetySpec } from './safety.ts';
import { hasStyleText } from './style.ts';
import { convMetadataColumn } from '../sql/style-metadata.ts';

/**
 * The profile's optional sections a file has, from the columns of battles and the lenses its shape
 * offers: rating over time (a time column), flags (the Safety lens's flags), labels (the Defects
 * lens's), judges (the Judges lens's columns; slots no row holds are still to be set aside), style
 * control (where the Style lens is offered).
 */
export interface ProfileSections {
  time: TimeColumn | null;
  flags: SafetySpec | null;
  defects: DefectSpec | null;
  judges: JudgeSpec | null;
  /** Style control applies: conv_metadata or a pair of answer columns (as the Style lens is offered). */
  style: boolean;
}

export function profileSections(
  columns: readonly ColumnInfo[],
  shapeLenses: readonly string[],
  textColumns: Parameters<typeof hasStyleText>[0],
): ProfileSections {
  const flags = shapeLenses.includes('safety') ? safetySpec(columns) : null;
  const defects = shapeLenses.includes('defects') ? defectSpec(columns) : null;
  const judges = shapeLenses.includes('judges') ? judgeSpec(columns) : null;
  return {
    time: timeColumn(columns),
    flags: flags && flags.flags.length > 0 ? flags : null,
    defects: defects && defects.labels.length > 0 ? defects : null,
    judges: judges && judges.judges.length > 0 ? judges : null,
    style: convMetadataColumn(columns) !== null || hasStyleText(textColumns),
  };
}

/** A model's votes against every opponent, summed; share is (wins + ties / 2) / votes, null without votes. */
export interface WinRecord {
  votes: number;
  wins: number;
  losses: number;
  ties: number;
  share: number | null;
}

export function winRecord(counts: PairCounts, model: string): WinRecord {
  let wins = 0,
    losses = 0,
    ties = 0;
  for (const r of opponentCounts(counts, model).values()) {
    wins += r.wins;
    losses += r.losses;
    ties += r.ties;
  }
  const votes = wins + losses + ties;
  return { votes, wins, losses, ties, share: votes > 0 ? (wins + ties / 2) / votes : null };
}

/** The slice narrowed to votes with `model` in one seat; the name is a bound parameter after the slice's. */
export function seatCondition(where: SqlCondition, model: string, seat: 'a' | 'b'): SqlCondition {
  const p = new Params(where.params.length);
  const m = p.add(model);
  return {
    sql: narrow(where, `CAST(${seat === 'a' ? 'model_a' : 'model_b'} AS VARCHAR) = ${m}`).sql,
    params: [...where.params, ...p.values],
  };
}

/** One flag: how many of the model's votes carry it, against the slice's rate, and its win share with and without them. */
export interface FlagRecord {
  flag: string;
  votes: number;
  flagged: number;
  /** flagged / votes; null without votes. */
  rate: number | null;
  /** The flag's rate over every vote of the slice. */
  sliceRate: number;
  /** Win shares: on all its votes, on the unflagged ones only, on the flagged ones only. */
  all: number | null;
  unflagged: number | null;
  flaggedOnly: number | null;
  /** unflagged − all, in share points: what leaving the flagged votes out changes. */
  change: number | null;
}

export function flagRecord(flag: string, all: WinRecord, flagged: WinRecord, unflagged: WinRecord, sliceRate: number): FlagRecord {
  if (flagged.votes + unflagged.votes !== all.votes)
    throw new Error(
      `flag ${flag}: ${flagged.votes} flagged + ${unflagged.votes} unflagged votes do not add up to the model's ${all.votes} votes`,
    );
  return {
    flag,
    votes: all.votes,
    flagged: flagged.votes,
    rate: all.votes > 0 ? flagged.votes / all.votes : null,
    sliceRate,
    all: all.share,
    unflagged: unflagged.share,
    flaggedOnly: flagged.share,
    change: all.share !== null && unflagged.share !== null ? unflagged.share - all.share : null,
  };
}

/** One defect label: its rate on the model's answers (or the pairs it took part in) against its rate on all of them. */
export interface DefectRecord {
  label: string;
  negative: boolean;
  count: number;
  labelled: number;
  rate: number | null;
  allRate: number | null;
  /** rate − allRate. */
  difference: number | null;
}

/**
 * `mine`: the label rates of the model's units (one group, side mode's model group or the rows it
 * played in); `all`: the same labels over every unit of the slice (no dimension).
 */
export function defectRecords(mine: readonly LabelRate[], all: readonly LabelRate[]): DefectRecord[] {
  return mine.map((m) => {
    const a = all.find((x) => x.index === m.index);
    const allRate = a?.rate ?? null;
    return {
      label: m.label,
      negative: m.negative,
      count: m.count,
      labelled: m.labelled,
      rate: m.rate,
      allRate,
      difference: m.rate !== null && allRate !== null ? m.rate - allRate : null,
    };
  });
}

/** One judge's verdicts on the model's votes: A in seat A and B in seat B are its wins. */
export interface JudgeRecord {
  judge: string;
  wins: number;
  losses: number;
  ties: number;
  invalid: number;
  /** (wins + ties / 2) / valid verdicts; null without one. */
  share: number | null;
}

/** `seatA` / `seatB`: readJudgeVotes over the model's votes in seat A and in seat B (the same judges, in order). */
export function judgeRecords(seatA: readonly JudgeSummary[], seatB: readonly JudgeSummary[]): JudgeRecord[] {
  if (seatA.length !== seatB.length) throw new Error(`judgeRecords: ${seatA.length} judges in seat A, ${seatB.length} in seat B`);
  return seatA.map((a, k) => {
    const b = seatB[k];
    const wins = a.votes.A + b.votes.B;
    const losses = a.votes.B + b.votes.A;
    const ties = a.votes.tie + b.votes.tie;
    const valid = wins + losses + ties;
    return {
      judge: a.judge.label,
      wins,
      losses,
      ties,
      invalid: a.votes.invalid + b.votes.invalid,
      share: valid > 0 ? (wins + ties / 2) / valid : null,
    };
  });
}
