import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { Button, Card, Col, Empty, Row, Space, Spin, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLATFORM_BUTTONS, type DashboardSummary, type DashboardWindow } from '@tcm/contract';
import type { BuiltRoute } from '../../app/dynamic-menu.js';
import { EChart } from '../../components/EChart.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { useSession } from '../../lib/session.js';
import { recordTrendOption, usersOption } from './dashboard-charts.js';
import { useDashboard } from './platform-api.js';

const ResetPasswordDialog = lazy(() =>
  import('../../components/passwords/ResetPasswordDialog.js').then((m) => ({ default: m.ResetPasswordDialog })),
);

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'];
/** Bytes in binary units, one decimal from KB on. */
export function bytesText(n: number, number: (v: number, d?: number) => string): string {
  let v = n;
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i += 1;
  }
  return `${number(v, i ? 1 : 0)} ${UNITS[i]}`;
}

interface FigureProps {
  label: string;
  value: string;
  to?: string;
  testId: string;
  note?: ReactNode;
}

/** One figure; a link to its list when there is one (issue 33: each number leads to its list). */
function Figure(props: FigureProps) {
  const value = (
    <span data-testid={props.testId} style={{ fontSize: 24, fontWeight: 600 }}>
      {props.value}
    </span>
  );
  return (
    <div>
      <Typography.Text type="secondary">{props.label}</Typography.Text>
      <div>{props.to ? <Link to={props.to}>{value}</Link> : value}</div>
      {props.note && <Typography.Text type="secondary">{props.note}</Typography.Text>}
    </div>
  );
}

/** A third of the row: one card of figures (each leading to `to` when given), then what the card adds below them. */
function FigureCard(props: { title: string; figures: FigureProps[]; to?: string; children?: ReactNode }) {
  return (
    <Col xs={24} md={8}>
      <Card title={props.title} size="small">
        {props.figures.map((p) => (
          <Figure key={p.testId} to={props.to} {...p} />
        ))}
        {props.children}
      </Card>
    </Col>
  );
}

function RecordWindow({ name, w }: { name: 'today' | 'days7' | 'days30'; w: DashboardWindow }) {
  const { t } = useTranslation();
  const f = useReaderFormat();
  return (
    <Col xs={24} md={8}>
      <Figure
        label={t(`console.dashboard.${name}`)}
        value={f.number(w.total)}
        testId={`dash-records-${name}`}
        note={
          <span data-testid={`dash-records-${name}-issues`}>
            {t('console.dashboard.failedPartial', { failed: f.number(w.failed), partial: f.number(w.partial) })}
          </span>
        }
      />
    </Col>
  );
}

