import '../../../record/first-texts.js';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DetectionKind, TongueResult } from '@tcm/contract';
import { withAnt, WithAnt } from '../../../app/WithAnt.js';
import { PageSpinner } from '../../../components/PageSpinner.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { PlainPhotoPicker } from './PlainPhotoPicker.js';
import { checkOnDevice } from './on-device/check.js';
import type { OnDeviceStep } from './on-device/protocol.js';

// The result (antd, the engine's sections, charts on demand) loads only when there is one to show.
const VisitorResult = lazy(withAnt(() => import('./VisitorResult.js')));
// The result analysed in the browser (docs/site.md "On-device analysis"), the same way.
const OnDeviceResult = lazy(withAnt(() => import('./on-device/OnDeviceResult.js')));

const TITLE: Record<DetectionKind, string> = {
  normal: 'route.tongueAnalyze',
  child: 'route.childTongue',
  covid: 'route.covidTongue',
};

/**
 * The public detection page (/tongueAnalyze and the child and COVID variants): upload or camera,
 * then the result at `?token=` (the record's share token, so a reload or a shared link shows it).
 * The upload form is plain markup and CSS (site.css): no Ant Design on first paint (docs/web.md).
 */
export default function TongueAnalyzePage({ kind }: { kind: DetectionKind }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="site-page site-stack-lg">
      {/* h2 as before the split: on the child and COVID pages the CMS text above holds the h1. */}
      <h2 className="site-h2">{t(TITLE[kind])}</h2>
      {token ? (
        <WithAnt>
          <Suspense fallback={<PageSpinner />}>
            <VisitorResult token={token} onNew={() => setParams({})} />
          </Suspense>
        </WithAnt>
      ) : (
        <Capture kind={kind} onCreated={(tok) => setParams({ token: tok })} />
      )}
    </div>
  );
}

function Capture({ kind, onCreated }: { kind: DetectionKind; onCreated: (token: string) => void }) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Known after the first paint (the server's first HTML cannot know the visitor's browser); the
  // check and the on-device texts load then, outside the page's first load.
  const [onDevice, setOnDevice] = useState<boolean | null>(null);
  useEffect(() => {
    let gone = false;
    void checkOnDevice().then((supported) => !gone && setOnDevice(supported));
    return () => {
      gone = true;
    };
  }, []);
  const [step, setStep] = useState<OnDeviceStep | null>(null);
  const [done, setDone] = useState<{ result: TongueResult; ms: number } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [update, setUpdate] = useState<(() => void) | null>(null);
  // The service worker (production builds) and saves made offline: after the first paint.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./on-device/offline.js').then((m) => {
      if (gone) return;
      m.registerOffline((apply) => setUpdate(() => apply));
      stop = m.uploadKeptWhenOnline((count) => setNotice(t('onDevice.sentLater', { count })));
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [t]);

  const choose = (f: File | null) => {
    setFile(f);
    setDone(null);
    setError(null);
  };
  /** Today's visitor capture: the photo goes to the server, which analyses (or re-checks) it. */
  const upload = async () => {
    if (!file) return;
    setSending(true);
    setError(null);
    try {
      // No network (a kiosk offline): the save waits on this device and uploads when it returns.
      if (!navigator.onLine) {
        const { keepForLater } = await import('./on-device/offline.js');
        await keepForLater(file, kind, currentLanguage());
        setNotice(t('onDevice.savedOffline'));
        return;
      }
      // The record calls (and the contract paths they use) load with the first analysis.
      const { createAsVisitor } = await import('../../../record/record-api.js');
      const created = await createAsVisitor(file, kind, currentLanguage());
      onCreated(created.shareToken);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSending(false);
    }
  };
  /** The photo analysed in this browser; nothing leaves the device. */
  const analyzeHere = async () => {
    if (!file) return;
    setSending(true);
    setError(null);
    try {
      // The worker, the runtime and the models load only now, with the first photo.
      const { analyzeOnDevice, OnDeviceError, refusalText } = await import('./on-device/client.js');
      try {
        setDone(await analyzeOnDevice(file, setStep));
      } catch (e) {
        const code = e instanceof OnDeviceError ? e.code : undefined;
        setError(
          (code !== undefined && refusalText(code, currentLanguage())) ||
            t('onDevice.failed', { detail: (e as Error).message }),
        );
      }
    } finally {
      setStep(null);
      setSending(false);
    }
  };
  /**
   * Private by default: a click before the browser check has answered (a slow first load) waits for
   * it, so a browser that can analyse the photo never sends it to the server unasked.
   */
  const analyze = async () => {
    if (onDevice !== null) return onDevice ? analyzeHere() : upload();
    // The button is busy while the check answers, so a second press cannot start a second analysis.
    setSending(true);
    let supported: boolean;
    try {
      supported = await checkOnDevice();
    } finally {
      setSending(false);
    }
    return supported ? analyzeHere() : upload();
  };
  const banners = (
    <>
      {update && (
        <div className="site-alert" role="status" data-testid="update-waiting">
          {t('onDevice.updateWaiting')}{' '}
          <button type="button" className="site-btn" onClick={update}>
            {t('onDevice.reload')}
          </button>
        </div>
      )}
      {notice && (
        <p className="site-p" role="status" data-testid="on-device-notice">
          {notice}
        </p>
      )}
    </>
  );
  if (done && file)
    return (
      <WithAnt>
        {banners}
        <Suspense fallback={<PageSpinner />}>
          <OnDeviceResult
            result={done.result}
            ms={done.ms}
            photo={file}
            saving={sending}
            onSave={() => void upload()}
            onNew={() => choose(null)}
          />
        </Suspense>
        {error && (
          <div className="site-alert" role="alert" data-testid="analyze-error">
            {error}
          </div>
        )}
      </WithAnt>
    );
  return (
    <section className="site-card-box site-stack">
      {banners}
      <p className="site-p">{t(`record.intro.${kind}`)}</p>
      {/* The note's place is kept from the first paint (site.css): it follows a capability check
          made after it, and a paragraph pushed in above the picker moved the page (CLS 0.033). */}
      <p className="site-p site-device-note">
        {onDevice !== null && (
          <span data-testid={onDevice ? 'on-device-note' : 'server-path-note'}>
            {t(onDevice ? 'onDevice.staysHere' : 'onDevice.serverPath')}
          </span>
        )}
      </p>
      <PlainPhotoPicker file={file} onChange={choose} testId="tongue" />
      {error && (
        <div className="site-alert" role="alert" data-testid="analyze-error">
          {error}
        </div>
      )}
      {error && onDevice && file && !sending && (
        <button type="button" className="site-btn" data-testid="analyze-on-server" onClick={() => void upload()}>
          {t('onDevice.useServer')}
        </button>
      )}
      {step && (
        <p className="site-p" role="status" aria-live="polite" data-testid="on-device-step" data-step={step}>
          {t(`onDevice.steps.${step}`)}
        </p>
      )}
      <button
        type="button"
        className="site-btn site-btn-primary site-btn-lg"
        disabled={!file || sending}
        aria-busy={sending}
        data-testid="analyze-submit"
        onClick={() => void analyze()}
      >
        {sending && <span className="site-btn-spin" aria-hidden="true" />}
        {t('record.analyze')}
      </button>
      <span className="site-muted">{t('record.privacy')}</span>
    </section>
  );
}
