import type { ReactNode } from 'react';
import { Card, Table, type TableColumnsType } from 'antd';
import { ExportButtons, type Cell } from './ExportButtons.js';

/** A result table as rows of cells under its column titles (every analysis screen shows some). */
export function CellTable({ columns, rows, testId }: { columns: string[]; rows: Cell[][]; testId?: string }) {
  return (
    <Table
      size="small"
      pagination={false}
      rowKey={(x) => String(x[0])}
      dataSource={rows}
      data-testid={testId}
      columns={columns.map((c, i) => ({ title: c, render: (_: unknown, x: Cell[]) => x[i] }))}
    />
  );
}

/**
 * A titled card of one result with its CSV and Excel export: `children` (a chart, or a table
 * drawn its own way) and, unless `children` replaces it, the table of `rows`.
 */
export function TableCard(props: {
  title: string;
  columns: string[];
  rows: Cell[][];
  /** What the export holds when it differs from the rows shown. */
  exportRows?: Cell[][];
  testId?: string;
  children?: ReactNode;
  /** Show `rows` as a table below the children (default: only when there are no children). */
  table?: boolean;
}) {
  const { title, columns, rows, children } = props;
  return (
    <Card
      size="small"
      title={title}
      extra={<ExportButtons name={title} columns={columns} rows={props.exportRows ?? rows} />}
    >
      {children}
      {(props.table ?? !children) && <CellTable columns={columns} rows={rows} testId={props.testId} />}
    </Card>
  );
}

/**
 * A long result table of typed rows (a hundred a page, its own column renders and sorters) with
 * its export: `exportRows` under the titles `columns`, saved as `name`. `title` is `name` unless
 * the card's heading holds more (a switch).
 */
export function RowsCard<T extends { key: string | number }>(props: {
  name: string;
  title?: ReactNode;
  columns: string[];
  exportRows: Cell[][];
  rows: T[];
  tableColumns: TableColumnsType<NoInfer<T>>;
  testId: string;
}) {
  const { name, columns } = props;
  return (
    <Card
      size="small"
      title={props.title ?? name}
      extra={<ExportButtons name={name} columns={columns} rows={props.exportRows} />}
    >
      <Table<T>
        size="small"
        rowKey="key"
        dataSource={props.rows}
        pagination={{ pageSize: 100 }}
        data-testid={props.testId}
        columns={props.tableColumns}
      />
    </Card>
  );
}
