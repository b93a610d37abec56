import { useMemo, useState } from 'react';
import { Alert, Button, Empty, Space, Spin, Tag, Tree, Typography, message } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import type { OrganizationNode } from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { Toolbar } from '../../components/Toolbar.js';
import { AssignOrganizationDialog, OrganizationDialog } from './OrganizationDialogs.js';
import { flattenOrganizations, useOrganizationTree, useRemoveOrganization } from './organizations-api.js';
import { useConfirm } from '../../components/use-confirm.js';

type Editing = { org: OrganizationNode | null; parent: OrganizationNode | null } | null;

/**
 * The organization tree (issue 33 item 3; docs/console.md "Organizations"): add under the selected
 * one (or at the top), edit, remove, assign accounts and teams; toolbar from the route metadata.
 */
export default function OrganizationsPage({ route }: { route?: BuiltRoute }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const tree = useOrganizationTree();
  const remove = useRemoveOrganization();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [assigning, setAssigning] = useState<OrganizationNode | null>(null);
  const byId = useMemo(() => new Map(flattenOrganizations(tree.data ?? []).map((n) => [n.id, n])), [tree.data]);
  const selected = selectedId === null ? null : (byId.get(selectedId) ?? null);
  const needOne = (f: (n: OrganizationNode) => void) => () =>
    selected ? f(selected) : void message.warning(t('console.organizations.selectOne'));

  const handlers: Record<string, () => void> = {
    addOrganization: () => setEditing({ org: null, parent: selected }),
    editOrganization: needOne((n) => setEditing({ org: n, parent: null })),
    assignOrganization: needOne(setAssigning),
    removeOrganization: needOne((n) =>
      confirm(t('console.organizations.confirmRemove', { name: n.name }), async () => {
        await remove.mutateAsync(n.id);
        setSelectedId(null);
        void message.success(t('consoleAdmin.saved'));
      }),
    ),
  };

  const toData = (nodes: OrganizationNode[]): DataNode[] =>
    nodes.map((n) => ({
      key: n.id,
      title: (
        <Space size={6} data-testid={`org-node-${n.code}`}>
          <span style={n.status === 1 ? undefined : { color: '#999', textDecoration: 'line-through' }}>{n.name}</span>
          <Typography.Text type="secondary">{n.code}</Typography.Text>
          {n.status !== 1 && <Tag>{t('console.organizations.disabled')}</Tag>}
          <Typography.Text type="secondary">
            {t('console.organizations.counts', { users: n.userCount, teams: n.teamCount })}
          </Typography.Text>
        </Space>
      ),
      children: toData(n.children),
    }));

  return (
    <div data-testid="console-organizations">
      <Typography.Title level={4}>{t('console.organizations.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('console.organizations.intro')}</Typography.Paragraph>
      <div style={{ marginBottom: 12 }}>
        <Toolbar buttons={route?.buttons ?? []} selected={selected ? 1 : 0} handlers={handlers} />
      </div>
      {tree.isLoading && <Spin />}
      {tree.isError && (
        <Alert
          type="error"
          showIcon
          message={t('console.organizations.loadFailed')}
          action={
            <Button size="small" onClick={() => void tree.refetch()}>
              {t('console.organizations.retry')}
            </Button>
          }
        />
      )}
      {tree.data && tree.data.length === 0 && <Empty description={t('console.organizations.none')} />}
      {tree.data && tree.data.length > 0 && (
        <Tree
          blockNode
          defaultExpandAll
          // Keyed by the node count so a new organization shows expanded under its parent.
          key={byId.size}
          selectedKeys={selectedId === null ? [] : [selectedId]}
          onSelect={(keys) => setSelectedId(keys.length ? String(keys[0]) : null)}
          treeData={toData(tree.data)}
          data-testid="organization-tree"
        />
      )}
      {editing && <OrganizationDialog org={editing.org} parent={editing.parent} onClose={() => setEditing(null)} />}
      {assigning && <AssignOrganizationDialog org={assigning} onClose={() => setAssigning(null)} />}
    </div>
  );
}
