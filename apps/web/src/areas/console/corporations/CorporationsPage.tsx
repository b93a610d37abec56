import { useState } from 'react';
import { Button, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Corporation } from '@tcm/contract';
import type { BuiltRoute } from '../../../app/dynamic-menu.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { CorporationDialog } from './CorporationDialog.js';
import { useCorporations } from './corporations-api.js';
import { KeysDrawer } from './KeysDrawer.js';
import { UsageDrawer } from './UsageDrawer.js';
import { WholeList } from '../../../components/WholeList.js';

const FLAGS = ['api', 'h5', 'wx'] as const;

/** Corporations (partners) with their menu flags, app keys and API usage (issue 22 item 1, issue 25 item 1). */
export default function CorporationsPage({ route }: { route?: BuiltRoute }) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const list = useCorporations();
  const [dialog, setDialog] = useState<{ editing?: Corporation } | null>(null);
  const [keysOf, setKeysOf] = useState<Corporation | null>(null);
  const [usageOf, setUsageOf] = useState<Corporation | null>(null);
  return (
    <WholeList<Corporation>
      page={{ testId: 'console-corporations', title: t('corporations.title'), empty: t('corporations.empty') }}
      route={route}
      query={list}
      handlers={({ withOne }) => ({
        addCorporation: () => setDialog({}),
        editCorporation: withOne((c) => setDialog({ editing: c })),
        appKeys: withOne(setKeysOf),
      })}
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
    >
      {dialog && (
        <CorporationDialog editing={dialog.editing} onClose={() => setDialog(null)} onSaved={() => setDialog(null)} />
      )}
      {keysOf && <KeysDrawer corporation={keysOf} onClose={() => setKeysOf(null)} />}
      {usageOf && <UsageDrawer corporation={usageOf} onClose={() => setUsageOf(null)} />}
    </WholeList>
  );
}
