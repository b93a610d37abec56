import { Alert, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResearchJob } from '@tcm/contract';
import { readerLang } from '@tcm/contract';

/** A job's live state: progress bar while queued or running, the reason when it failed. */
export function JobPanel({ job }: { job: ResearchJob | undefined }) {
  const { t, i18n } = useTranslation();
  if (!job) return null;
  if (job.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        title={t('research.failed')}
        description={job.failure?.[readerLang(i18n.language)]}
        data-testid="job-failed"
      />
    );
  if (job.status === 'done') return null;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="job-progress">
      <Typography.Text>{job.status === 'queued' ? t('research.queued') : t('research.running')}</Typography.Text>
      <Progress percent={Math.round(job.progress * 100)} status="active" />
    </Space>
  );
}