function Figures({ data }: { data: DashboardSummary }) {
  const { t } = useTranslation();
  const f = useReaderFormat();
  const word = (e: string) => t(`consoleAdmin.entrances.${e}`);
  const trend = useMemo(
    () =>
      recordTrendOption(data.trend, {
        total: t('console.dashboard.records'),
        failed: t('console.dashboard.failed'),
        partial: t('console.dashboard.partial'),
      }),
    [data.trend, t],
  );
  const users = useMemo(
    () =>
      usersOption(data.users, word, {
        enabled: t('consoleAdmin.enabled'),
        disabled: t('consoleAdmin.disabled'),
      }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `word` is `t` with a prefix
    [data.users, t],
  );
  const noRecords = data.records.days30.total === 0;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="dashboard">
      <Card title={t('console.dashboard.users')} size="small">
        <Row gutter={[16, 16]}>
          {data.users.map((u) => (
            <Col key={u.entrance} xs={12} md={4}>
              <Figure
                label={word(u.entrance)}
                value={f.number(u.total)}
                to={`/system/user?entrance=${u.entrance}`}
                testId={`dash-users-${u.entrance}`}
              />
            </Col>
          ))}
        </Row>
        <EChart option={users} height={200} testId="dash-users-chart" />
      </Card>
      <Card title={t('console.dashboard.recordsTitle', { zone: data.zone })} size="small">
        <Row gutter={[16, 16]}>
          <RecordWindow name="today" w={data.records.today} />
          <RecordWindow name="days7" w={data.records.days7} />
          <RecordWindow name="days30" w={data.records.days30} />
        </Row>
        {noRecords ? (
          <Empty
            data-testid="dash-records-empty"
            description={
              <>
                {t('console.dashboard.noRecords')} <Link to="/system/device">{t('console.dashboard.toDevices')}</Link>
              </>
            }
          />
        ) : (
          <EChart option={trend} height={240} testId="dash-trend" />
        )}
      </Card>
      <Row gutter={16}>
        <FigureCard
          title={t('console.dashboard.queue')}
          figures={[
            {
              label: t('console.dashboard.waiting'),
              value: f.number(data.queue.waiting),
              testId: 'dash-queue-waiting',
            },
            { label: t('console.dashboard.active'), value: f.number(data.queue.active), testId: 'dash-queue-active' },
          ]}
        >
          <Typography.Text type="secondary" data-testid="dash-queue-oldest">
            {data.queue.oldestWaitingAt
              ? t('console.dashboard.oldest', { time: f.date(data.queue.oldestWaitingAt) })
              : t('console.dashboard.nothingWaiting')}
          </Typography.Text>
        </FigureCard>
        <FigureCard
          title={t('console.dashboard.storage')}
          figures={[
            { label: t('console.dashboard.files'), value: f.number(data.storage.files), testId: 'dash-storage-files' },
            {
              label: t('console.dashboard.bytes'),
              value: bytesText(data.storage.bytes, f.number),
              testId: 'dash-storage-bytes',
            },
          ]}
        />
        <FigureCard
          title={t('console.dashboard.devices')}
          to="/system/device"
          figures={[
            {
              label: t('console.dashboard.devicesTotal'),
              value: f.number(data.devices.total),
              testId: 'dash-devices-total',
            },
            {
              label: t('console.dashboard.devicesOnline'),
              value: `${f.number(data.devices.online)} / ${f.number(data.devices.enabled)}`,
              testId: 'dash-devices-online',
            },
          ]}
        />
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={10}>
          <Card title={t('console.dashboard.engines')} size="small">
            <Table
              size="small"
              rowKey="engine"
              pagination={false}
              dataSource={data.engines}
              locale={{ emptyText: t('console.dashboard.noEngines') }}
              columns={[
                { title: t('console.dashboard.engine'), dataIndex: 'engine' },
                {
                  title: t('console.dashboard.version'),
                  render: (_v, e) => (e.model ? `${e.version} · ${e.model}` : e.version),
                },
                { title: t('console.dashboard.lastRun'), dataIndex: 'at', render: (v: string) => f.date(v) },
              ]}
            />
          </Card>
        </Col>
        {data.audit && (
          <Col xs={24} md={14}>
            <Card
              title={t('console.dashboard.audit')}
              size="small"
              extra={<Link to="/system/audit">{t('console.dashboard.allAudit')}</Link>}
            >
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={data.audit}
                data-testid="dash-audit"
                locale={{ emptyText: t('console.dashboard.noAudit') }}
                columns={[
                  { title: t('console.dashboard.at'), dataIndex: 'at', width: 150, render: (v: string) => f.date(v) },
                  {
                    title: t('console.dashboard.actor'),
                    dataIndex: 'actorName',
                    render: (v: string | null) => v ?? '—',
                  },
                  { title: t('console.dashboard.event'), render: (_v, a) => a.event ?? a.action },
                  { title: t('console.dashboard.status'), dataIndex: 'status', width: 70 },
                ]}
              />
            </Card>
          </Col>
        )}
      </Row>
    </Space>
  );
}

/**
 * The console's welcome page (issue 33 item 3): the greeting, and for holders of
 * `sysDashboard-view` the platform's figures (docs/console.md "Dashboard").
 */
export default function WelcomePage({ route }: { route?: BuiltRoute }) {
  const { t } = useTranslation();
  const { user, roles } = useSession();
  const [resetting, setResetting] = useState(false);
  // The route's buttons are the ones this user holds (the all-access admin holds every one).
  const mayView = !!route?.buttons.some((b) => b.buttonCode === PLATFORM_BUTTONS.dashboard);
  const q = useDashboard(mayView);
  return (
    <>
      <Typography.Title level={3}>{t('console.welcomeTitle')}</Typography.Title>
      <Typography.Paragraph>{t('app.welcomeUser', { name: user?.name ?? '' })}</Typography.Paragraph>
      {!mayView && <Typography.Paragraph>{t('console.welcomeText')}</Typography.Paragraph>}
      {/* The server decides (admin role or the reset button code); the UI only hides it from others. */}
      {roles.includes('admin') && (
        <Button data-testid="reset-password" onClick={() => setResetting(true)} style={{ marginBottom: 16 }}>
          {t('password.reset')}
        </Button>
      )}
      {resetting && (
        <Suspense fallback={<Spin />}>
          <ResetPasswordDialog onClose={() => setResetting(false)} />
        </Suspense>
      )}
      {mayView && q.isError && (
        <Typography.Paragraph type="danger" data-testid="dashboard-error">
          {t('console.dashboard.loadFailed')}{' '}
          <Button onClick={() => void q.refetch()}>{t('console.dashboard.retry')}</Button>
        </Typography.Paragraph>
      )}
      {mayView && (q.data ? <Figures data={q.data} /> : !q.isError && <Spin />)}
    </>
  );
}
