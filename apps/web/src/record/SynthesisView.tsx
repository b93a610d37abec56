import './texts.js';
import { Alert, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PATTERN_WORDS, readerLang, shownScore, type SynthesisResult, wordOf } from '@tcm/contract';
import { loc, pct } from './result-format.js';
import { LEVEL_COLOR } from './engine-parts.js';

/** The synthesis: patterns the findings suggest, each with the evidence for and against it. */
export function SynthesisView({ r }: { r: SynthesisResult }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="synthesis">
      {r.patterns.length === 0 && <Typography.Text>{t('record.noPattern')}</Typography.Text>}
      {r.patterns.map((p) => (
        <div key={p.id} style={{ borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }}>
          <Space wrap>
            <Typography.Text strong>
              {t('record.suggests', { name: wordOf(PATTERN_WORDS, p.id, lang, loc(p.name, lang)) })}
            </Typography.Text>
            <Tag>{t(`record.strength.${p.strength}`)}</Tag>
            <Typography.Text type="secondary">
              {t('record.patternScore', {
                score: pct(shownScore('score.syndrome', p.score) / 100, lang),
                confidence: pct(p.confidence, lang),
              })}
            </Typography.Text>
          </Space>
          <Typography.Paragraph style={{ margin: '4px 0' }}>{loc(p.summary, lang)}</Typography.Paragraph>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {p.evidence.map((e, i) => (
              <li key={i}>
                <Tag color={e.role === 'supports' ? 'blue' : 'default'}>{t(`record.role.${e.role}`)}</Tag>
                {loc(e.text, lang)}
              </li>
            ))}
          </ul>
          {p.missingModalities.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('record.missing', {
                list: p.missingModalities.map((m) => t(`record.modality.${m}`)).join(lang === 'en' ? ', ' : '、'),
              })}
            </Typography.Text>
          )}
        </div>
      ))}
      {r.risks.length > 0 && (
        <Space wrap>
          {r.risks.map((x) => (
            <Tag key={x.indicator} color={LEVEL_COLOR[x.level]}>
              {loc(x.reason, lang)}
            </Tag>
          ))}
        </Space>
      )}
      {r.warnings.map((w, i) => (
        <Alert key={i} type="info" title={loc(w, lang)} />
      ))}
      <Typography.Text type="secondary" data-testid="disclaimer">
        {loc(r.disclaimer, lang)}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('record.kbVersion', { version: r.knowledgeBase.version })}
      </Typography.Text>
    </Space>
  );
}
