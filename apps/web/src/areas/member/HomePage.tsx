import { lazy, Suspense } from 'react';
import { Button, Card, Flex, Space, Spin, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../lib/session.js';
import { CaptureWizard } from '../../record/CaptureWizard.js';
import { TeamPanel } from './TeamPanel.js';

/** The new check's card: the top button scrolls to it. */
const NEW_CHECK_ID = 'new-check';

// The charts bring ECharts: their own chunks, so the member area opens without waiting for them.
const MemberHomePanel = lazy(() => import('./MemberHomePanel.js').then((m) => ({ default: m.MemberHomePanel })));
const TeamStatsPanel = lazy(() => import('./TeamStatsPanel.js').then((m) => ({ default: m.TeamStatsPanel })));

/**
 * /member/config/home: the team card (with the applications badge for leaders), the leader's team
 * statistics, the member's own results and trends, then a new check. The new check is one tap from
 * the top (issue 34: on a leader's phone it began about 3,000 px down, below the statistics).
 */
export function HomePage() {
  const { t } = useTranslation();
  const { member } = useSession();
  const leader = member?.teamLeader === 1 && !!member.teamId;
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('route.memberHome')}
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="home-new-capture"
          onClick={() => document.getElementById(NEW_CHECK_ID)?.scrollIntoView({ block: 'start' })}
        >
          {t('member.home.newCheck')}
        </Button>
      </Flex>
      <TeamPanel />
      <Suspense fallback={<Spin />}>
        {leader ? <TeamStatsPanel /> : null}
        <MemberHomePanel />
      </Suspense>
      <Card title={t('member.home.newCheck')} id={NEW_CHECK_ID} style={{ scrollMarginTop: 8 }}>
        <p style={{ color: 'rgba(0,0,0,.45)' }}>{t('record.wizard.intro')}</p>
        <CaptureWizard />
      </Card>
    </Space>
  );
}
