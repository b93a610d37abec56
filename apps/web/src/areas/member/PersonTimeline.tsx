import { Button, Empty, Result, Spin, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordStatus } from '@tcm/contract';
import { useRecordHistory } from '../../record/record-api.js';
import { useReaderFormat } from '../../lib/reader-format.js';

const COLOR: Record<RecordStatus, string> = {
  queued: 'gray',
  running: 'blue',
  done: 'green',
  partial: 'orange',
  failed: 'red',
};

/**
 * A person's timeline: every record about the same person that the caller may see, oldest at the
 * bottom, each with its date, captures, status and conclusion, and a link that opens it. The
 * server decides who "the same person" is and what the caller may see (the history call).
 */
export function PersonTimeline({ id, onOpen }: { id: string; onOpen: (id: string) => void }) {
  const { t } = useTranslation();
  const fmt = useReaderFormat();
  const q = useRecordHistory(id);
  if (q.isLoading) return <Spin data-testid="timeline-loading" />;
  if (q.error) return <Result status="error" subTitle={q.error.message} data-testid="timeline-error" />;
  const records = q.data?.records ?? [];
  const name = records.find((r) => r.id === id)?.person.name ?? '—';
  return (
    <div data-testid="person-timeline">
      <Typography.Title level={5}>{t('member.records.timelineTitle', { name })}</Typography.Title>
      {records.length <= 1 && <Empty description={t('member.records.timelineEmpty')} />}
      <Timeline
        items={records.map((r) => ({
          color: COLOR[r.status],
          children: (
            <div data-testid={`timeline-${r.id}`}>
              <Typography.Text strong>{fmt.date(r.createdAt)}</Typography.Text>{' '}
              <Tag>{t(`record.status.${r.status}`)}</Tag>
              {r.captures.map((c) => t(`record.engine.${c}`)).join(' · ')}
              <div>{r.conclusion ?? r.failure?.msg ?? '—'}</div>
              {r.id !== id && (
                <Button size="small" type="link" onClick={() => onOpen(r.id)}>
                  {t('member.records.openReport')}
                </Button>
              )}
            </div>
          ),
        }))}
      />
    </div>
  );
}
