import { lazy, Suspense, useState } from 'react';
import { Modal, Select, Space, Spin, Tag, Typography, message } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CONSOLE_USER_QUERY_FIELDS, ENTRANCES, type ConsoleUser, type Entrance } from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { selectionProblem } from '../../app/toolbar.js';
import { DataTable, type Paging } from '../../components/DataTable.js';
import type { QueryField } from '../../components/query/normalize.js';
import { SearchAndQuery, type ListFilter } from '../../components/query/SearchAndQuery.js';
import { Toolbar } from '../../components/Toolbar.js';
import { formatDateTime } from '../../lib/format.js';
import { consoleApi } from './console-api.js';
import { AssignRolesDialog, HistoryDrawer, UserDialog } from './UserDialogs.js';

const ResetPasswordDialog = lazy(() =>
  import('../../components/passwords/ResetPasswordDialog.js').then((m) => ({ default: m.ResetPasswordDialog })),
);

const FIELDS: QueryField[] = (
  Object.keys(CONSOLE_USER_QUERY_FIELDS) as Array<keyof typeof CONSOLE_USER_QUERY_FIELDS>
).map((name) => ({ name, type: CONSOLE_USER_QUERY_FIELDS[name], label: `consoleAdmin.${name}` }));

type Open = { kind: 'edit' | 'roles' | 'history' | 'reset'; user: ConsoleUser } | { kind: 'add' } | null;

/** Account administration (issue 22 item 1): list with search and combined query, toolbar from the route. */
export default function UsersPage({ route }: { route?: BuiltRoute }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const [paging, setPaging] = useState<Paging>({ page: 1, size: 100 });
  const [entrance, setEntrance] = useState<Entrance | undefined>('sys');
  const [filter, setFilter] = useState<ListFilter>({});
  const [selected, setSelected] = useState<React.Key[]>([]);
  const [open, setOpen] = useState<Open>(null);
  const list = useQuery({
    queryKey: ['console-users', paging, entrance, filter],
    queryFn: () => consoleApi.users(paging.page, paging.size, { entrance, ...filter }),
  });
  const rows = list.data?.list ?? [];
  const chosen = rows.filter((r) => selected.includes(r.id));
  const refresh = () => void qc.invalidateQueries({ queryKey: ['console-users'] });
  const done = () => {
    setOpen(null);
    refresh();
  };
  /** Runs `f` on the one selected row, or warns (spec §8 selection messages). */
  const withOne = (f: (u: ConsoleUser) => void) => () => {
    const problem = selectionProblem('onlyOne', chosen.length);
    if (problem) return void message.warning(t(problem));
    f(chosen[0]!);
  };
  const handlers: Record<string, () => void> = {
    addUser: () => setOpen({ kind: 'add' }),
    editUser: withOne((user) => setOpen({ kind: 'edit', user })),
    assignRoles: withOne((user) => setOpen({ kind: 'roles', user })),
    signInHistory: withOne((user) => setOpen({ kind: 'history', user })),
    resetPassword: withOne((user) => setOpen({ kind: 'reset', user })),
    toggleStatus: withOne((user) => {
      const status = user.status === 1 ? 0 : 1;
      Modal.confirm({
        title: t('app.hint'),
        content: t(status === 0 ? 'consoleAdmin.confirmDisable' : 'consoleAdmin.confirmEnable', {
          name: user.loginName,
        }),
        onOk: async () => {
          await consoleApi.setUserStatus(user.id, status);
          void message.success(t('consoleAdmin.saved'));
          refresh();
        },
      });
    }),
  };

  return (
    <div data-testid="console-users">
      <Typography.Title level={4}>{t('consoleAdmin.usersTitle')}</Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Toolbar buttons={route?.buttons ?? []} selected={selected.length} handlers={handlers} />
        <Select
          allowClear
          style={{ width: 160 }}
          value={entrance}
          placeholder={t('consoleAdmin.allEntrances')}
          onChange={(v?: Entrance) => {
            setEntrance(v);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          options={ENTRANCES.map((e) => ({ value: e, label: t(`consoleAdmin.entrances.${e}`) }))}
          data-testid="entrance-filter"
        />
        <SearchAndQuery
          fields={FIELDS}
          onFilter={(f) => {
            setPaging((p) => ({ ...p, page: 1 }));
            setFilter(f);
          }}
        />
      </Space>
      {list.isError && <Typography.Paragraph type="danger">{t('consoleAdmin.loadFailed')}</Typography.Paragraph>}
      <DataTable<ConsoleUser>
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        paging={paging}
        total={list.data?.total ?? 0}
        onPaging={setPaging}
        selected={selected}
        onSelect={setSelected}
        locale={{ emptyText: t('consoleAdmin.noUsers') }}
        columns={[
          { title: t('consoleAdmin.loginName'), dataIndex: 'loginName' },
          { title: t('consoleAdmin.name'), dataIndex: 'name' },
          {
            title: t('consoleAdmin.entrance'),
            dataIndex: 'entrance',
            width: 110,
            render: (e: Entrance) => t(`consoleAdmin.entrances.${e}`),
          },
          { title: t('consoleAdmin.organisation'), dataIndex: 'organisation' },
          {
            title: t('consoleAdmin.roles'),
            render: (_v, u) => u.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>),
          },
          {
            title: t('consoleAdmin.status'),
            width: 140,
            render: (_v, u) => (
              <>
                <Tag color={u.status === 1 ? 'success' : 'default'}>
                  {t(u.status === 1 ? 'consoleAdmin.enabled' : 'consoleAdmin.disabled')}
                </Tag>
                {u.mustChangePassword && <Tag color="warning">{t('consoleAdmin.mustChange')}</Tag>}
              </>
            ),
          },
          {
            title: t('consoleAdmin.createdAt'),
            dataIndex: 'createdAt',
            width: 150,
            render: (v: string) => formatDateTime(new Date(v)),
          },
        ]}
      />
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <UserDialog user={open.kind === 'edit' ? open.user : null} onClose={() => setOpen(null)} onSaved={done} />
      )}
      {open?.kind === 'roles' && <AssignRolesDialog user={open.user} onClose={() => setOpen(null)} onSaved={done} />}
      {open?.kind === 'history' && <HistoryDrawer user={open.user} onClose={() => setOpen(null)} />}
      {open?.kind === 'reset' && (
        <Suspense fallback={<Spin />}>
          <ResetPasswordDialog loginName={open.user.loginName} onClose={done} />
        </Suspense>
      )}
    </div>
  );
}
