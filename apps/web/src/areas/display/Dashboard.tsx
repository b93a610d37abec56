import { useMemo } from 'react';
import type { EChartsCoreOption } from 'echarts/core';
import { Button, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  constitutionWord,
  DISPLAY_PROVINCES,
  RISK_LEVEL_WORDS,
  tongueFeatureWord,
  type ConstitutionCode,
  type DisplaySummary,
} from '@tcm/contract';
import { EChart } from '../../components/EChart.js';
import { LanguageSwitch } from '../../components/LanguageSwitch.js';
import { LogoutButton } from '../../components/LogoutButton.js';
import { ChangePasswordButton } from '../../components/passwords/ChangePasswordButton.js';
import { useReaderFormat } from '../../lib/reader-format.js';
import { registerChinaMap } from './china-map.js';
import { barOption, mapOption, named, pieOption, RISK_COLORS, trendOption } from './display-charts.js';
import { useDisplayFeed, useDisplaySummary, type DisplayScope } from './display-api.js';
import { DisplayCanvas } from './DisplayCanvas.js';
import { DevicesPanel, FeedPanel } from './DisplayLists.js';
import { EmptyNote, muted, Panel, panelStyle } from './Panel.js';
import './texts.js';

registerChinaMap();

/** A chart, or the note saying what is missing when the list is empty. */
function ChartOrEmpty(props: {
  empty: boolean;
  emptyText: string;
  option: EChartsCoreOption;
  height: number;
  scale: number;
  testId: string;
}) {
  if (props.empty) return <EmptyNote text={props.emptyText} testId={`${props.testId}-empty`} />;
  return (
    <EChart
      option={props.option}
      height={props.height}
      testId={props.testId}
      pixelRatio={props.scale * window.devicePixelRatio}
    />
  );
}

function Kpi({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div style={{ ...panelStyle, height: 118, justifyContent: 'center', alignItems: 'center' }}>
      <div data-text style={{ ...muted, fontSize: 18 }}>
        {label}
      </div>
      <div
        data-text
        data-testid={testId}
        style={{ color: '#36cfc9', fontSize: 48, fontWeight: 700, lineHeight: '60px' }}
      >
        {value}
      </div>
    </div>
  );
}

