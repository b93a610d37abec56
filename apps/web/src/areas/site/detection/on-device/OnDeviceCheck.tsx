import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { qualityIssueText, readerLang, TONGUE_ERRORS } from '@tcm/contract';
import type { OnDeviceStep } from './protocol.js';
import { onDeviceSupported } from './support.js';
import './texts.js';

type State = { step: OnDeviceStep } | { ok: boolean; text: string } | null;

/**
 * The H5 capture page's check of the chosen tongue photo, in the browser before anything is sent:
 * the same engine as the detection pages (no tongue, blur, light, cast), so the person can retake
 * at once. The photo is still sent to the server on submit (the partner gets the server's result).
 */
export function OnDeviceCheck({ photo }: { photo: File }) {
  const { t, i18n } = useTranslation();
  const lang = readerLang(i18n.language);
  const [state, setState] = useState<State>(null);
  useEffect(() => {
    if (!onDeviceSupported()) return;
    let gone = false;
    void import('./client.js').then(({ analyzeOnDevice, OnDeviceError, refusalText }) =>
      analyzeOnDevice(photo, (step) => !gone && setState({ step })).then(
        ({ result }) => {
          if (gone) return;
          const issues = result.quality.issues.map((q) => qualityIssueText(q, TONGUE_ERRORS, lang).message);
          setState(
            issues.length
              ? { ok: false, text: t('onDevice.checkedIssues', { issues: issues.join(' ') }) }
              : { ok: true, text: t('onDevice.checkedOk') },
          );
        },
        (e: unknown) => {
          const code = e instanceof OnDeviceError ? e.code : undefined;
          if (!gone && code !== undefined) setState({ ok: false, text: refusalText(code, lang) ?? String(code) });
          else if (!gone) setState(null);
        },
      ),
    );
    return () => {
      gone = true;
    };
  }, [photo, lang, t]);
  if (!state) return null;
  if ('step' in state)
    return (
      <p role="status" data-testid="h5-on-device" data-state="running" style={{ margin: '0 0 12px' }}>
        {t(`onDevice.steps.${state.step}`)}
      </p>
    );
  return (
    <Alert
      type={state.ok ? 'success' : 'warning'}
      showIcon
      title={state.text}
      style={{ marginBottom: 12 }}
      data-testid="h5-on-device"
      data-state={state.ok ? 'ok' : 'retake'}
    />
  );
}
