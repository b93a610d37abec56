import './texts.js';
import { useMemo } from 'react';
import { Empty, List, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EChart } from '../components/EChart.js';
import { useReaderFormat } from '../lib/reader-format.js';
import { trendHeight, trendOption, trendSeries } from './chart-options.js';
import { useRecordHistory } from './record-api.js';

/**
 * The person's earlier records and the trends of their measurements (server: same member, or
 * same team + name + phone). Loaded with the detail; its chart code is a lazy chunk.
 */
export default function PersonHistory({ id, onOpen }: { id: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const q = useRecordHistory(id);
  const series = useMemo(() => (q.data ? trendSeries(q.data) : []), [q.data]);
  const option = useMemo(
    () =>
      trendOption(
        series,
        (f) => t(`record.vitals.${f}`),
        (iso) => fmt.date(iso, { time: false }),
      ),
    [series, t, fmt],
  );
  if (!q.data) return null;
  const others = q.data.records.filter((r) => r.id !== id);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="person-history">
      <Typography.Title level={5}>{t('record.history.title')}</Typography.Title>
      {series.length > 0 ? (
        <EChart option={option} height={trendHeight(series)} testId="history-chart" />
      ) : (
        <Typography.Text type="secondary">{t('record.history.noTrend')}</Typography.Text>
      )}
      {others.length === 0 ? (
        <Empty description={t('record.history.none')} />
      ) : (
        <List
          size="small"
          dataSource={others}
          renderItem={(r) => (
            <List.Item
              actions={[
                <a key="open" onClick={() => onOpen(r.id)}>
                  {t('record.view')}
                </a>,
              ]}
            >
              <Space>
                <Typography.Text>{fmt.date(r.createdAt)}</Typography.Text>
                <Tag>{t(`record.status.${r.status}`)}</Tag>
                <Typography.Text type="secondary">{r.conclusion ?? '—'}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
