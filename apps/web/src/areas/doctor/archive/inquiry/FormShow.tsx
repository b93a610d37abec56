import '../texts.js';
import { Button, Card, Descriptions, Result, Space, Spin, Tag, Typography } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FILE_PATHS, allQuestions, type AnswerValue, type FormDetail, type Question } from '@tcm/contract';
import { textIn, type Lang } from '../../../../components/inquiry/FormFiller.js';
import { useReaderFormat } from '../../../../lib/reader-format.js';
import { useInquiryForm } from './inquiry-api.js';
import { ScoreView } from './ScoreView.js';

/** One answer in words: option labels, the scale point's label, number with unit, the photo. */
function AnswerText({
  q,
  v,
  lang,
  urls,
}: {
  q: Question;
  v: AnswerValue | null | undefined;
  lang: Lang;
  urls: Record<string, string>;
}) {
  const { t } = useTranslation();
  if (v === null || v === undefined || v === '')
    return <Typography.Text type="secondary">{t('archive.inquiry.noAnswer')}</Typography.Text>;
  const option = (value: string) => textIn(q.options?.find((o) => o.value === value)?.label, lang) || value;
  if (q.type === 'single' && typeof v === 'string') return <>{option(v)}</>;
  if (q.type === 'multiple' && Array.isArray(v)) return <>{v.map(option).join('、')}</>;
  if (q.type === 'scale' && typeof v === 'number') {
    const label = q.scale?.labels?.[v - (q.scale?.min ?? 0)];
    return <>{label ? `${v} ${textIn(label, lang)}` : v}</>;
  }
  if (q.type === 'number') return <>{`${String(v)} ${q.number?.unit ?? ''}`}</>;
  // The server hands out a short-lived signed URL per photo (health data: docs/security.md §12).
  if (q.type === 'photo' && typeof v === 'string') {
    const url = urls[v] ?? FILE_PATHS.view(v);
    return <img src={`${url}${url.includes('?') ? '&' : '?'}w=240`} alt="" width={160} />;
  }
  return <>{String(v)}</>;
}

export function FormAnswers({ form }: { form: FormDetail }) {
  const { i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const answered = allQuestions(form.definition).filter((q) => form.answers && q.id in form.answers);
  return (
    <Descriptions size="small" bordered column={1} data-testid="form-answers">
      {answered.map((q) => (
        <Descriptions.Item key={q.id} label={textIn(q.label, lang)}>
          <AnswerText q={q} v={form.answers?.[q.id]} lang={lang} urls={form.fileUrls ?? {}} />
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

/** /doctor/archive/patientInquiry/show/:id: a form's answers and score, and the way to its case. */
export function FormShow() {
  const { t } = useTranslation();
  const { date } = useReaderFormat();
  const navigate = useNavigate();
  const id = useParams().id ?? '';
  const q = useInquiryForm(id);
  if (q.isPending) return <Spin />;
  if (q.isError) return <Result status="403" title={q.error.message} />;
  const f = q.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="form-show">
      <Typography.Title level={4}>
        {f.templateName} · {f.patientName}
      </Typography.Title>
      <Space wrap>
        <Tag>{t(`archive.inquiry.modes.${f.mode}`)}</Tag>
        <Tag color={f.status === 'submitted' ? 'green' : f.status === 'expired' ? 'default' : 'orange'}>
          {t(`archive.inquiry.statuses.${f.status}`)}
        </Tag>
        {f.visitNumber && t('archive.inquiry.visitN', { n: f.visitNumber })}
        {f.submittedAt && `${t('archive.inquiry.submittedAt')}: ${date(f.submittedAt, { time: true })}`}
        <Button onClick={() => void navigate(`/doctor/archive/review/${f.caseId}`)}>
          {t('archive.prescriptionList.open')}
        </Button>
      </Space>
      {f.score && (
        <Card size="small" title={t('archive.inquiry.score')}>
          <ScoreView score={f.score} />
        </Card>
      )}
      {f.answers && <FormAnswers form={f} />}
    </Space>
  );
}
