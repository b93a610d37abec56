import { Table, type TableProps } from 'antd';

/** What a QueryTable reads of a query: its rows, and whether they are still on their way. */
export interface RowsQuery<Row> {
  data?: Row[];
  isLoading: boolean;
}

/**
 * A table of rows a query loads whole (no pager; DataTable pages on the server): small, keyed by
 * `id` unless told, with the spinner while the query first loads.
 */
export function QueryTable<Row extends object>({
  query,
  ...props
}: Omit<TableProps<Row>, 'dataSource' | 'loading'> & { query: RowsQuery<Row> }) {
  return (
    <Table<Row>
      size="small"
      rowKey="id"
      pagination={false}
      loading={query.isLoading}
      dataSource={query.data ?? []}
      {...props}
    />
  );
}
