import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayFeedItem, DisplaySummary } from '@tcm/contract';
import { useReaderFormat } from '../../lib/reader-format.js';
import type { FeedState } from './display-api.js';
import { RISK_COLORS } from './display-charts.js';
import { EmptyNote, Panel } from './Panel.js';

// The dashboard's two lists: device status and the live feed. Each shows only the rows that fit
// its panel (the screen never scrolls); the counts above a list cover everything.

const DEVICE_ROWS = 4;
const FEED_ROWS = 7;
const row: CSSProperties = {
  display: 'flex',
  alignItems: 'center',
  gap: 10,
  height: 40,
  borderBottom: '1px solid #16305f',
  color: '#c8d8ff',
  fontSize: 16,
  whiteSpace: 'nowrap',
};
const cell = (width: number | string, extra: CSSProperties = {}): CSSProperties => ({
  width,
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  flexShrink: 0,
  ...extra,
});
const STATE_COLOR = { online: '#73d13d', offline: '#8c8c8c', disabled: '#ff7875' } as const;

export function DevicesPanel({
  devices,
  setup,
}: {
  devices: DisplaySummary['devices'];
  /** Where devices are registered: shown when there are none. */
  setup?: { to: string; label: string };
}) {
  const { t } = useTranslation();
  const f = useReaderFormat();
  const counts = (['online', 'offline', 'disabled'] as const)
    .map((s) => `${t(`display.deviceState.${s}`)} ${f.number(devices[s])}`)
    .join(' · ');
  return (
    <Panel title={t('display.devices')} extra={counts} height={220} testId="panel-devices">
      {devices.list.length === 0 ? (
        <EmptyNote text={t('display.noDevicesHint')} link={setup} testId="devices-empty" />
      ) : (
        devices.list.slice(0, DEVICE_ROWS).map((d) => (
          <div key={d.id} style={row} data-testid="device-row">
            <span
              style={{ width: 10, height: 10, borderRadius: 5, background: STATE_COLOR[d.status], flexShrink: 0 }}
            />
            <span data-text style={cell(170)}>
              {d.name}
            </span>
            <span data-text style={cell(150, { color: '#7f93bf' })}>
              {d.location ?? '—'}
            </span>
            <span data-text style={cell(110, { textAlign: 'right' })}>
              {t('display.deviceToday', { n: f.number(d.today) })}
            </span>
          </div>
        ))
      )}
    </Panel>
  );
}

export function FeedPanel(props: {
  feed: FeedState;
  constitution: (code: string) => string;
  riskWord: (risk: string) => string;
  province: (zh: string) => string;
}) {
  const { t } = useTranslation();
  const f = useReaderFormat();
  const who = (i: DisplayFeedItem) =>
    [
      i.name ?? t('display.anonymous'),
      i.sex ? t(`display.sex.${i.sex}`) : null,
      i.age !== null ? t('display.age', { n: i.age }) : null,
    ]
      .filter(Boolean)
      .join(' ');
  const status = props.feed.live ? t('display.feedLive') : t('display.feedReconnecting');
  return (
    <Panel title={t('display.feed')} extra={status} height={350} testId="panel-feed">
      {props.feed.items.length === 0 ? (
        <div data-text data-testid="feed-empty" style={{ color: '#7f93bf', paddingTop: 16 }}>
          {t('display.feedEmpty')}
        </div>
      ) : (
        props.feed.items.slice(0, FEED_ROWS).map((i) => (
          <div key={i.id} style={row} data-testid="feed-item" data-id={i.id}>
            <span data-text style={cell(70, { color: '#7f93bf' })}>
              {f.date(i.finishedAt).slice(-5)}
            </span>
            <span data-text style={cell(120)}>
              {who(i)}
            </span>
            <span data-text style={cell(100)}>
              {i.constitution ? props.constitution(i.constitution) : '—'}
            </span>
            <span data-text style={cell(80, { color: RISK_COLORS[i.risk ?? 'none'] })}>
              {i.risk ? props.riskWord(i.risk) : '—'}
            </span>
            <span data-text style={cell(70, { color: '#7f93bf' })}>
              {i.region ? props.province(i.region) : ''}
            </span>
          </div>
        ))
      )}
    </Panel>
  );
}
