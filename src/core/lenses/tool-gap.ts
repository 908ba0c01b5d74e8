/**
 * Whether a tool's rating under one mediating LLM stands apart from its rating on all votes: the
 * overall rating lies outside this board's 95% bootstrap interval. The same rule the interval
 * column shows, so a Δ of +50 inside an interval of ±80 is not highlighted.
 */
export type Gap = 'above' | 'below' | null;

export function gapStands(row: { rating: number | null; lower: number | null; upper: number | null }, overall: number | undefined): Gap {
  if (row.rating === null || row.lower === null || row.upper === null || overall === undefined) return null;
  if (overall < row.lower) return 'above';
  if (overall > row.upper) return 'below';
  return null;
}
