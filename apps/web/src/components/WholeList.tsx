import { useState, type ReactNode } from 'react';
import { Space, Typography, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { BuiltRoute } from '../app/dynamic-menu.js';
import { selectionProblem } from '../app/toolbar.js';
import { QueryTable, type RowsQuery } from './QueryTable.js';
import { Toolbar } from './Toolbar.js';

/** What a whole list's toolbar handlers get from the frame. */
export interface WholeListContext<Row> {
  /** Runs `f` on the one selected row, or warns as spec §8 says (none or several selected). */
  withOne: (f: (row: Row) => void) => () => void;
  clearSelection: () => void;
}

/**
 * The frame of a back-office list loaded whole (AdminList is the one that pages on the server):
 * title, the toolbar from the route's metadata, the error line and the table with row selection.
 * A page keeps its query, columns, texts, handlers and dialogs (`children`).
 */
export function WholeList<Row extends { id: React.Key }>(props: {
  /** The page's test id, title and the empty table's text. */
  page: { testId: string; title: string; empty: string };
  route?: BuiltRoute;
  query: RowsQuery<Row> & { isError: boolean };
  columns: ColumnsType<Row>;
  handlers: (ctx: WholeListContext<Row>) => Record<string, () => void>;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<React.Key[]>([]);
  const withOne = (f: (row: Row) => void) => () => {
    const chosen = (props.query.data ?? []).filter((r) => selected.includes(r.id));
    const problem = selectionProblem('onlyOne', chosen.length);
    if (problem) return void message.warning(t(problem));
    f(chosen[0]!);
  };
  const handlers = props.handlers({ withOne, clearSelection: () => setSelected([]) });
  return (
    <div data-testid={props.page.testId}>
      <Typography.Title level={4}>{props.page.title}</Typography.Title>
      <Space style={{ marginBottom: 12 }}>
        <Toolbar buttons={props.route?.buttons ?? []} selected={selected.length} handlers={handlers} />
      </Space>
      {props.query.isError && <Typography.Paragraph type="danger">{t('consoleAdmin.loadFailed')}</Typography.Paragraph>}
      <QueryTable<Row>
        query={props.query}
        locale={{ emptyText: props.page.empty }}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        columns={props.columns}
      />
      {props.children}
    </div>
  );
}
