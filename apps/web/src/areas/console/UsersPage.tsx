import { lazy, Suspense, useState } from 'react';
import { Spin, Tag, message } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  CONSOLE_USER_QUERY_FIELDS,
  ENTRANCES,
  type ConsoleUser,
  type ConsoleUserPage,
  type Entrance,
} from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { AdminList } from '../../components/AdminList.js';
import { ChoiceAndQuery, type ChoiceQuery } from '../../components/query/ChoiceAndQuery.js';
import type { QueryField } from '../../components/query/normalize.js';
import { formatDateTime } from '../../lib/format.js';
import { CONSOLE_KEYS, consoleApi, useSetUserStatus } from './console-api.js';
import { AssignRolesDialog, HistoryDrawer, UserDialog } from './UserDialogs.js';
import { MemberAccountButtons } from './MemberAccountDialogs.js';
import { useConfirm } from '../../components/use-confirm.js';

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
  const confirm = useConfirm();
  const [open, setOpen] = useState<Open>(null);
  const setStatus = useSetUserStatus();
  const [params] = useSearchParams();
  return (
    <AdminList<ConsoleUser, ChoiceQuery<Entrance>, ConsoleUserPage>
      testId="console-users"
      title={t('consoleAdmin.usersTitle')}
      queryKey={CONSOLE_KEYS.users}
      load={(p, { choice, ...f }, sort) => consoleApi.users(p.page, p.size, { entrance: choice, ...f }, sort)}
      // Every entrance by default (issue 33), or the one a dashboard figure links to (?entrance=).
      initialFilter={{ choice: ENTRANCES.find((e) => e === params.get('entrance')) }}
      route={route}
      intro={() => <MemberAccountButtons route={route} />}
      emptyText={t('consoleAdmin.noUsers')}
      handlers={({ withOne }) => ({
        addUser: () => setOpen({ kind: 'add' }),
        editUser: withOne((user) => setOpen({ kind: 'edit', user })),
        assignRoles: withOne((user) => setOpen({ kind: 'roles', user })),
        signInHistory: withOne((user) => setOpen({ kind: 'history', user })),
        resetPassword: withOne((user) => setOpen({ kind: 'reset', user })),
        toggleStatus: withOne((user) => {
          const status = user.status === 1 ? 0 : 1;
          // The confirmation's OK button spins until the write and the list's reload are done.
          confirm(
            t(status === 0 ? 'consoleAdmin.confirmDisable' : 'consoleAdmin.confirmEnable', { name: user.loginName }),
            async () => {
              await setStatus.mutateAsync({ id: user.id, status });
              void message.success(t('consoleAdmin.saved'));
            },
          );
        }),
      })}
      filters={(f) => (
        <ChoiceAndQuery
          {...f}
          values={ENTRANCES}
          word={(e) => t(`consoleAdmin.entrances.${e}`)}
          placeholder={t('consoleAdmin.allEntrances')}
          testId="entrance-filter"
          fields={FIELDS}
        />
      )}
      columns={[
        { title: t('consoleAdmin.loginName'), dataIndex: 'loginName', sorter: true },
        { title: t('consoleAdmin.name'), dataIndex: 'name', sorter: true },
        {
          title: t('consoleAdmin.entrance'),
          dataIndex: 'entrance',
          width: 110,
          sorter: true,
          render: (e: Entrance) => t(`consoleAdmin.entrances.${e}`),
        },
        { title: t('consoleAdmin.organisation'), dataIndex: 'organisation', sorter: true },
        {
          title: t('consoleAdmin.roles'),
          render: (_v, u) => u.roles.map((r) => <Tag key={r.id}>{r.name}</Tag>),
        },
        {
          title: t('consoleAdmin.status'),
          key: 'status',
          width: 140,
          sorter: true,
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
          sorter: true,
          render: (v: string) => formatDateTime(new Date(v)),
        },
      ]}
    >
      {() => {
        // The dialogs' mutations read the lists again; closing only closes.
        const done = () => setOpen(null);
        return (
          <>
            {(open?.kind === 'add' || open?.kind === 'edit') && (
              <UserDialog user={open.kind === 'edit' ? open.user : null} onClose={done} onSaved={done} />
            )}
            {open?.kind === 'roles' && <AssignRolesDialog user={open.user} onClose={done} onSaved={done} />}
            {open?.kind === 'history' && <HistoryDrawer user={open.user} onClose={done} />}
            {open?.kind === 'reset' && (
              <Suspense fallback={<Spin />}>
                {/* The user must change the new password: the list's tag says so. */}
                <ResetPasswordDialog loginName={open.user.loginName} onClose={done} changes={[CONSOLE_KEYS.users]} />
              </Suspense>
            )}
          </>
        );
      }}
    </AdminList>
  );
}
