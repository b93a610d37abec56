import { lazy, Suspense } from 'react';
import { Card, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.js';
import { CaptureWizard } from './CaptureWizard.js';
import { TeamPanel } from './TeamPanel.js';

// The charts bring ECharts: their own chunks, so the member area opens without waiting for them.
const MemberHomePanel = lazy(() => import('./MemberHomePanel.js').then((m) => ({ default: m.MemberHomePanel })));
const TeamStatsPanel = lazy(() => import('./TeamStatsPanel.js').then((m) => ({ default: m.TeamStatsPanel })));

/**
 * /member/config/home: the team card (with the applications badge for leaders), the leader's team
 * statistics, the member's own results and trends, then a new check.
 */
export function HomePage() {
  const { t } = useTranslation();
  const { member } = useSession();
  const leader = member?.teamLeader === 1 && !!member.teamId;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('route.memberHome')}
      </Typography.Title>
      <TeamPanel />
      <Suspense fallback={<Spin />}>
        {leader ? <TeamStatsPanel /> : null}
        <MemberHomePanel />
      </Suspense>
      <Card title={t('member.home.newCheck')}>
        <p style={{ color: 'rgba(0,0,0,.45)' }}>{t('record.wizard.intro')}</p>
        <CaptureWizard />
      </Card>
    </Space>
  );
}
