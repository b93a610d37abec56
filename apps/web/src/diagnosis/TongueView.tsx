import './texts.js';
import { Alert, Col, Progress, Row, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { bilingualText, evidencePairs, qualityIssueText, TONGUE_ERRORS, type TongueResult } from '@tcm/contract';
import { MaskedPhoto } from './MaskedPhoto.js';
import { featureRows, pct, type FeatureRow } from './result-format.js';

/** The tongue result: the photo with the outline found, quality notes, and every feature with its evidence. */
export function TongueView({ r, photoUrl }: { r: TongueResult; photoUrl: string | null }) {
  const { t, i18n } = useTranslation();
  const rows = featureRows(r.features);
  const label = (l: string) => t(`diag.label.${l}`, { defaultValue: l });
  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} md={10}>
        {photoUrl && <MaskedPhoto src={photoUrl} mask={r.mask} alt={t('diag.engine.tongue')} />}
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
          {t('diag.maskNote', { share: pct(r.mask.areaFraction) })}
        </Typography.Paragraph>
        {r.quality.issues.map((q) => {
          const text = qualityIssueText(q, TONGUE_ERRORS, i18n.language === 'en' ? 'en' : 'zh');
          return (
            <Alert
              key={q.code}
              type="warning"
              showIcon
              style={{ marginBottom: 8 }}
              title={text.problem}
              description={text.tip}
            />
          );
        })}
      </Col>
      <Col xs={24} md={14}>
        <Table<FeatureRow>
          size="small"
          pagination={false}
          rowKey="name"
          dataSource={rows}
          data-testid="tongue-features"
          columns={[
            { title: t('diag.featureName'), render: (_, f) => t(`diag.feature.${f.name}`, { defaultValue: f.name }) },
            {
              title: t('diag.finding'),
              render: (_, f) => (
                <Space orientation="vertical" size={0}>
                  <Typography.Text strong>{label(f.label)}</Typography.Text>
                  {f.score !== null && (
                    <Progress percent={Math.round(f.score * 100)} size="small" style={{ width: 120 }} />
                  )}
                </Space>
              ),
            },
            {
              title: t('diag.evidence'),
              render: (_, f) => (
                <Space orientation="vertical" size={0} style={{ fontSize: 12 }}>
                  <span>
                    {f.method && <Tag>{t(`diag.method.${f.method}`, { defaultValue: f.method })}</Tag>}
                    {f.probabilities.map(([l, p]) => `${label(l)} ${pct(p)}`).join(' · ')}
                  </span>
                  {f.evidence.length > 0 && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {evidencePairs(Object.fromEntries(f.evidence), i18n.language === 'en' ? 'en' : 'zh')}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
          ]}
        />
        {r.notes.map((n, i) => (
          <Typography.Paragraph key={i} type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
            {bilingualText(n, i18n.language === 'en' ? 'en' : 'zh')}
          </Typography.Paragraph>
        ))}
      </Col>
    </Row>
  );
}
