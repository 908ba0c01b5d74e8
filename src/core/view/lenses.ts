/**
 * Every lens, once, in tab order: its label, when a dataset offers it, what the page waits for
 * before showing it, its keys and its slot in the address. The tabs, the address codec, the
 * keyboard shortcuts and the presets read this table; the components that draw the lenses are
 * found by the same ids (components/lenses/registry.ts), so a lens missing there is a type error.
 * Adding a lens: its component file, and one entry here.
 */
import type { ColumnInfo } from '../schema/column.ts';
import { hasSafetyFlags } from '../lenses/safety.ts';
import { hasStyleText } from '../lenses/style.ts';
import { hasPromptColumn } from '../schema/derived.ts';
import { hasTimeColumn } from '../sql/time-windows.ts';
import {
  AUDIT_SLOT,
  COMPARE_SLOT,
  JUDGEBOARD_SLOT,
  MATRIX_SLOT,
  PROFILE_SLOT,
  SQL_SLOT,
  STYLE_SLOT,
  TOPICS_SLOT,
  type AddressSlot,
} from './lens-address.ts';
import { SOURCES_SLOT } from './sources-address.ts';

/** A key (or keys) and what it does, as the help overlay lists them. */
export interface Shortcut {
  keys: string[];
  does: string;
}

/** What a lens's availability is decided on: the loaded dataset, described by its columns. */
export interface LensData {
  /** The lenses the dataset's shape names (a preset's `lenses`). */
  shapeLenses: readonly string[];
  /** The columns read from the file. */
  loadedColumns: readonly ColumnInfo[];
  /** The columns holding long text (conversations, answers). */
  textColumns: Parameters<typeof hasStyleText>[0];
  /** The columns of the battles table the slices are cut from. */
  columns: readonly ColumnInfo[];
}

export interface LensEntry {
  /** The tab's text. */
  label: string;
  /** When a dataset offers the lens; without it, always (null: no dataset read yet). */
  offered?: (data: LensData | null) => boolean;
  /**
   * What the lens needs, said beside the tabs when a read dataset does not offer it, so a lens a user
   * looks for is not simply missing ("needs a … column"). Only for lenses decided on the file's columns.
   */
  needs?: string;
  /** 'board': shown as soon as a leaderboard is fitted, before DuckDB has read the file; default: the data. */
  waitsFor?: 'board' | 'data';
  /** A key of the page that leads to this lens and focuses the element with this test id. */
  shortcut?: { key: string; does: string; focus: string };
  /** Keys that work inside the lens, listed in the help. */
  keys?: Shortcut[];
  /** The lens's own state, kept in the address. */
  address?: AddressSlot<any>;
}

/** Lenses a dataset's shape names (GenRM: judges): offered when the shape lists them. */
const byShape =
  (id: string) =>
  (data: LensData | null): boolean =>
    data !== null && data.shapeLenses.includes(id);

export const LENSES = {
  leaderboard: {
    label: 'Leaderboard',
    waitsFor: 'board',
    shortcut: { key: '/', does: 'Search models (on the leaderboard)', focus: 'leaderboard-search' },
  },
  matrix: {
    label: 'Matrix',
    address: MATRIX_SLOT,
    keys: [
      { keys: ['←', '↑', '→', '↓'], does: 'Move one cell' },
      { keys: ['Home', 'End'], does: 'First / last column (with Ctrl: the corners)' },
      { keys: ['PgUp', 'PgDn'], does: 'Ten rows up / down' },
      { keys: ['Enter'], does: 'List the votes of the pair' },
    ],
  },
  compare: { label: 'Compare', address: COMPARE_SLOT },
  // A model's profile: opened from its name in the leaderboard, or chosen in the lens.
  profile: { label: 'Model', address: PROFILE_SLOT },
  time: { label: 'Over time', offered: (d) => d !== null && hasTimeColumn(d.columns) },
  // A battles file may lack the moderation columns its shape usually has.
  safety: { label: 'Safety', offered: (d) => byShape('safety')(d) && hasSafetyFlags(d!.loadedColumns) },
  defects: { label: 'Defects', offered: byShape('defects') },
  judges: { label: 'Judges', offered: byShape('judges') },
  // arena-hard's baseline view, AlpacaEval's length control, self-preference: any file with model pairs.
  judgeboard: { label: 'Judge board', offered: (d) => d !== null, address: JUDGEBOARD_SLOT },
  tools: { label: 'Tools', offered: byShape('tools') },
  verdicts: { label: 'Verdicts', offered: byShape('verdicts') },
  // Controls for any column (seat A at least) on any dataset once read; style control where the answers are.
  style: { label: 'Style & controls', offered: (d) => d !== null, address: STYLE_SLOT },
  // Clusters of the prompts: any file with prompt text (a prompt or question column, or conversations).
  topics: {
    label: 'Topics',
    offered: (d) => d !== null && hasPromptColumn(d.textColumns),
    needs: 'a prompt, question or conversation column',
    address: TOPICS_SLOT,
  },
  // Fragility, fit diagnostics, the rating methods side by side and the voter checks: any dataset, once it is read.
  audit: { label: 'Audit', offered: (d) => d !== null, address: AUDIT_SLOT },
  // A second file on the same items (a judge against people): any dataset, once it is read.
  sources: { label: 'Two sources', offered: (d) => d !== null, address: SOURCES_SLOT },
  browse: { label: 'Rows' },
  sql: { label: 'SQL', address: SQL_SLOT },
} satisfies Record<string, LensEntry>;

