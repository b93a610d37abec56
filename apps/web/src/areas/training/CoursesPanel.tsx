import { Button, Collapse, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainingAttempt, TrainingCourse } from '@tcm/contract';
import { useReaderFormat } from '../../lib/reader-format.js';
import { LoadState } from './LoadState.js';
import { useCourses, useLessonDone, useStartAttempt } from './training-api.js';

const PRACTICE_COUNT = 5;

/** A course's lessons (server-sanitised rich text), reading marks and its practice and exam buttons. */
function Course({ c, onStart }: { c: TrainingCourse; onStart: (a: TrainingAttempt) => void }) {
  const { t } = useTranslation();
  const { lang } = useReaderFormat();
  const done = useLessonDone();
  const start = useStartAttempt();
  const text = (zh: string, en: string) => (lang === 'zh' ? zh : en);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph>{text(c.summaryZh, c.summaryEn)}</Typography.Paragraph>
      {c.lessons.length ? (
        <Collapse
          items={c.lessons.map((l) => ({
            key: l.id,
            label: (
              <Space>
                {text(l.titleZh, l.titleEn)}
                {l.done && <Tag color="green">{t('training.lessonDone')}</Tag>}
              </Space>
            ),
            children: (
              <>
                {/* Lesson HTML is sanitised by the server when saved (docs/training.md). */}
                <div className="training-lesson" dangerouslySetInnerHTML={{ __html: text(l.bodyZh, l.bodyEn) }} />
                {!l.done && (
                  <Button size="small" onClick={() => done.mutate(l.id)} loading={done.isPending}>
                    {t('training.markDone')}
                  </Button>
                )}
              </>
            ),
          }))}
        />
      ) : (
        <Typography.Text type="secondary">{t('training.noLessons')}</Typography.Text>
      )}
      <Typography.Text type="secondary">
        {t('training.examInfo', { n: c.examQuestions, m: c.examMinutes, p: c.passScore })}
      </Typography.Text>
      <Space wrap>
        <Button
          onClick={() =>
            start.mutate({ mode: 'practice', courseId: c.id, count: PRACTICE_COUNT }, { onSuccess: onStart })
          }
          data-testid="training-start-practice"
        >
          {t('training.startPractice', { n: PRACTICE_COUNT })}
        </Button>
        <Button
          type="primary"
          onClick={() => start.mutate({ mode: 'exam', courseId: c.id }, { onSuccess: onStart })}
          loading={start.isPending}
          data-testid="training-start-exam"
        >
          {t('training.startExam')}
        </Button>
      </Space>
    </Space>
  );
}

export function CoursesPanel({ onStart }: { onStart: (a: TrainingAttempt) => void }) {
  const { t } = useTranslation();
  const { lang } = useReaderFormat();
  const q = useCourses();
  return (
    <LoadState query={q} empty={q.data?.length === 0} emptyText={t('training.noCourses')}>
      <Collapse
        defaultActiveKey={q.data?.[0]?.id}
        items={(q.data ?? []).map((c) => ({
          key: c.id,
          label: lang === 'zh' ? c.titleZh : c.titleEn,
          children: <Course c={c} onStart={onStart} />,
        }))}
      />
    </LoadState>
  );
}
