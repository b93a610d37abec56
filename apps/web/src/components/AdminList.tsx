import { useState, type ReactNode } from 'react';
import { Space, Typography, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { BuiltRoute, ToolbarButton } from '../app/dynamic-menu.js';
import { selectionProblem } from '../app/toolbar.js';
import { useListPage } from './admin-list-api.js';
import { DataTable, type Paging } from './DataTable.js';
import { Toolbar } from './Toolbar.js';

/** The server-side sort a reader chose by clicking a column header. */
export interface ListSort {
  field: string;
  order: 'asc' | 'desc';
}

/** What a list page's toolbar handlers and dialogs get from the frame. */
export interface AdminListContext<Row, F = unknown> {
  /** The filter on screen (an export takes the same). */
  filter: F;
  /** The rows of the page on screen. */
  rows: Row[];
  /** The selected rows of the page on screen. */
  chosen: Row[];
  /** Runs `f` on the one selected row, or warns as spec §8 says (none or several selected). */
  withOne: (f: (row: Row) => void) => () => void;
  /** Runs `f` on the selected rows, or warns when there are none. */
  withSome: (f: (rows: Row[]) => void) => () => void;
  clearSelection: () => void;
}

/** The filter state of a list and how a page's filter controls change it. */
export interface AdminListFilter<F> {
  filter: F;
  /** Replaces the filter and goes back to the first page. */
  setFilter: (f: F) => void;
  /** The page's toolbar, for a page that places it among its filter controls. */
  toolbar: ReactNode;
}

export interface AdminListProps<Row extends { id: string | number }, F, Data extends { list: Row[]; total: number }> {
  testId: string;
  title?: ReactNode;
  /**
   * Query key prefix (from the feature's `*_KEYS`): the list is read under it, so the feature's
   * mutations that invalidate it refresh the list (docs/web.md "Server data").
   */
  queryKey: readonly unknown[];
  /** `sort`: the column (its `key` or `dataIndex`) and order the reader chose, when columns have `sorter: true`. */
  load: (paging: Paging, filter: F, sort?: ListSort) => Promise<Data>;
  initialFilter: F;
  columns: ColumnsType<Row>;
  /** The empty table's text; antd's own when left out. */
  emptyText?: string;
  /** The route whose metadata gives the toolbar (spec §2); `buttons` narrows it. */
  route?: BuiltRoute;
  buttons?: (all: readonly ToolbarButton[]) => readonly ToolbarButton[];
  handlers?: (ctx: AdminListContext<Row, F>) => Record<string, () => void>;
  /** Filter controls beside the toolbar (choice selects, search, combined query). */
  filters?: (f: AdminListFilter<F>) => ReactNode;
  /** The filter controls place the toolbar themselves (`filters` gets it), instead of the frame. */
  toolbarInFilters?: boolean;
  /** Rows can be selected (the toolbar's selection buttons); off for a read-only log. */
  selectable?: boolean;
  /** Keeps the rows on screen while the next page loads. */
  keepPrevious?: boolean;
  /** Between the title and the toolbar, from the loaded answer (e.g. the audit log's retention). */
  intro?: (data: Data | undefined) => ReactNode;
  errorText?: (e: Error) => string;
  errorTestId?: string;
  /** Dialogs and anything below the table. */
  children?: (ctx: AdminListContext<Row, F>) => ReactNode;
}

/**
 * The frame every back-office list page shares (issue 22): title, toolbar from the route's
 * metadata, the page's filters, the data table with paging (spec sizes 100/200/500/1000) and
 * selection, the error line, and the query that ties them. A page keeps only its columns,
 * filters, texts, handlers and dialogs.
 */
export function AdminList<Row extends { id: string | number }, F, Data extends { list: Row[]; total: number }>(
  props: AdminListProps<Row, F, Data>,
) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState<Paging>({ page: 1, size: 100 });
  const [filter, setFilterState] = useState<F>(props.initialFilter);
  const [selected, setSelected] = useState<React.Key[]>([]);
  const [sort, setSort] = useState<ListSort | undefined>(undefined);
  const list = useListPage(
    props.queryKey,
    [paging, filter, sort],
    () => (sort ? props.load(paging, filter, sort) : props.load(paging, filter)),
    props.keepPrevious,
  );
  const rows = list.data?.list ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));
  const warnOr =
    <A,>(rule: 'onlyOne' | 'some', f: (a: A) => void, arg: () => A) =>
    () => {
      const problem = selectionProblem(rule, chosen.length);
      if (problem) return void message.warning(t(problem));
      f(arg());
    };
  const ctx: AdminListContext<Row, F> = {
    filter,
    rows,
    chosen,
    withOne: (f) => warnOr('onlyOne', f, () => chosen[0]!),
    withSome: (f) => warnOr('some', f, () => chosen),
    clearSelection: () => setSelected([]),
  };
  const all = props.route?.buttons ?? [];
  const toolbar = (
    <Toolbar
      buttons={props.buttons ? props.buttons(all) : all}
      selected={selected.length}
      handlers={props.handlers?.(ctx) ?? {}}
    />
  );
  const setFilter = (f: F) => {
    setFilterState(f);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const filters = props.filters?.({ filter, setFilter, toolbar });
  const selectable = props.selectable ?? true;
  return (
    <div data-testid={props.testId}>
      {props.title !== undefined && <Typography.Title level={4}>{props.title}</Typography.Title>}
      {props.intro?.(list.data)}
      {props.toolbarInFilters ? (
        filters
      ) : (
        <Space wrap style={{ marginBottom: 12 }}>
          {toolbar}
          {filters}
        </Space>
      )}
      {list.isError && (
        <Typography.Paragraph type="danger" data-testid={props.errorTestId}>
          {props.errorText ? props.errorText(list.error) : t('consoleAdmin.loadFailed')}
        </Typography.Paragraph>
      )}
      <DataTable<Row>
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        paging={paging}
        total={list.data?.total ?? 0}
        onPaging={setPaging}
        selected={selectable ? selected : undefined}
        onSelect={selectable ? setSelected : undefined}
        locale={props.emptyText === undefined ? undefined : { emptyText: props.emptyText }}
        columns={props.columns}
        onChange={(_p, _f, sorter, extra) => {
          // Paging has its own handler; a header click sorts on the server, from the first page.
          if (extra.action !== 'sort' || Array.isArray(sorter)) return;
          const field = String(sorter.columnKey ?? sorter.field ?? '');
          setSort(sorter.order && field ? { field, order: sorter.order === 'ascend' ? 'asc' : 'desc' } : undefined);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      {props.children?.(ctx)}
    </div>
  );
}