export type LensId = keyof typeof LENSES;

export const LENS_IDS = Object.keys(LENSES) as LensId[];

const entry = (id: LensId): LensEntry => LENSES[id];

/** The lens a view falls back to: the first tab. */
export const FIRST_LENS: LensId = LENS_IDS[0];

/** The lenses with a slot in the address, and the state each keeps there. */
type Slotted = { [K in LensId as (typeof LENSES)[K] extends { address: AddressSlot<any> } ? K : never]: (typeof LENSES)[K] };
export type LensSlots = { [K in keyof Slotted]: Slotted[K] extends { address: AddressSlot<infer S> } ? S : never };
export const SLOTTED_LENSES = LENS_IDS.filter((id) => entry(id).address) as (keyof LensSlots)[];

/** Each slotted lens's default state (a fresh copy each call). */
export function initialSlots(): LensSlots {
  return Object.fromEntries(SLOTTED_LENSES.map((id) => [id, structuredClone(entry(id).address!.initial)])) as LensSlots;
}

export function lensSlot<K extends keyof LensSlots>(id: K): AddressSlot<LensSlots[K]> {
  return entry(id).address as AddressSlot<LensSlots[K]>;
}

export const lensLabel = (id: LensId): string => LENSES[id].label;

/** What the page waits for before showing the lens. */
export const lensWaitsFor = (id: LensId): 'board' | 'data' => entry(id).waitsFor ?? 'data';

/** The lenses a dataset offers, in tab order, with their labels. */
export function offeredLenses(data: LensData | null): { id: LensId; label: string }[] {
  return LENS_IDS.filter((id) => entry(id).offered?.(data) ?? true).map((id) => ({ id, label: LENSES[id].label }));
}

/** The lenses a read dataset does not offer that say what they need, in tab order, with why. */
export function absentLenses(data: LensData | null): { id: LensId; label: string; why: string }[] {
  if (data === null) return [];
  return LENS_IDS.filter((id) => entry(id).needs && !(entry(id).offered?.(data) ?? true)).map((id) => ({
    id,
    label: LENSES[id].label,
    why: `${LENSES[id].label} needs ${entry(id).needs}; this file has none.`,
  }));
}

/** The lens a view without an explicit choice shows: the one the dataset's shape leads with. */
export const AUTO_LENS = 'auto';

/**
 * The lens on screen: the chosen one when the dataset offers it, otherwise the shape's landing lens
 * (GenRM: Judges, French-Maxx: Defects), otherwise the first tab.
 */
export function shownLens(lens: string, tabs: readonly { id: LensId }[], landing?: LensId): LensId {
  const offered = (id: string | undefined) => tabs.find((t) => t.id === id)?.id;
  return (lens !== AUTO_LENS ? offered(lens) : undefined) ?? offered(landing) ?? FIRST_LENS;
}

/** The lens a page key leads to, with the test id of what it focuses. */
export function lensForKey(key: string): { lens: LensId; focus: string } | null {
  const id = LENS_IDS.find((l) => entry(l).shortcut?.key === key);
  return id ? { lens: id, focus: entry(id).shortcut!.focus } : null;
}

/** The page keys of the lenses, and the keys inside each lens, for the help overlay. */
export const LENS_SHORTCUTS: Shortcut[] = LENS_IDS.flatMap((id) => {
  const s = entry(id).shortcut;
  return s ? [{ keys: [s.key], does: s.does }] : [];
});
export const KEYS_IN_LENSES: { label: string; keys: Shortcut[] }[] = LENS_IDS.flatMap((id) => {
  const keys = entry(id).keys;
  return keys ? [{ label: LENSES[id].label, keys }] : [];
});
