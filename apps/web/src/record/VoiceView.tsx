import './texts.js';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { bilingualText, readerLang, VOICE_READING_WORDS, type VoiceResult, wordOf } from '@tcm/contract';
import { num } from './result-format.js';
import { RuleEvidence } from './engine-parts.js';

/** The voice engine's card: pitch, duration, voice quality measures and the readings with their evidence. */
export function VoiceView({ r }: { r: VoiceResult }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text>
        {t('record.voice.pitch', { hz: num(r.pitch.meanHz, lang) })} ·{' '}
        {t('record.voice.duration', { s: num(r.quality.durationS, lang) })}
        {r.hnrDb !== null && ` · ${t('record.voice.hnr', { v: num(r.hnrDb, lang) })}`}
        {r.jitterLocalPct !== null && ` · ${t('record.voice.jitter', { v: num(r.jitterLocalPct, lang) })}`}
        {r.shimmerLocalPct !== null && ` · ${t('record.voice.shimmer', { v: num(r.shimmerLocalPct, lang) })}`}
      </Typography.Text>
      {r.readings.map((rd) => (
        <div key={rd.code}>
          <Typography.Text strong>
            <span data-testid="voice-reading">{wordOf(VOICE_READING_WORDS, rd.code, lang, rd[lang])}</span> —{' '}
            {bilingualText(rd.suggests, lang)}
          </Typography.Text>
          <div>
            <RuleEvidence items={rd.evidence} />
          </div>
        </div>
      ))}
    </Space>
  );
}
