import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@tcm/contract';

export interface Paging {
  page: number;
  size: number;
}

/** Next paging after a pager event: a page-size change resets to page 1 (spec §2, §4). */
export function nextPaging(prev: Paging, page: number, size: number): Paging {
  return size !== prev.size ? { page: 1, size } : { page, size };
}

/** A page of rows as the list endpoints answer it. */
export interface RowsPage<T> {
  list: T[];
  total: number;
  /** The server stopped counting at `total` and more rows match: shown as "10,000+". */
  totalCapped?: boolean;
}

/**
 * The data table of spec §2: page sizes 100/200/500/1000, layout total, sizes, prev, pager,
 * next, jumper; optional row selection reported to the parent. The rows and total come from
 * `query` (the list's query: its page, and the spinner while it first loads) or are given.
 */
export function DataTable<T extends object>(
  props: Omit<TableProps<T>, 'pagination' | 'rowSelection'> & {
    paging: Paging;
    query?: { data?: RowsPage<T>; isLoading: boolean };
    total?: number;
    /** The server stopped counting at `total` and more rows match: shown as "10,000+". */
    totalCapped?: boolean;
    onPaging: (p: Paging) => void;
    selected?: React.Key[];
    onSelect?: (keys: React.Key[]) => void;
  },
) {
  const { t } = useTranslation();
  const {
    paging,
    query,
    total: givenTotal = 0,
    totalCapped: givenCapped,
    onPaging,
    selected,
    onSelect,
    ...rest
  } = props;
  const total = query ? (query.data?.total ?? 0) : givenTotal;
  const totalCapped = query ? query.data?.totalCapped : givenCapped;
  return (
    <Table<T>
      size="small"
      {...(query && { loading: query.isLoading, dataSource: query.data?.list ?? [] })}
      {...rest}
      rowSelection={onSelect ? { selectedRowKeys: selected ?? [], onChange: (keys) => onSelect(keys) } : undefined}
      pagination={{
        current: paging.page,
        pageSize: paging.size,
        total,
        pageSizeOptions: PAGE_SIZES.map(String),
        showSizeChanger: true,
        showQuickJumper: true,
        showTotal: (n) => t(totalCapped ? 'table.totalCapped' : 'table.total', { total: n }),
        onChange: (page, size) => onPaging(nextPaging(paging, page, size)),
      }}
    />
  );
}
