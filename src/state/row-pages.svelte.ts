/**
 * The pages of votes a list shows (the Rows lens, a model's votes in its profile): which page, its
 * rows (with their conversation text where the file has it), read again whenever the slice, the
 * search or the page changes, how many match in all, and the move to another page. Made while a
 * component starts, as `live` is.
 */
import type { Row } from '../core/sql/connector.ts';
import type { SqlCondition } from '../core/sql/statement.ts';
import { browsePageSql, layoutColumns, type ConversationLayout } from '../core/lenses/browse.ts';
import { live, type LensContext, type Live } from './lens-context.svelte.ts';

export interface RowPagesAsk {
  /** The lens's seam to the data. */
  context: LensContext;
  layout: ConversationLayout;
  where: SqlCondition | undefined;
  /** Text to find in model names and text; '' for none. */
  search: string;
}

export class RowPages {
  /** The first row of the page shown. */
  offset = $state(0);
  readonly page: Live<Row[]>;

  /** `ask` is read at each load, so what it reads (the slice, the search) loads the page again. */
  constructor(
    readonly size: number,
    ask: () => RowPagesAsk,
    what: string,
  ) {
    this.page = live(() => {
      const { context, layout, where, search } = ask();
      const columns = layoutColumns(layout);
      const page = { search, columns, limit: size, offset: this.offset };
      return (async () => {
        // The text table is opened only when the layout shows text.
        const text = columns.length ? await context.text() : null;
        return context.query(browsePageSql(where, { ...page, text }));
      })();
    }, what);
  }

  /** The page's rows, none while the first is read. */
  get rows(): Row[] {
    return this.page.value ?? [];
  }

  /** Rows matching in all (every row of a page carries it), 0 for an empty page. */
  get total(): number {
    const rows = this.rows;
    return rows.length ? Number(rows[0].total) : 0;
  }

  /** Shows the page from `offset` on, with the list's top (`top`) scrolled into view. */
  go(offset: number, top?: HTMLElement): void {
    this.offset = offset;
    top?.scrollIntoView({ block: 'start' });
  }
}
