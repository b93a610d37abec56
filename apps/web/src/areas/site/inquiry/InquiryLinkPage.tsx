import { useState } from 'react';
import { Alert, Button, Result, Spin, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Answers } from '@tcm/contract';
import { FormFiller, problemsOf } from '../../../components/inquiry/FormFiller.js';
import { LanguageSwitch } from '../../../components/LanguageSwitch.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { uploadAnswerPhoto, useInquiryLink, useSubmitInquiryLink } from './inquiry-link-api.js';

/**
 * /inquiry/:token: the form a doctor sent, on the patient's phone (360-430 px wide, touch
 * targets of 44 px); answered once, then the link says so with its own message.
 */
export default function InquiryLinkPage() {
  const { t } = useTranslation();
  const { date } = useReaderFormat();
  const token = useParams().token ?? '';
  const [answers, setAnswers] = useState<Answers>({});
  const form = useInquiryLink(token);
  const submit = useSubmitInquiryLink(token);
  const problems = submit.error ? problemsOf(submit.error) : {};
  const wrap = (body: React.ReactNode) => (
    <div style={{ maxWidth: 480, margin: '0 auto', padding: 12 }} data-testid="inquiry-link-page">
      <div style={{ textAlign: 'right' }}>
        <LanguageSwitch />
      </div>
      {body}
    </div>
  );
  if (form.isPending)
    return wrap(<Spin tip={t('inquiryLink.loading')} style={{ display: 'block', marginTop: '30vh' }} />);
  if (form.isError)
    return wrap(<Result status="warning" title={t('inquiryLink.failed')} subTitle={form.error.message} />);
  if (submit.isSuccess)
    return wrap(<Result status="success" title={t('inquiryLink.thanks')} data-testid="link-done" />);
  const f = form.data;
  return wrap(
    <>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t('inquiryLink.title', { doctor: f.doctorName })}
      </Typography.Title>
      <Typography.Paragraph>
        <b>{f.templateName}</b>
        <br />
        {t('inquiryLink.forPatient', { initial: f.patientInitial })} ·{' '}
        {t('inquiryLink.expires', { time: date(f.expiresAt) })}
      </Typography.Paragraph>
      <FormFiller
        definition={f.definition}
        sex={f.sex}
        value={answers}
        onChange={setAnswers}
        problems={problems}
        upload={uploadAnswerPhoto}
      />
      {submit.error && (
        <Alert type="error" showIcon title={submit.error.message} style={{ marginTop: 12 }} data-testid="link-error" />
      )}
      <Button
        type="primary"
        block
        size="large"
        style={{ marginTop: 16, minHeight: 48 }}
        loading={submit.isPending}
        onClick={() => submit.mutate(answers)}
        data-testid="link-submit"
      >
        {submit.isPending ? t('inquiryLink.submitting') : t('inquiryLink.submit')}
      </Button>
    </>,
  );
}
