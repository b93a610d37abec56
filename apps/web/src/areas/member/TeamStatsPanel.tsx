import { useState } from 'react';
import { Card, Col, Drawer, Empty, List, Result, Row, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { STACK_TABLE, stackColumns } from '../../record/stack-table.js';
import type { EChartsCoreOption } from 'echarts/core';
import type { HomeRecord, TeamRecordsQuery, TeamStats } from '@tcm/contract';
import { EChart } from '../../components/EChart.js';
import { constitutionName, day, patternName, reportHref, RISK_COLOR } from './home-format.js';
import { useDrill, useTeamStats } from './team-api.js';

const bars = (names: string[], counts: number[]): EChartsCoreOption => ({
  tooltip: { trigger: 'axis' },
  grid: { left: 12, right: 12, top: 16, bottom: 8, containLabel: true },
  xAxis: { type: 'category', data: names, axisLabel: { interval: 0, rotate: names.length > 4 ? 30 : 0 } },
  yAxis: { type: 'value', minInterval: 1 },
  series: [{ type: 'bar', data: counts, cursor: 'pointer' }],
});

/** The records behind a clicked chart segment, each with its report. */
function DrillDrawer({ query, onClose }: { query: TeamRecordsQuery | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const drill = useDrill(query);
  return (
    <Drawer open={!!query} onClose={onClose} title={t('member.home.records')} width={Math.min(720, window.innerWidth)}>
      {drill.isPending ? (
        <Spin />
      ) : drill.isError ? (
        <Result status="warning" title={drill.error.message} />
      ) : (
        <Table<HomeRecord>
          size="small"
          rowKey="id"
          dataSource={drill.data}
          pagination={false}
          scroll={{ x: true }}
          data-testid="drill-records"
          locale={{ emptyText: t('member.home.empty') }}
          className={STACK_TABLE}
          columns={stackColumns<HomeRecord>([
            { title: t('member.home.date'), render: (_, r) => day(r.createdAt) },
            { title: t('member.home.person'), render: (_, r) => r.personName ?? '—' },
            { title: t('member.home.constitution'), render: (_, r) => constitutionName(t, r.constitution) },
            { title: t('member.home.pattern'), render: (_, r) => patternName(r, i18n.language) },
            {
              title: t('member.home.risk'),
              render: (_, r) => (r.risk ? <Tag color={RISK_COLOR[r.risk]}>{t(`member.risk.${r.risk}`)}</Tag> : '—'),
            },
            {
              title: t('member.home.report'),
              render: (_, r) => (
                <a href={reportHref(r)} target="_blank" rel="noreferrer">
                  {t('member.home.report')}
                </a>
              ),
            },
          ])}
        />
      )}
    </Drawer>
  );
}

function Charts({ s, open }: { s: TeamStats; open: (q: TeamRecordsQuery) => void }) {
  const { t, i18n } = useTranslation();
  const en = i18n.language.startsWith('en');
  // One bar a bucket, named by `name`; a click opens the records of its key.
  const chart = <B extends { key: string; count: number }>(
    title: string,
    testId: string,
    buckets: B[],
    name: (b: B) => string,
    facet: TeamRecordsQuery['facet'],
  ) => (
    <Col xs={24} lg={8}>
      <Card size="small" title={title}>
        {buckets.length ? (
          <EChart
            option={bars(
              buckets.map(name),
              buckets.map((b) => b.count),
            )}
            testId={testId}
            onClick={({ dataIndex }) => open({ facet, key: buckets[dataIndex]?.key })}
          />
        ) : (
          <Empty description={t('member.home.empty')} />
        )}
      </Card>
    </Col>
  );
  return (
    <Row gutter={[16, 16]}>
      {chart(
        t('member.home.constitutionMix'),
        'chart-constitution',
        s.constitution,
        (b) => constitutionName(t, b.key),
        'constitution',
      )}
      {chart(t('member.home.patternMix'), 'chart-pattern', s.patterns, (b) => (en ? b.en : b.zh), 'pattern')}
      {chart(t('member.home.riskMix'), 'chart-risk', s.risk, (b) => t(`member.risk.${b.key}`), 'risk')}
    </Row>
  );
}

/** The leader's team statistics; every figure and chart opens the records behind it. */
export function TeamStatsPanel() {
  const { t } = useTranslation();
  const stats = useTeamStats(true);
  const [query, setQuery] = useState<TeamRecordsQuery | null>(null);
  if (stats.isPending) return <Spin />;
  if (stats.isError) return <Result status="warning" title={stats.error.message} />;
  const s = stats.data;
  const figure = (title: string, value: number, testId: string, q?: TeamRecordsQuery) => (
    <Col xs={12} md={6}>
      <Card size="small" hoverable={!!q} onClick={q ? () => setQuery(q) : undefined} data-testid={testId}>
        <Statistic title={title} value={value} />
      </Card>
    </Col>
  );
  return (
    <Card
      title={t('member.home.teamStats')}
      extra={<Typography.Text type="secondary">{t('member.home.clickHint')}</Typography.Text>}
      data-testid="team-stats"
    >
      <Row gutter={[16, 16]}>
        {figure(t('member.home.membersCount'), s.members, 'stat-members')}
        {figure(t('member.home.week'), s.week, 'stat-week', { facet: 'week' })}
        {figure(t('member.home.month'), s.month, 'stat-month', { facet: 'month' })}
        {figure(t('member.home.overdue'), s.overdue.length, 'stat-overdue')}
        <Col span={24}>
          <Charts s={s} open={setQuery} />
        </Col>
        <Col span={24}>
          <Card size="small" title={t('member.home.overdueHint', { days: s.overdueDays })}>
            <List
              size="small"
              dataSource={s.overdue}
              locale={{ emptyText: t('member.home.empty') }}
              renderItem={(m) => (
                <List.Item>
                  <a onClick={() => setQuery({ facet: 'member', key: m.id })}>{m.name}</a>
                  <span>{m.lastCheckAt ? day(m.lastCheckAt) : t('member.home.never')}</span>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      <DrillDrawer query={query} onClose={() => setQuery(null)} />
    </Card>
  );
}
