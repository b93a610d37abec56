import { useState } from 'react';
import { Tag, Typography, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEVICE_STATES, type ConsoleDevice, type ConsoleDevicePage } from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { AdminList } from '../../components/AdminList.js';
import { ChoiceFilter } from '../../components/query/ChoiceFilter.js';
import { KeywordSearch } from '../../components/query/KeywordSearch.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { DeviceDialog } from './DeviceDialog.js';
import { PLATFORM_KEYS, platformApi, useSetDeviceStatus } from './platform-api.js';
import { useConfirm } from '../../components/use-confirm.js';

type State = (typeof DEVICE_STATES)[number];
type Filter = { choice?: State; keyword?: string };

/**
 * Every device of the platform in the caller's data scope (issue 33 item 3; docs/console.md
 * "Devices"): owner and team, status, last call, location (the display's map reads it).
 */
export default function DevicesPage({ route }: { route?: BuiltRoute }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const f = useReaderFormat();
  const setStatus = useSetDeviceStatus();
  const [editing, setEditing] = useState<ConsoleDevice | null>(null);
  const stateTag = (d: ConsoleDevice) => {
    const s = !d.enabled ? 'disabled' : d.online ? 'online' : 'offline';
    const color = { disabled: 'default', online: 'success', offline: 'warning' }[s];
    return <Tag color={color}>{t(`console.devices.state.${s}`)}</Tag>;
  };
  return (
    <AdminList<ConsoleDevice, Filter, ConsoleDevicePage>
      testId="console-devices"
      title={t('console.devices.title')}
      queryKey={PLATFORM_KEYS.devices}
      load={(p, { choice, keyword }) => platformApi.devices(p.page, p.size, { state: choice, keyword })}
      initialFilter={{}}
      route={route}
      emptyText={t('console.devices.none')}
      intro={() => <Typography.Paragraph type="secondary">{t('console.devices.intro')}</Typography.Paragraph>}
      handlers={({ withOne }) => ({
        editDevice: withOne((d) => setEditing(d)),
        toggleDevice: withOne((d) => {
          const status = d.enabled ? 0 : 1;
          confirm(
            t(status === 0 ? 'console.devices.confirmDisable' : 'console.devices.confirmEnable', { name: d.name }),
            async () => {
              await setStatus.mutateAsync({ id: d.id, status });
              void message.success(t('consoleAdmin.saved'));
            },
          );
        }),
      })}
      filters={({ filter, setFilter }) => (
        <>
          <ChoiceFilter<State>
            value={filter.choice}
            onChange={(choice) => setFilter({ ...filter, choice })}
            values={DEVICE_STATES}
            word={(s) => t(`console.devices.state.${s}`)}
            placeholder={t('console.devices.allStates')}
            testId="device-state-filter"
          />
          <KeywordSearch onSearch={(keyword) => setFilter({ ...filter, keyword: keyword.trim() || undefined })} />
        </>
      )}
      columns={[
        { title: t('console.devices.name'), dataIndex: 'name' },
        { title: t('console.devices.team'), render: (_v, d) => d.team.name },
        {
          title: t('console.devices.owner'),
          render: (_v, d) => (d.owner ? `${d.owner.name} (${d.owner.loginName})` : '—'),
        },
        {
          title: t('console.devices.location'),
          dataIndex: 'location',
          render: (v: string | null) =>
            v?.trim() ? v : <Typography.Text type="warning">{t('console.devices.noLocation')}</Typography.Text>,
        },
        { title: t('console.devices.status'), width: 110, render: (_v, d) => stateTag(d) },
        {
          title: t('console.devices.lastSeen'),
          dataIndex: 'lastSeenAt',
          width: 160,
          render: (v: string | null) => (v ? f.date(v) : t('console.devices.never')),
        },
      ]}
    >
      {() => editing && <DeviceDialog device={editing} onClose={() => setEditing(null)} />}
    </AdminList>
  );
}
