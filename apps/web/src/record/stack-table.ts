import type { TableColumnType } from 'antd';
import './phone.css';

/** The class under which phone.css makes buttons touch-sized and long words wrap. */
export const PHONE_FIRST = 'phone-first';

/** The class that turns a table into label/value blocks on a phone (phone.css). */
export const STACK_TABLE = 'stack-table';

/**
 * Columns whose cells carry their column's title as `data-label`: below 768 px phone.css hides
 * the header row and shows each row as a block of "label value" lines (issue 34: a five-column
 * table on a 390 px screen wrapped one character per line). One DOM for both layouts, so the
 * desktop table and what tests read stay as they were. Titles must be plain text for this.
 */
export function stackColumns<T>(columns: TableColumnType<T>[]): TableColumnType<T>[] {
  return columns.map((c) => {
    const label = typeof c.title === 'string' ? c.title : undefined;
    if (!label) return c;
    const own = c.onCell;
    return {
      ...c,
      onCell: (row: T, index?: number) =>
        ({ ...own?.(row, index), 'data-label': label }) as ReturnType<NonNullable<TableColumnType<T>['onCell']>>,
    };
  });
}