function Charts({ data, scope, scale }: { data: DisplaySummary; scope: DisplayScope; scale: number }) {
  const { t } = useTranslation();
  const f = useReaderFormat();
  const feed = useDisplayFeed(scope);
  const region = useMemo(() => new Map(DISPLAY_PROVINCES.map((p) => [p.zh, p])), []);
  const province = (zh: string) => (f.lang === 'en' ? (region.get(zh)?.en ?? zh) : zh);
  const nameMap = f.lang === 'en' ? Object.fromEntries(DISPLAY_PROVINCES.map((p) => [p.zh, p.en])) : undefined;
  const riskWord = (k: string) =>
    k === 'low' || k === 'medium' || k === 'high' ? RISK_LEVEL_WORDS[k][f.lang] : t('display.riskNone');
  const constitution = (k: string) => constitutionWord(k as ConstitutionCode, f.lang);
  const missingConstitution = data.missing.parts.find((p) => p.key === 'constitution')?.count ?? 0;
  const total = data.tongue.records;
  const title = data.scope.kind === 'team' ? t('display.teamTitle', { team: data.scope.name }) : t('display.title');
  const none = (key: string) => t(key, { days: data.days });
  // Where devices and their locations are set: the console's device list for the platform's
  // administrators, the team leader's device page for a team.
  const deviceSetup =
    scope.kind === 'team'
      ? { to: '/device', label: t('display.registerDevices') }
      : { to: '/system/device', label: t('display.seeDevices') };

  return (
    <div style={{ padding: '0 24px 24px', height: '100%', display: 'flex', flexDirection: 'column', gap: 16 }}>
      <header style={{ height: 84, display: 'flex', alignItems: 'center', borderBottom: '2px solid #1f3f7a' }}>
        <div style={{ flex: 1 }}>
          <span data-text style={muted}>
            {t('display.updatedAt', { time: f.date(data.generatedAt) })} ·{' '}
            {t('display.windowNote', { days: data.days })}
          </span>
        </div>
        <h1
          data-text
          data-testid="display-title"
          style={{ color: '#e6f0ff', fontSize: 36, margin: 0, letterSpacing: 2 }}
        >
          {title}
        </h1>
        {/* The account's controls sit over this slot (Dashboard: one instance for every state). */}
        <div style={{ flex: 1 }} />
      </header>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', gap: 16 }}>
        <Kpi label={t('display.today')} value={f.number(data.counts.today)} testId="kpi-today" />
        <Kpi label={t('display.month')} value={f.number(data.counts.month)} testId="kpi-month" />
        <Kpi label={t('display.total')} value={f.number(data.counts.total)} testId="kpi-total" />
        <Kpi
          label={t('display.devicesOnline')}
          value={`${f.number(data.devices.online)} / ${f.number(data.devices.online + data.devices.offline)}`}
          testId="kpi-devices"
        />
      </div>
      <div style={{ flex: 1, display: 'grid', gridTemplateColumns: '520px 1fr 520px', gap: 16, minHeight: 0 }}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <Panel
            title={t('display.constitution')}
            extra={
              missingConstitution
                ? t('display.missingOf', { n: f.number(missingConstitution), of: f.number(data.missing.records) })
                : undefined
            }
            height={238}
            testId="panel-constitution"
          >
            <ChartOrEmpty
              empty={!data.constitution.length}
              option={pieOption(named(data.constitution, constitution))}
              height={186}
              scale={scale}
              testId="chart-constitution"
              emptyText={none('display.noConstitution')}
            />
          </Panel>
          <Panel title={t('display.patterns')} height={262} testId="panel-patterns">
            <ChartOrEmpty
              empty={!data.patterns.length}
              option={barOption(
                data.patterns.map((p) => ({ name: f.lang === 'en' ? p.en : p.zh, value: p.count })),
                '#4096ff',
              )}
              height={210}
              scale={scale}
              testId="chart-patterns"
              emptyText={none('display.noPatterns')}
            />
          </Panel>
          <Panel
            title={t('display.tongue')}
            extra={t('display.tongueOf', { n: f.number(total) })}
            height={238}
            testId="panel-tongue"
          >
            <ChartOrEmpty
              empty={!total}
              option={barOption(
                named(data.tongue.findings.slice(0, 6), (k) => tongueFeatureWord(k, f.lang)),
                '#9254de',
                total,
              )}
              height={186}
              scale={scale}
              testId="chart-tongue"
              emptyText={none('display.noTongue')}
            />
          </Panel>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <Panel
            title={t('display.regions')}
            extra={data.unknownRegion ? t('display.unknownRegion', { n: f.number(data.unknownRegion) }) : undefined}
            height={470}
            testId="panel-regions"
          >
            {/* The outline stays as background; the note says why it is blank and where locations are set. */}
            {!data.regions.length && (
              <EmptyNote overlay text={none('display.noRegions')} link={deviceSetup} testId="chart-map-empty" />
            )}
            <EChart
              option={mapOption(named(data.regions, province), nameMap)}
              height={418}
              testId="chart-map"
              pixelRatio={scale * window.devicePixelRatio}
            />
          </Panel>
          <Panel title={t('display.trend', { days: data.days })} height={284} testId="panel-trend">
            <ChartOrEmpty
              empty={data.trend.every((p) => p.count === 0)}
              emptyText={none('display.noTrend')}
              option={trendOption(data.trend, (d) => d.slice(5), {
                count: t('display.trendCount'),
                high: t('display.trendHigh'),
              })}
              height={232}
              scale={scale}
              testId="chart-trend"
            />
          </Panel>
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
          <Panel title={t('display.risk')} height={200} testId="panel-risk">
            <ChartOrEmpty
              empty={!data.risk.length}
              option={pieOption(
                data.risk.map((b) => ({
                  name: riskWord(b.key),
                  value: b.count,
                  itemStyle: { color: RISK_COLORS[b.key] ?? '#8c8c8c' },
                })),
              )}
              height={148}
              scale={scale}
              testId="chart-risk"
              emptyText={none('display.noRisk')}
            />
          </Panel>
          <DevicesPanel devices={data.devices} setup={deviceSetup} />
          <FeedPanel feed={feed} constitution={constitution} riskWord={riskWord} province={province} />
        </div>
      </div>
    </div>
  );
}

/** The large-screen dashboard of a scope: loading, error and live states on the scaled canvas. */
export function Dashboard({ scope }: { scope: DisplayScope }) {
  const { t } = useTranslation();
  const q = useDisplaySummary(scope);
  return (
    <DisplayCanvas>
      {(scale) => (
        <>
          {/* The account's controls, one instance whatever the state: a reset password must be
              changed before any other call succeeds (403 1100611), so the dialog cannot wait for
              the data, and a dialog opened while the data loads must survive its arrival. */}
          <Space style={{ position: 'absolute', top: 26, right: 24, zIndex: 1 }}>
            <LanguageSwitch />
            <ChangePasswordButton />
            <LogoutButton loginPath={scope.kind === 'team' ? '/member-login' : '/dpLogin'} />
          </Space>
          {q.data ? (
            <Charts data={q.data} scope={scope} scale={scale} />
          ) : (
            <div
              style={{
                height: '100%',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                flexDirection: 'column',
                gap: 24,
              }}
            >
              {/* The screen's name while it loads or fails, so a wall screen never shows a blank. */}
              <h1 data-text style={{ ...muted, fontSize: 40, margin: 0 }}>
                {t('display.title')}
              </h1>
              {q.isError ? (
                <>
                  <div data-text data-testid="display-error" style={{ color: '#ff7875', fontSize: 28 }}>
                    {t('display.loadFailed')}
                  </div>
                  <Button onClick={() => void q.refetch()}>{t('display.retry')}</Button>
                </>
              ) : (
                <>
                  <Spin size="large" />
                  <div data-text data-testid="display-loading" style={{ ...muted, fontSize: 24 }}>
                    {t('display.loading')}
                  </div>
                </>
              )}
            </div>
          )}
        </>
      )}
    </DisplayCanvas>
  );
}
