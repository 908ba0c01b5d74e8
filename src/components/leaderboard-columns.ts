/**
 * The leaderboard's columns: what each is, and its track in the rows' shared grid. The tracks are
 * fixed (the model column takes what is left), so every row lines up without the table measuring
 * all its cells: what a row shows never widens a column.
 */
import type { SortKey } from '../core/view/leaderboard-table.ts';

export interface BoardColumn {
  key: SortKey;
  label: string;
  title: string;
  numeric: boolean;
}

export function leaderboardColumns({ tiers, sandwich }: { tiers: boolean; sandwich: boolean }): BoardColumn[] {
  return [
    {
      key: 'rank',
      label: 'Rank (UB)',
      title:
        "LMArena's rank: 1 + the number of models whose 95% lower bound is above this model's upper bound, i.e. only the models " +
        'clearly better count. It can be better than Rank range: two 95% intervals that do not overlap is a much stricter test than ' +
        'being rated above in most rounds. On an anchored scale it comes from the anchored intervals, which are wider.',
      numeric: true,
    },
    {
      key: 'rankRange',
      label: 'Rank range',
      title:
        "Where the model's rank falls in 95% of the bootstrap rounds (2.5th to 97.5th percentile), each round ranking every model " +
        'at once. A model can be Rank (UB) 10 and Rank range 12–16: 9 models are clearly better, and in most rounds 11–15 are rated above it.',
      numeric: true,
    },
    ...(tiers ? [{ key: 'tier' as const, label: 'Tier', title: 'comparIA tier: the rule is stated under the table', numeric: true }] : []),
    { key: 'model', label: 'Model', title: 'Model name', numeric: false },
    { key: 'rating', label: 'Rating', title: 'Bradley-Terry rating, Elo scale (400 points per factor 10 in odds)', numeric: true },
    {
      key: 'interval',
      label: '95% CI',
      title: sandwich
        ? 'Sandwich (robust) 95% interval, rating ± 1.96 standard errors'
        : 'Bootstrap 2.5–97.5 percentile interval, as −/+ from the rating',
      numeric: true,
    },
    { key: 'votes', label: 'Votes', title: 'Votes involving this model', numeric: true },
    { key: 'wins', label: 'W', title: 'Wins', numeric: true },
    { key: 'losses', label: 'L', title: 'Losses', numeric: true },
    { key: 'ties', label: 'T', title: 'Ties and both-bad', numeric: true },
    {
      key: 'winRate',
      label: 'Win rate',
      numeric: true,
      title:
        'Mean, over the opponents it met, of its share of the non-tie votes against each: every opponent counts once. ' +
        'W/(W+L) pools the votes instead, so opponents met often weigh more; the two differ when opponents were met unequally often.',
    },
  ];
}

/**
 * Each column's track (min, and max when it can grow), in pixels for 13 px text with 8 px padding
 * each side: room for its header with the sort arrow and its widest value ("+15.4/−16.0",
 * "1,670,250"); the model column grows, and a name too long for it ends in an ellipsis (its title
 * and the screen reader's text stay whole). Together they fit the 1280 px page beside the filters
 * (no sideways scroll). There is no inline interval bar: on one axis for a whole board (700
 * points for the real Chatbot Arena) intervals of a few points drew as dots, so the numbers say it
 * and the interval chart under the table draws it.
 */
const TRACKS: Record<string, [number, number | 'fr']> = {
  rank: [96, 96],
  rankRange: [92, 92],
  tier: [52, 52],
  model: [200, 'fr'],
  rating: [76, 76],
  interval: [108, 108],
  votes: [80, 80],
  wins: [70, 70],
  losses: [70, 70],
  ties: [70, 70],
  winRate: [80, 80],
  group: [64, 64],
};

/** The rows' grid-template-columns, how many cells a row has, and the table's minimum width (below it, the table scrolls sideways). */
export function gridTracks(columns: readonly BoardColumn[], withGroup: boolean): { template: string; cells: number; minWidth: string } {
  const keys = columns.map((c) => c.key as string);
  if (withGroup) keys.push('group');
  const tracks = keys.map((k) => TRACKS[k]);
  const template = tracks.map(([min, max]) =>
    max === 'fr' ? `minmax(${min}px, 1fr)` : min === max ? `${min}px` : `minmax(${min}px, ${max}px)`,
  );
  return { template: template.join(' '), cells: tracks.length, minWidth: `${tracks.reduce((sum, [min]) => sum + min, 0)}px` };
}
