import './texts.js';
import { lazy, Suspense } from 'react';
import { List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { bilingualText, PULSE_CLASS_WORDS, type PulseResult, type PulseWave, readerLang, wordOf } from '@tcm/contract';
import { num, pct } from './result-format.js';
import { RuleEvidence } from './engine-parts.js';

// ECharts loads only where a result has a pulse wave.
const PulseWaveform = lazy(() => import('./ResultCharts.js').then((m) => ({ default: m.PulseWaveform })));

/** The pulse engine's card: rates, signal quality, the waveform and the pulse types with their evidence. */
export function PulseView({ r, wave }: { r: PulseResult; wave?: PulseWave }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  // The card names the mean rate (the report's); the pulse type is judged on the median beat
  // interval's rate. Where the two differ they are both explained (issue 17: two unexplained rates).
  const median = r.channels[0]?.medianRateBpm;
  const mean = num(Math.round(r.rateBpm), lang);
  const medianText = median === undefined ? mean : num(Math.round(median), lang);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text>
        <span data-testid="pulse-rate">{t('record.pulse.rate', { bpm: mean })}</span> ·{' '}
        {t('record.pulse.quality', { q: pct(r.quality.index, lang) })}
      </Typography.Text>
      {medianText !== mean && (
        <Typography.Text type="secondary" data-testid="pulse-rates">
          {t('record.pulse.rates', { mean, median: medianText })}
        </Typography.Text>
      )}
      {wave && (
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('record.pulse.waveform')}
          </Typography.Text>
          <Suspense fallback={null}>
            <PulseWaveform wave={wave} />
          </Suspense>
        </div>
      )}
      <List
        size="small"
        dataSource={r.classes}
        renderItem={(c) => (
          <List.Item>
            <Space orientation="vertical" size={0}>
              <Typography.Text strong>
                <span data-testid="pulse-class">{wordOf(PULSE_CLASS_WORDS, c.code, lang, c[lang])}</span> —{' '}
                {bilingualText(c.suggests, lang)}
              </Typography.Text>
              <RuleEvidence items={c.evidence} />
            </Space>
          </List.Item>
        )}
      />
    </Space>
  );
}
