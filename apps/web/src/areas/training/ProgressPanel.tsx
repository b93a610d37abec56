import { Button, Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReaderFormat } from '../../lib/reader-format.js';
import { LoadState } from './LoadState.js';
import { useLeaderboard, useProgress, useSaveCertificate } from './training-api.js';

/** The learner's lessons read, best exam score and certificate per course, and practice totals. */
export function ProgressPanel() {
  const { t } = useTranslation();
  const { lang, number } = useReaderFormat();
  const certificate = useSaveCertificate();
  const q = useProgress();
  const p = q.data;
  return (
    <LoadState query={q}>
      {p && (
        <Card>
          <Typography.Paragraph>
            {t('training.practiceTotals', { a: p.practice.attempts, c: p.practice.correct, s: p.practice.scored })}
          </Typography.Paragraph>
          <Table
            size="small"
            rowKey="courseId"
            pagination={false}
            scroll={{ x: true }}
            dataSource={p.courses}
            columns={[
              { title: t('training.teacher.course'), render: (_, c) => (lang === 'zh' ? c.titleZh : c.titleEn) },
              { title: t('training.lessonsRead'), render: (_, c) => `${c.lessonsDone} / ${c.lessons}` },
              {
                title: t('training.bestScore'),
                render: (_, c) => (c.bestScore === null ? t('training.none') : number(c.bestScore, 0)),
              },
              {
                title: t('training.certificates'),
                render: (_, c) =>
                  c.certificateAttemptId ? (
                    <Button
                      size="small"
                      loading={certificate.isPending && certificate.variables.attemptId === c.certificateAttemptId}
                      onClick={() => certificate.mutate({ attemptId: c.certificateAttemptId!, lang })}
                    >
                      {t('training.certificate')}
                    </Button>
                  ) : (
                    t('training.none')
                  ),
              },
            ]}
          />
        </Card>
      )}
    </LoadState>
  );
}

/** Learners by best exam score; names masked by the server, the reader's own row marked. */
export function LeaderboardPanel() {
  const { t } = useTranslation();
  const q = useLeaderboard();
  return (
    <LoadState query={q} empty={q.data?.length === 0} emptyText={t('training.emptyBoard')}>
      <Table
        size="small"
        rowKey="rank"
        pagination={false}
        dataSource={q.data ?? []}
        columns={[
          { title: t('training.rank'), dataIndex: 'rank' },
          {
            title: t('training.name'),
            render: (_, r) => (r.me ? <Tag color="blue">{`${r.name} · ${t('training.me')}`}</Tag> : r.name),
          },
          { title: t('training.bestScore'), dataIndex: 'bestScore' },
          { title: t('training.exams'), dataIndex: 'exams' },
        ]}
      />
    </LoadState>
  );
}
