import '../../../record/texts.js';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DetectionKind } from '@tcm/contract';
import { withAnt, WithAnt } from '../../../app/WithAnt.js';
import { PageSpinner } from '../../../components/PageSpinner.js';
import { currentLanguage } from '../../../lib/i18n.js';
import { PlainPhotoPicker } from './PlainPhotoPicker.js';

// The result (antd, the engine's sections, charts on demand) loads only when there is one to show.
const VisitorResult = lazy(withAnt(() => import('./VisitorResult.js')));

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
  const send = async () => {
    if (!file) return;
    setSending(true);
    setError(null);
    try {
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
  return (
    <section className="site-card-box site-stack">
      <p className="site-p">{t(`record.intro.${kind}`)}</p>
      <PlainPhotoPicker file={file} onChange={setFile} testId="tongue" />
      {error && (
        <div className="site-alert" role="alert" data-testid="analyze-error">
          {error}
        </div>
      )}
      <button
        type="button"
        className="site-btn site-btn-primary site-btn-lg"
        disabled={!file || sending}
        aria-busy={sending}
        data-testid="analyze-submit"
        onClick={() => void send()}
      >
        {sending && <span className="site-btn-spin" aria-hidden="true" />}
        {t('record.analyze')}
      </button>
      <span className="site-muted">{t('record.privacy')}</span>
    </section>
  );
}
