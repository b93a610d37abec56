import { useMemo, useState } from 'react';
import { Button, Empty, Segmented, Space, Spin, Switch, Tag, Tree, Typography, message } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { MENU_AREAS, type MenuNode, type TranslationEntry } from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { Toolbar } from '../../components/Toolbar.js';
import { TranslationDialog } from './translation/TranslationDialog.js';
import { useFindTranslation } from './translation/translation-api.js';
import { useMenuTree, useMoveMenu, useRemoveMenu, useSetMenuStatus } from './console-api.js';
import { MenuDialog } from './MenuDialog.js';
import { dropPlace, flatten, moveFor } from './menu-tree-model.js';
import { menuLabel } from './RolesPage.js';
import { useConfirm } from '../../components/use-confirm.js';

type Area = MenuNode['area'];
type Editing = { entry: MenuNode | null; parent: MenuNode | null } | null;

/**
 * Menu management (issue 22 item 2) over the admin-menu calls: the tree of one area, drag to
 * reorder or move (updateMenu), enable/disable (updateStatus), buttons as children of their page,
 * translations through the translation dialog. Users see a change at their next page load.
 */
export default function MenusPage({ route }: { route?: BuiltRoute }) {
  const { t, i18n } = useTranslation();
  const confirm = useConfirm();
  const [area, setArea] = useState<Area>('console');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [translating, setTranslating] = useState<{ entry: TranslationEntry | null; original: string } | null>(null);
  const tree = useMenuTree();
  const status = useSetMenuStatus();
  const remove = useRemoveMenu();
  const move = useMoveMenu();
  const findTranslation = useFindTranslation();
  const roots = useMemo(() => (tree.data ?? []).filter((n) => n.area === area), [tree.data, area]);
  const byId = useMemo(() => new Map(flatten(tree.data ?? []).map((n) => [n.id, n])), [tree.data]);
  const selected = selectedId === null ? null : (byId.get(selectedId) ?? null);
  const needOne = (f: (n: MenuNode) => void) => () =>
    selected ? f(selected) : void message.warning(t('selection.one'));

  const setStatus = (n: MenuNode, on: boolean) => status.mutate({ id: n.id, status: on ? 1 : 0 });
  const translate = async (n: MenuNode) => {
    const entry = await findTranslation(n.name);
    setTranslating({ entry, original: n.name });
  };
  const handlers: Record<string, () => void> = {
    addMenu: () => setEditing({ entry: null, parent: selected }),
    editMenu: needOne((n) => setEditing({ entry: n, parent: null })),
    updateStatus: needOne((n) => setStatus(n, n.status !== 1)),
    removeMenu: needOne((n) =>
      confirm(t('consoleAdmin.confirmRemoveMenu', { name: n.name }), async () => {
        await remove.mutateAsync(n.id);
        setSelectedId(null);
      }),
    ),
  };

  const toData = (nodes: MenuNode[]): DataNode[] =>
    nodes.map((n) => ({
      key: n.id,
      isLeaf: n.type === 'button',
      title: (
        <Space size={6} data-testid={`menu-node-${n.id}`}>
          <span style={n.status === 1 ? undefined : { color: '#999', textDecoration: 'line-through' }}>
            {menuLabel(n, i18n.language)}
          </span>
          <Tag>{t(`consoleAdmin.menuTypes.${n.type}`)}</Tag>
          {n.path && n.type !== 'button' && <Typography.Text type="secondary">{n.path}</Typography.Text>}
          <Switch
            size="small"
            checked={n.status === 1}
            aria-label={t('consoleAdmin.enabled')}
            // One status change at a time; the one being sent spins until the tree is read again.
            disabled={status.isPending}
            loading={status.isPending && status.variables?.id === n.id}
            onClick={(on, ev) => {
              ev.stopPropagation();
              setStatus(n, on);
            }}
            data-testid={`menu-status-${n.id}`}
          />
          <Button
            size="small"
            type="link"
            onClick={(ev) => {
              ev.stopPropagation();
              void translate(n);
            }}
          >
            {t('consoleAdmin.translations')}
          </Button>
        </Space>
      ),
      children: toData(n.children),
    }));

  return (
    <div data-testid="console-menus">
      <Typography.Title level={4}>{t('consoleAdmin.menusTitle')}</Typography.Title>
      <Space wrap style={{ marginBottom: 12 }}>
        <Segmented<Area>
          value={area}
          onChange={(a) => {
            setArea(a);
            setSelectedId(null);
          }}
          options={MENU_AREAS.map((a) => ({ value: a, label: t(`consoleAdmin.areas.${a}`) }))}
        />
        <Toolbar buttons={route?.buttons ?? []} selected={selected ? 1 : 0} handlers={handlers} />
      </Space>
      <Typography.Paragraph type="secondary">{t('consoleAdmin.menusHint')}</Typography.Paragraph>
      {tree.isLoading && <Spin />}
      {tree.isError && <Typography.Paragraph type="danger">{t('consoleAdmin.loadFailed')}</Typography.Paragraph>}
      {tree.data && roots.length === 0 && <Empty />}
      {roots.length > 0 && (
        <Tree
          // No second move while one is sent: the next drop must start from the tree as saved.
          draggable={move.isPending ? false : { icon: false }}
          blockNode
          defaultExpandAll
          selectedKeys={selectedId === null ? [] : [selectedId]}
          onSelect={(keys) => setSelectedId(keys.length ? Number(keys[0]) : null)}
          treeData={toData(roots)}
          allowDrop={({ dropNode, dropPosition }) =>
            !(dropPosition === 0 && byId.get(Number(dropNode.key))?.type === 'button')
          }
          onDrop={(info) => {
            const place = moveFor(
              roots,
              Number(info.dragNode.key),
              Number(info.node.key),
              dropPlace(info.dropToGap, info.dropPosition, info.node.pos),
            );
            if (!place) return;
            move.mutate(place, { onSuccess: () => void message.success(t('consoleAdmin.saved')) });
          }}
          data-testid="menu-tree"
        />
      )}
      {editing && (
        <MenuDialog
          entry={editing.entry}
          parent={editing.parent}
          area={area}
          onClose={() => setEditing(null)}
          onSaved={() => setEditing(null)}
        />
      )}
      {translating && (
        <TranslationDialog
          entry={translating.entry}
          initialOriginal={translating.original}
          onClose={() => setTranslating(null)}
          onSaved={() => setTranslating(null)}
        />
      )}
    </div>
  );
}
