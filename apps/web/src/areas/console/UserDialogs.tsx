import { useState } from 'react';
import { Checkbox, Drawer, Form, Input, Select, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONSOLE_CREATABLE_ENTRANCES, consoleUserAddBody, type ConsoleUser } from '@tcm/contract';
import { useSchemaRules } from '../../lib/form-rules.js';
import { SchemaInput } from '../../components/SchemaInput.js';
import { formatDateTime } from '../../lib/format.js';
import { newPasswordRule, PASSWORD_INPUT_MAX } from '../../components/passwords/password-rules.js';
import { useAddUser, useAssignRoles, useEditUser, useRoles, useSignInHistory } from './console-api.js';
import { OrganizationSelect } from './OrganizationSelect.js';
import { FormDialog, SaveDialog } from '../../components/SaveDialog.js';

interface UserValues {
  entrance?: (typeof CONSOLE_CREATABLE_ENTRANCES)[number];
  loginName?: string;
  name: string;
  email?: string;
  phone?: string;
  organizationId?: string | null;
  password?: string;
}

/** Add (user null) or edit an account; the server's refusal shows in a toast (spec §8). */
export function UserDialog({
  user,
  onClose,
  onSaved,
}: {
  user: ConsoleUser | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserValues>();
  const add = useAddUser();
  const edit = useEditUser();
  const schema = useSchemaRules(consoleUserAddBody.shape);
  const save = async () => {
    const v = await form.validateFields();
    if (user)
      await edit.mutateAsync({
        id: user.id,
        name: v.name,
        email: v.email ?? null,
        phone: v.phone ?? null,
        // Chosen in the tree: the server writes its name to the free-text organisation too.
        ...(v.organizationId !== (user.organizationId ?? null) ? { organizationId: v.organizationId ?? null } : {}),
      });
    else await add.mutateAsync({ ...v, organizationId: v.organizationId ?? undefined });
  };
  return (
    <FormDialog
      form={form}
      initialValues={
        user
          ? {
              name: user.name,
              email: user.email ?? '',
              phone: user.phone ?? '',
              organizationId: user.organizationId,
            }
          : { entrance: 'sys' }
      }
      title={t(user ? 'consoleAdmin.editUser' : 'consoleAdmin.addUser')}
      testId="user"
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      {!user && (
        <>
          <Form.Item name="entrance" label={t('consoleAdmin.entrance')}>
            <Select
              options={CONSOLE_CREATABLE_ENTRANCES.map((e) => ({
                value: e,
                label: t(`consoleAdmin.entrances.${e}`),
              }))}
            />
          </Form.Item>
          <SchemaInput
            field={schema.field('loginName')}
            label={t('consoleAdmin.loginName')}
            required
            autoComplete="off"
            data-testid="user-login-name"
          />
        </>
      )}
      <SchemaInput field={schema.field('name')} label={t('consoleAdmin.name')} required data-testid="user-name" />
      <SchemaInput field={schema.field('email')} label={t('consoleAdmin.email')} />
      <SchemaInput field={schema.field('phone')} label={t('consoleAdmin.phone')} />
      <Form.Item
        name="organizationId"
        label={t('consoleAdmin.organisation')}
        extra={user?.organisation && !user.organizationId ? user.organisation : undefined}
      >
        <OrganizationSelect forAssignment testId="user-organization" />
      </Form.Item>
      {!user && (
        <Form.Item
          name="password"
          label={t('consoleAdmin.firstPassword')}
          dependencies={['loginName']}
          extra={t('consoleAdmin.firstPasswordHint')}
          required
          rules={[...schema.rules('password'), newPasswordRule(() => String(form.getFieldValue('loginName') ?? ''))]}
        >
          <Input.Password maxLength={PASSWORD_INPUT_MAX} autoComplete="new-password" data-testid="user-password" />
        </Form.Item>
      )}
    </FormDialog>
  );
}

/** Replaces an account's roles (button sysUser-roles). */
export function AssignRolesDialog({
  user,
  onClose,
  onSaved,
}: {
  user: ConsoleUser;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const roles = useRoles();
  const assign = useAssignRoles();
  const [chosen, setChosen] = useState<string[]>(user.roles.map((r) => r.id));
  const save = async () => {
    await assign.mutateAsync({ userId: user.id, roleIds: chosen });
  };
  return (
    <SaveDialog
      title={t('consoleAdmin.assignRolesOf', { name: user.loginName })}
      testId="roles"
      save={save}
      onClose={onClose}
      onSaved={onSaved}
    >
      {roles.isError && <Tag color="error">{t('consoleAdmin.loadFailed')}</Tag>}
      {roles.data && roles.data.length === 0 && <Tag>{t('consoleAdmin.noRoles')}</Tag>}
      <Checkbox.Group
        value={chosen}
        onChange={(v) => setChosen(v)}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        options={(roles.data ?? []).map((r) => ({
          value: r.id,
          label: <span data-testid={`role-opt-${r.code}`}>{`${r.name} (${r.code})`}</span>,
        }))}
      />
    </SaveDialog>
  );
}

/** Sign-in attempts of one account, newest first (button sysUser-history). */
export function HistoryDrawer({ user, onClose }: { user: ConsoleUser; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useSignInHistory(user.id, page);
  return (
    <Drawer open width={640} title={t('consoleAdmin.historyOf', { name: user.loginName })} onClose={onClose}>
      <Table
        size="small"
        rowKey="id"
        loading={history.isLoading}
        dataSource={history.data?.list ?? []}
        locale={{ emptyText: history.isError ? t('consoleAdmin.loadFailed') : t('consoleAdmin.noHistory') }}
        pagination={{
          current: page,
          pageSize: 100,
          total: history.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { title: t('consoleAdmin.time'), dataIndex: 'createdAt', render: (v: string) => formatDateTime(new Date(v)) },
          {
            title: t('consoleAdmin.entrance'),
            dataIndex: 'entrance',
            render: (e: string) => t(`consoleAdmin.entrances.${e}`, e),
          },
          { title: 'IP', dataIndex: 'ip' },
          {
            title: t('consoleAdmin.result'),
            render: (_v, r) =>
              r.success ? <Tag color="success">{t('consoleAdmin.signInOk')}</Tag> : <Tag color="error">{r.code}</Tag>,
          },
        ]}
      />
    </Drawer>
  );
}
