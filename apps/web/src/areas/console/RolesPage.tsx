import { useMemo, useState } from 'react';
import { Empty, Form, Select, Space, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { DATA_SCOPES, consoleRoleAddBody, type ConsoleRole, type DataScope, type MenuNode } from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { useSchemaRules } from '../../lib/form-rules.js';
import { SchemaInput } from '../../components/SchemaInput.js';
import { useAddRole, useEditRole, useMenuTree, useRemoveRole, useRoles } from './console-api.js';
import { toggleGrant } from './menu-tree-model.js';
import { SaveDialog } from '../../components/SaveDialog.js';
import { WholeList } from '../../components/WholeList.js';
import { useConfirm } from '../../components/use-confirm.js';

/** Label of a menu entry in the reader's language; buttons show their code. */
export function menuLabel(n: MenuNode, lang: string): string {
  const name = lang === 'en' && n.nameEn ? n.nameEn : n.name;
  return n.type === 'button' && n.buttonCode ? `${name} [${n.buttonCode}]` : name;
}

const toData = (nodes: MenuNode[], lang: string): DataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: <span data-testid={`grant-${n.id}`}>{menuLabel(n, lang)}</span>,
    children: toData(n.children, lang),
  }));

interface RoleValues {
  code: string;
  name: string;
  dataScope: DataScope;
}

/** Add or edit a role: name, data scope and the menu/button tree (each box on its own, ancestors follow). */
function RoleDialog({
  role,
  menus,
  onClose,
  onSaved,
}: {
  role: ConsoleRole | null;
  menus: MenuNode[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const schema = useSchemaRules(consoleRoleAddBody.shape);
  const [form] = Form.useForm<RoleValues>();
  const [checked, setChecked] = useState<Set<number>>(() => new Set(role?.menuIds ?? []));
  const data = useMemo(() => toData(menus, i18n.language), [menus, i18n.language]);
  const add = useAddRole();
  const edit = useEditRole();
  const save = async () => {
    const v = await form.validateFields();
    const menuIds = [...checked];
    if (role) await edit.mutateAsync({ id: role.id, name: v.name, dataScope: v.dataScope, menuIds });
    else await add.mutateAsync({ ...v, menuIds });
  };
  return (
    <SaveDialog
      title={t(role ? 'consoleAdmin.editRole' : 'consoleAdmin.addRole')}
      testId="role"
      width={720}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
      form={form}
    >
      <Form form={form} layout="vertical" initialValues={role ?? { dataScope: 'self' }}>
        <Space wrap>
          <SchemaInput
            field={schema.field('code')}
            label={t('consoleAdmin.roleCode')}
            required
            disabled={Boolean(role)}
            data-testid="role-code"
          />
          <SchemaInput
            field={schema.field('name')}
            label={t('consoleAdmin.roleName')}
            required
            data-testid="role-name"
          />
          <Form.Item name="dataScope" label={t('consoleAdmin.dataScope')} extra={t('consoleAdmin.dataScopeHint')}>
            <Select
              style={{ width: 200 }}
              options={DATA_SCOPES.map((s) => ({ value: s, label: t(`consoleAdmin.scopes.${s}`) }))}
            />
          </Form.Item>
        </Space>
      </Form>
      <Typography.Text strong>{t('consoleAdmin.grants')}</Typography.Text>
      <div style={{ maxHeight: 420, overflow: 'auto', border: '1px solid #eee', padding: 8 }} data-testid="grant-tree">
        {menus.length === 0 ? (
          <Empty />
        ) : (
          <Tree
            checkable
            checkStrictly
            defaultExpandAll
            selectable={false}
            treeData={data}
            checkedKeys={{ checked: [...checked], halfChecked: [] }}
            onCheck={(_keys, info) => setChecked((c) => toggleGrant(menus, c, Number(info.node.key), info.checked))}
          />
        )}
      </div>
    </SaveDialog>
  );
}

/** Role administration (issue 22 item 1). */
export default function RolesPage({ route }: { route?: BuiltRoute }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const roles = useRoles();
  const menus = useMenuTree();
  const remove = useRemoveRole();
  const [editing, setEditing] = useState<{ role: ConsoleRole | null } | null>(null);
  return (
    <WholeList<ConsoleRole>
      page={{ testId: 'console-roles', title: t('consoleAdmin.rolesTitle'), empty: t('consoleAdmin.noRoles') }}
      route={route}
      query={roles}
      handlers={({ withOne, clearSelection }) => ({
        addRole: () => setEditing({ role: null }),
        editRole: withOne((role) => setEditing({ role })),
        removeRole: withOne((role) =>
          confirm(t('consoleAdmin.confirmRemoveRole', { name: role.name }), async () => {
            await remove.mutateAsync(role.id);
            clearSelection();
          }),
        ),
      })}
      columns={[
        { title: t('consoleAdmin.roleCode'), dataIndex: 'code' },
        { title: t('consoleAdmin.roleName'), dataIndex: 'name' },
        {
          title: t('consoleAdmin.dataScope'),
          render: (_v, r) =>
            r.allAccess ? (
              <Tag color="gold">{t('consoleAdmin.allAccess')}</Tag>
            ) : (
              t(`consoleAdmin.scopes.${r.dataScope}`)
            ),
        },
        { title: t('consoleAdmin.grantCount'), render: (_v, r) => (r.allAccess ? '—' : r.menuIds.length) },
        { title: t('consoleAdmin.holders'), dataIndex: 'userCount' },
      ]}
    >
      {editing && menus.data && (
        <RoleDialog
          role={editing.role}
          menus={menus.data}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
    </WholeList>
  );
}
