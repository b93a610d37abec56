import { Table, type TableColumnType, type TableProps } from 'antd';
import { STACK_TABLE, stackColumns } from './stack-table.js';

/**
 * A small table that turns into label/value blocks on a phone (stack-table.ts): the class and the
 * labelled cells come together, so no table gets one without the other. Unpaged unless told.
 */
export function StackTable<T extends object>({
  columns,
  ...props
}: Omit<TableProps<T>, 'columns' | 'className'> & { columns: TableColumnType<T>[] }) {
  return (
    <Table<T> size="small" pagination={false} {...props} className={STACK_TABLE} columns={stackColumns(columns)} />
  );
}
