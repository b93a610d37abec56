import { useState } from 'react';
import { Button, Space, Table, Tag, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Corporation } from '@tcm/contract';
import type { BuiltRoute } from '../../../app/dynamic-menu.js';
import { selectionProblem } from '../../../app/toolbar.js';
import { Toolbar } from '../../../components/Toolbar.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { CorporationDialog } from './CorporationDialog.js';
import { useCorporations } from './corporations-api.js';
import { KeysDrawer } from './KeysDrawer.js';
import { UsageDrawer } from './UsageDrawer.js';

const FLAGS = ['api', 'h5', 'wx'] as const;

/** Corporations (partners) with their menu flags, app keys and API usage (issue 22 item 1, issue 25 item 1). */
export default function CorporationsPage({ route }: { route?: BuiltRoute }) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const list = useCorporations();
  const [selected, setSelected] = useState<React.Key[]>([]);
  const [dialog, setDialog] = useState<{ editing?: Corporation } | null>(null);
  const [keysOf, setKeysOf] = useState<Corporation | null>(null);
  const [usageOf, setUsageOf] = useState<Corporation | null>(null);
  const one = (then: (c: Corporation) => void) => () => {
    const chosen = (list.data ?? []).filter((x) => selected.includes(x.id));
    const problem = selectionProblem('onlyOne', chosen.length);
    if (problem) return void message.warning(t(problem));
    then(chosen[0]!);
  };
  const handlers = {
    addCorporation: () => setDialog({}),
    editCorporation: one((c) => setDialog({ editing: c })),
    appKeys: one(setKeysOf),
  };
  return (
    <div data-testid="console-corporations">
      <Typography.Title level={4}>{t('corporations.title')}</Typography.Title>
      <Space style={{ marginBottom: 12 }}>
        <Toolbar buttons={route?.buttons ?? []} selected={selected.length} handlers={handlers} />
      </Space>
      {list.isError && <Typography.Paragraph type="danger">{t('consoleAdmin.loadFailed')}</Typography.Paragraph>}
      <Table<Corporation>
        size="small"
        rowKey="id"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        locale={{ emptyText: t('corporations.empty') }}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        columns={[
          { title: t('corporations.name'), dataIndex: 'name' },
          { title: t('corporations.contact'), dataIndex: 'contact', render: (v: string | null) => v ?? '—' },
          {
            title: t('corporations.flags'),
            render: (_v, c) =>
              FLAGS.filter((f) => c.flags[f]).map((f) => <Tag key={f}>{t(`corporations.flag.${f}`)}</Tag>),
          },
          {
            title: t('corporations.enabled'),
            render: (_v, c) => (
              <Tag color={c.enabled ? 'green' : 'default'}>{t(c.enabled ? 'corporations.on' : 'corporations.off')}</Tag>
            ),
          },
          { title: t('corporations.activeKeys'), dataIndex: 'activeKeys', render: (v: number) => fmt.number(v, 0) },
          { title: t('corporations.createdAt'), dataIndex: 'createdAt', render: (v: string) => fmt.date(v) },
          {
            title: t('translation.actions'),
            render: (_v, c) => (
              <Button size="small" type="link" onClick={() => setUsageOf(c)} data-testid="corporation-usage">
                {t('corporations.usage')}
              </Button>
            ),
          },
        ]}
      />
      {dialog && (
        <CorporationDialog editing={dialog.editing} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />
      )}
      {keysOf && <KeysDrawer corporation={keysOf} onClose={() => setKeysOf(null)} />}
      {usageOf && <UsageDrawer corporation={usageOf} onClose={() => setUsageOf(null)} />}
    </div>
  );
}
