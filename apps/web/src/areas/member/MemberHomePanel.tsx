import { useMemo } from 'react';
import { Alert, Card, Col, Empty, List, Result, Row, Space, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EChartsCoreOption } from 'echarts/core';
import type { MemberHome } from '@tcm/contract';
import { EChart } from '../../components/EChart.js';
import { constitutionName, day, patternName, reportHref, RISK_COLOR, RISK_VALUE } from './home-format.js';
import { useMemberHome } from './team-api.js';

function trendOptions(data: MemberHome, t: (k: string) => string): [EChartsCoreOption, EChartsCoreOption] {
  const dates = data.trend.map((r) => day(r.createdAt));
  const codes = [...new Set(data.trend.flatMap((r) => Object.keys(r.scores)))].sort();
  const constitution: EChartsCoreOption = {
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', bottom: 0 },
    grid: { left: 36, right: 12, top: 16, bottom: 48 },
    xAxis: { type: 'category', data: dates },
    yAxis: { type: 'value', min: 0, max: 100 },
    series: codes.map((c) => ({
      type: 'line',
      name: t(`member.constitution.${c}`),
      data: data.trend.map((r) => r.scores[c] ?? null),
      connectNulls: true,
    })),
  };
  const levels = ['none', 'low', 'medium', 'high'] as const;
  const risk: EChartsCoreOption = {
    tooltip: { trigger: 'axis' },
    grid: { left: 72, right: 12, top: 16, bottom: 28 },
    xAxis: { type: 'category', data: dates },
    yAxis: {
      type: 'value',
      min: 0,
      max: 3,
      interval: 1,
      axisLabel: { formatter: (v: number) => t(`member.risk.${levels[v]}`) },
    },
    series: [
      {
        type: 'line',
        step: 'middle',
        data: data.trend.map((r) => (r.risk ? RISK_VALUE[r.risk] : null)),
        connectNulls: true,
      },
    ],
  };
  return [constitution, risk];
}

/** A member's own side of the home page: latest results, trends and the next suggested check. */
export function MemberHomePanel() {
  const { t, i18n } = useTranslation();
  const home = useMemberHome();
  const options = useMemo(() => (home.data ? trendOptions(home.data, t) : null), [home.data, t]);
  if (home.isPending) return <Spin />;
  if (home.isError) return <Result status="warning" title={home.error.message} />;
  const data = home.data;
  if (!data.latest.length)
    return <Alert type="info" showIcon title={t('member.home.noRecords')} data-testid="home-no-records" />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="member-home">
      <Alert
        type={data.nextCheckAt && Date.parse(data.nextCheckAt) > Date.now() ? 'info' : 'warning'}
        showIcon
        title={
          data.nextCheckAt && Date.parse(data.nextCheckAt) > Date.now()
            ? t('member.home.nextCheck', { date: day(data.nextCheckAt) })
            : t('member.home.checkNow')
        }
        description={data.lastCheckAt ? t('member.home.lastCheck', { date: day(data.lastCheckAt) }) : undefined}
        data-testid="next-check"
      />
      <Card size="small" title={t('member.home.latest')}>
        <List
          dataSource={data.latest}
          renderItem={(r) => (
            <List.Item
              actions={[
                <a key="pdf" href={reportHref(r)} target="_blank" rel="noreferrer">
                  {t('member.home.report')}
                </a>,
              ]}
            >
              <Space wrap>
                <span>{day(r.createdAt)}</span>
                <Tag color="blue">{constitutionName(t, r.constitution)}</Tag>
                <span>{patternName(r, i18n.language)}</span>
                {r.risk ? <Tag color={RISK_COLOR[r.risk]}>{t(`member.risk.${r.risk}`)}</Tag> : null}
              </Space>
            </List.Item>
          )}
        />
      </Card>
      {options ? (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card size="small" title={t('member.home.constitutionTrend')}>
              {data.trend.some((r) => Object.keys(r.scores).length) ? (
                <EChart option={options[0]} testId="constitution-trend" />
              ) : (
                <Empty description={t('member.home.empty')} />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Card size="small" title={t('member.home.riskTrend')}>
              {data.trend.some((r) => r.risk) ? (
                <EChart option={options[1]} testId="risk-trend" />
              ) : (
                <Empty description={t('member.home.empty')} />
              )}
            </Card>
          </Col>
        </Row>
      ) : null}
    </Space>
  );
}
