import '../../../record/first-texts.js';
import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { WithAnt } from '../../../app/WithAnt.js';
import { checkPhoto, PHOTO_ACCEPT, type FileProblem } from '../../../record/photo-file.js';
import { useObjectUrl } from '../../../lib/use-object-url.js';

// The camera view uses antd and measures frames: it loads only when the visitor opens it, so the
// page's first paint stays free of Ant Design (docs/web.md "Speed and reach").
const CameraCapture = lazy(() =>
  import('../../../record/CameraCapture.js').then((m) => ({ default: m.CameraCapture })),
);

/** Below 768 px (antd's `md`, as `useTouch` of the member wizard) the camera comes first. */
const PHONE = '(max-width: 767.98px)';
const subscribe = (onChange: () => void) => {
  const mq = window.matchMedia?.(PHONE);
  mq?.addEventListener('change', onChange);
  return () => mq?.removeEventListener('change', onChange);
};
const isPhone = () => window.matchMedia?.(PHONE).matches ?? false;

/**
 * The detection page's photo choice in plain markup and CSS: the same checks, test ids and order
 * as the member wizard's antd `PhotoPicker` (file or camera, checked on the client, spec §5).
 */
export function PlainPhotoPicker(props: { file: File | null; onChange: (file: File | null) => void; testId: string }) {
  const { t } = useTranslation();
  const { testId } = props;
  const [problem, setProblem] = useState<FileProblem | null>(null);
  const [shooting, setShooting] = useState(false);
  const phone = useSyncExternalStore(subscribe, isPhone, () => false);

  const preview = useObjectUrl(props.file);

  const take = async (file: File) => {
    const p = await checkPhoto(file);
    setProblem(p);
    props.onChange(p ? null : file);
  };

  if (shooting)
    return (
      <WithAnt>
        <Suspense fallback={null}>
          <CameraCapture
            onClose={() => setShooting(false)}
            onCapture={(f) => {
              setShooting(false);
              void take(f);
            }}
          />
        </Suspense>
      </WithAnt>
    );
  const camera = (
    <button
      type="button"
      className={phone ? 'site-btn site-btn-primary' : 'site-btn'}
      onClick={() => setShooting(true)}
      data-testid={`${testId}-camera`}
    >
      {t('record.useCamera')}
    </button>
  );
  return (
    <div className="site-stack">
      <div className="site-row" data-testid={`${testId}-upload`}>
        {/* On a phone the camera is the first choice (issue 17); on a desktop the file comes first. */}
        {phone && camera}
        {/* A label styled as a button opens the file dialog; the input stays reachable by keyboard. */}
        <label className="site-btn site-file" data-testid={`${testId}-choose`}>
          <input
            type="file"
            accept={PHOTO_ACCEPT}
            className="site-file-input"
            onChange={(e) => {
              const f = e.target.files?.[0];
              e.target.value = '';
              if (f) void take(f);
            }}
          />
          {t('record.choosePhoto')}
        </label>
        {!phone && camera}
      </div>
      <span className="site-muted">{t('record.photoRule')}</span>
      {problem && (
        <div className="site-alert" role="alert" data-testid={`${testId}-problem`}>
          {t(`record.fileProblem.${problem}`)}
        </div>
      )}
      {preview && props.file && (
        <div className="site-row">
          <img
            className="site-preview"
            src={preview}
            width={160}
            alt={props.file.name}
            data-testid={`${testId}-preview`}
          />
          <span>{props.file.name}</span>
        </div>
      )}
    </div>
  );
}
