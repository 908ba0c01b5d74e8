/**
 * One page of votes as the Rows lens and a model's profile list them: the slice's rows (with their
 * conversation text where the file has it), and how many match in all.
 */
import type { LensContext } from '../../../state/lens-context.svelte.ts';
import type { Row } from '../../../core/sql/connector.ts';
import type { SqlCondition } from '../../../core/sql/statement.ts';
import { browsePageSql, layoutColumns, type ConversationLayout } from '../../../core/lenses/browse.ts';

export interface RowPageAsk {
  where: SqlCondition | undefined;
  /** Text to find in model names and text; '' for none. */
  search: string;
  limit: number;
  offset: number;
}

/** Reads the page; the text table is opened only when the layout shows text. */
export async function readRowPage(context: LensContext, layout: ConversationLayout, ask: RowPageAsk): Promise<Row[]> {
  const columns = layoutColumns(layout);
  const text = columns.length ? await context.text() : null;
  return context.query(browsePageSql(ask.where, { ...ask, text, columns }));
}

/** Rows matching in all (every row of a page carries it), 0 for an empty page. */
export const pageTotal = (rows: readonly Row[]): number => (rows.length ? Number(rows[0].total) : 0);
