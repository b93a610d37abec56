import { useState } from 'react';
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TrainingAttempt } from '@tcm/contract';
import './texts.js';
import { AttemptRunner } from './AttemptRunner.js';
import { CoursesPanel } from './CoursesPanel.js';
import { LeaderboardPanel, ProgressPanel } from './ProgressPanel.js';
import { TeacherPanel } from './TeacherPanel.js';
import { useTeacherResults } from './training-api.js';

/** /training/index: courses, a running practice or exam, progress, leaderboard and (teachers) the teacher view. */
export function TrainingHome() {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState<TrainingAttempt | null>(null);
  const teacher = useTeacherResults();
  if (attempt) return <AttemptRunner initial={attempt} onClose={() => setAttempt(null)} />;
  return (
    <Tabs
      items={[
        { key: 'courses', label: t('training.tabs.courses'), children: <CoursesPanel onStart={setAttempt} /> },
        { key: 'progress', label: t('training.tabs.progress'), children: <ProgressPanel /> },
        { key: 'board', label: t('training.tabs.leaderboard'), children: <LeaderboardPanel /> },
        // Shown only when the server lets the caller read learners' results (the teacher role).
        ...(teacher.data
          ? [{ key: 'teacher', label: t('training.tabs.teacher'), children: <TeacherPanel results={teacher.data} /> }]
          : []),
      ]}
    />
  );
}
