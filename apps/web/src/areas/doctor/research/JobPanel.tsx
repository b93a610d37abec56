import { Alert, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResearchJob } from '@tcm/contract';
import { readerLang } from '@tcm/contract';
import { warningText } from './results.js';

/**
 * A job's live state: progress bar while queued or running, the reason when it failed, and for a
 * degenerate run (`warning`) why its result may mislead, above the result.
 */
export function JobPanel({ job }: { job: ResearchJob | undefined }) {
  const { t, i18n } = useTranslation();
  if (!job) return null;
  const lang = readerLang(i18n.language);
  if (job.status === 'failed')
    return (
      <Alert
        type="error"
        showIcon
        title={t('research.failed')}
        description={job.failure?.[lang]}
        data-testid="job-failed"
      />
    );
  if (job.status === 'warning')
    return (
      <Alert
        type="warning"
        showIcon
        title={t('research.warningTitle')}
        description={
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            {(job.result?.warnings ?? []).map((w) => (
              <li key={w.code}>{warningText(w, job, t, lang)}</li>
            ))}
          </ul>
        }
        data-testid="job-warning"
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
