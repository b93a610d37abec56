import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { message } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { UserInfoBase } from '@tcm/contract';
import type { BuiltRoute } from '../app/dynamic-menu.js';
import { clearSession, setSession } from '../lib/session.js';
import { AdminList, type ListSort } from './AdminList.js';
import type { Paging } from './DataTable.js';
import { ChoiceFilter } from './query/ChoiceFilter.js';
import '../lib/i18n.js';

/**
 * The frame of the back-office list pages: the page gives columns, filters, handlers and a
 * loader; the frame pages, filters, selects and wires the toolbar from the route's metadata.
 */
afterEach(() => {
  clearSession();
  vi.restoreAllMocks();
});

interface Row {
  id: string;
  name: string;
}
type Filter = { state?: 'a' | 'b' };
const ROWS: Row[] = [
  { id: 'r1', name: '甲' },
  { id: 'r2', name: '乙' },
];
const ROUTE = {
  buttons: [{ buttonCode: 'x-edit', buttonName: '编辑', buttonNameEn: 'Edit', buttonIcon: null, buttonUrl: 'editRow' }],
} as unknown as BuiltRoute;

function show(
  load: (p: Paging, f: Filter, sort?: ListSort) => Promise<{ list: Row[]; total: number }>,
  editRow = vi.fn(),
) {
  setSession({ user: { buttons: ['x-edit'] } as UserInfoBase });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminList<Row, Filter, { list: Row[]; total: number }>
        testId="frame"
        title="列表"
        queryKey={['frame-test']}
        load={load}
        initialFilter={{ state: 'a' }}
        route={ROUTE}
        emptyText="没有记录"
        handlers={({ withOne }) => ({ editRow: withOne(editRow) })}
        filters={({ filter, setFilter }) => (
          <ChoiceFilter
            value={filter.state}
            values={['a', 'b'] as const}
            word={(v) => `状态${v}`}
            placeholder="全部"
            onChange={(state) => setFilter({ ...filter, state })}
            testId="state-filter"
          />
        )}
        columns={[{ title: '名称', dataIndex: 'name', sorter: true }]}
      />
    </QueryClientProvider>,
  );
  return editRow;
}

// An antd table with selection renders slowly on the shared 2-core machine (load, not a defect).
describe('the admin list frame', { timeout: 90_000 }, () => {
  it('loads the first page of 100 with the initial filter and shows the rows under the title', async () => {
    const load = vi.fn(async () => ({ list: ROWS, total: 2 }));
    show(load);
    expect(await screen.findByText('甲')).toBeTruthy();
    expect(screen.getByText('列表')).toBeTruthy();
    expect(load).toHaveBeenCalledWith({ page: 1, size: 100 }, { state: 'a' });
  });

  it('a click on a sortable header loads the first page sorted on the server, then the other way', async () => {
    const load = vi.fn(async () => ({ list: ROWS, total: 2 }));
    show(load);
    await screen.findByText('甲');
    fireEvent.click(screen.getByText('名称'));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith({ page: 1, size: 100 }, { state: 'a' }, { field: 'name', order: 'asc' }),
    );
    fireEvent.click(screen.getByText('名称'));
    await waitFor(() =>
      expect(load).toHaveBeenLastCalledWith({ page: 1, size: 100 }, { state: 'a' }, { field: 'name', order: 'desc' }),
    );
  });

  it('runs a toolbar handler on the one selected row, and warns without a selection', async () => {
    const warning = vi.spyOn(message, 'warning');
    const editRow = show(async () => ({ list: ROWS, total: 2 }));
    await screen.findByText('甲');
    fireEvent.click(screen.getByTestId('btn-x-edit'));
    expect(warning).toHaveBeenCalledWith('请选择一条数据！');
    expect(editRow).not.toHaveBeenCalled();
    const row = screen.getByText('乙').closest('tr')!;
    fireEvent.click(within(row).getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('btn-x-edit'));
    expect(editRow).toHaveBeenCalledWith(ROWS[1]);
  });

  it('a filter change loads again from the first page', async () => {
    const load = vi.fn(async (p: Paging) => ({ list: ROWS, total: 300 + p.page }));
    show(load);
    await screen.findByText('甲');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ page: 2, size: 100 }, { state: 'a' }));
    fireEvent.mouseDown(within(screen.getByTestId('state-filter')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('状态b'));
    await waitFor(() => expect(load).toHaveBeenLastCalledWith({ page: 1, size: 100 }, { state: 'b' }));
  });

  it('shows the empty text', async () => {
    show(async () => ({ list: [], total: 0 }));
    expect(await screen.findByText('没有记录')).toBeTruthy();
  });

  it('shows the load failure in the reader language', async () => {
    show(async () => Promise.reject(new Error('boom')));
    expect(await screen.findByText('加载失败，请稍后重试')).toBeTruthy();
  });
});
