import { isFinishedStatus } from '@tcm/contract';
import './texts.js';
import '../../../record/texts.js';
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Result, Spin, Typography } from 'antd';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { H5Page, H5Submitted } from '@tcm/contract';
import { LanguageSwitch } from '../../../components/LanguageSwitch.js';
import { LiveRecordResult } from '../../../record/LiveRecordResult.js';
import { useRecord } from '../../../record/record-api.js';
import { readCookie } from '../../../lib/cookies.js';
import type { HttpError } from '../../../lib/http.js';
import { LANGUAGE_COOKIE } from '../../../lib/i18n.js';
import { useReaderFormat } from '../../../lib/reader-format.js';
import { photoBase64, useH5Page, useH5Submit } from './h5-api.js';
import { PhotoField } from './PhotoField.js';
import { OnDeviceCheck } from '../detection/on-device/OnDeviceCheck.js';

const inWeChat = () => /MicroMessenger/i.test(navigator.userAgent);

/** The partner's band: logo, name and color (their page, our analysis). */
function Brand({ page }: { page: H5Page }) {
  return (
    <div
      data-testid="h5-brand"
      style={{
        background: page.colour,
        color: '#fff',
        padding: '12px 16px',
        display: 'flex',
        alignItems: 'center',
        gap: 12,
      }}
    >
      {page.logo && (
        <img src={page.logo} alt="" data-testid="h5-logo" style={{ height: 36, maxWidth: 96, objectFit: 'contain' }} />
      )}
      <span style={{ fontSize: 18, fontWeight: 600, flex: 1 }} data-testid="h5-brand-name">
        {page.brandName}
      </span>
      <LanguageSwitch />
    </div>
  );
}

/** After the submission: the explained result, then the way back to the partner. */
function H5Result({ page, sent }: { page: H5Page; sent: H5Submitted }) {
  const { t } = useTranslation();
  const ref = { token: sent.shareToken };
  const state = useRecord(ref);
  const finished = !!state.detail && isFinishedStatus(state.detail.status);
  const back = sent.returnUrl ? (
    <Button
      type="primary"
      size="large"
      block
      href={sent.returnUrl}
      data-testid="h5-return"
      style={{ background: page.colour, borderColor: page.colour, height: 48 }}
    >
      {t('h5.back', { name: page.brandName })}
    </Button>
  ) : (
    <Alert type="success" title={t('h5.noReturn')} />
  );
  return (
    <div data-testid="h5-result">
      {!finished && <Alert type="info" showIcon title={t('h5.analyzing')} style={{ marginBottom: 12 }} />}
      {state.error && !state.detail ? (
        <Result status="error" title={state.error.message} />
      ) : state.detail ? (
        <LiveRecordResult recordRef={ref} state={{ ...state, detail: state.detail }} />
      ) : (
        <Card loading />
      )}
      {finished && <div style={{ marginTop: 16 }}>{back}</div>}
    </div>
  );
}

/**
 * /h5/:token: a partner's capture page on a phone (390 px first; issue 25 item 3). A tongue photo
 * (required) and a face photo (optional) go through the Open API's analysis once; the person sees
 * the explained result and returns to the partner's URL, signed by the server.
 */
export default function H5CapturePage() {
  const { t, i18n } = useTranslation();
  const { date } = useReaderFormat();
  const token = useParams().token ?? '';
  const [tongue, setTongue] = useState<File | null>(null);
  const [face, setFace] = useState<File | null>(null);
  const page = useH5Page(token);
  // The partner names the person's language; a language the person chose before wins.
  useEffect(() => {
    if (page.data && !readCookie(LANGUAGE_COOKIE)) void i18n.changeLanguage(page.data.lang);
  }, [page.data, i18n]);
  const submit = useH5Submit(token, async () => {
    if (!tongue) throw new Error(t('h5.needTongue'));
    const captures = {
      tongue: { data: await photoBase64(tongue), name: 'tongue.jpg' },
      ...(face ? { face: { data: await photoBase64(face), name: 'face.jpg' } } : {}),
    };
    return { captures, lang: i18n.language === 'en' ? 'en' : 'zh' };
  });
  const shell = (body: React.ReactNode, brand?: H5Page) => (
    <div style={{ maxWidth: 480, margin: '0 auto', minHeight: '100vh', background: '#fff' }} data-testid="h5-page">
      {brand ? (
        <Brand page={brand} />
      ) : (
        <div style={{ textAlign: 'right', padding: 12 }}>
          <LanguageSwitch />
        </div>
      )}
      <div style={{ padding: 16 }}>{body}</div>
    </div>
  );

  if (page.isPending) return shell(<Spin tip={t('h5.loading')} style={{ display: 'block', marginTop: '30vh' }} />);
  if (page.isError) {
    const e = page.error as HttpError;
    return shell(
      <Result
        status={e.status === 410 ? 'warning' : e.status === 404 ? '404' : 'error'}
        title={e.status === 410 || e.status === 404 ? t('h5.goneTitle') : t('h5.refusedTitle')}
        subTitle={e.message}
        data-testid="h5-gone"
      />,
    );
  }
  const p = page.data;
  if (submit.data) return shell(<H5Result page={p} sent={submit.data} />, p);
  return shell(
    <>
      {p.wx && inWeChat() && (
        <Alert type="info" showIcon title={t('h5.wxHint')} style={{ marginBottom: 12 }} data-testid="h5-wx-hint" />
      )}
      <PhotoField kind="tongue" colour={p.colour} file={tongue} onChange={setTongue} />
      {tongue && <OnDeviceCheck photo={tongue} />}
      <PhotoField kind="face" colour={p.colour} file={face} onChange={setFace} />
      {submit.error && (
        <Alert type="error" showIcon title={submit.error.message} style={{ marginBottom: 12 }} data-testid="h5-error" />
      )}
      <Button
        type="primary"
        size="large"
        block
        disabled={!tongue}
        loading={submit.isPending}
        onClick={() => submit.mutate()}
        data-testid="h5-submit"
        style={{ background: tongue ? p.colour : undefined, borderColor: tongue ? p.colour : undefined, height: 48 }}
      >
        {submit.isPending ? t('h5.submitting') : t('h5.submit')}
      </Button>
      <Typography.Paragraph type="secondary" style={{ marginTop: 16, fontSize: 12 }}>
        {t('h5.expires', { time: date(p.expiresAt, { time: true }) })} · {t('h5.disclaimer')} · {t('h5.poweredBy')}
      </Typography.Paragraph>
    </>,
    p,
  );
}
