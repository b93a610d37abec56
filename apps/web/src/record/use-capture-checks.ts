import { useCallback, useRef, useState } from 'react';
import { failureText, type CaptureSlot, type EngineOutcome, type ReportLanguage } from '@tcm/contract';
import { checkCapture, uploadCapture } from './record-api.js';

/**
 * Where one capture stands at its step (issue 17: a bad file was reported only after the last
 * step). `ok`: uploaded and its engine read it; `failed`: refused by the upload or its engine,
 * with that message; `unchecked`: uploaded, but the check itself could not run (the engines were
 * busy): the record's analysis still reads it, so the person may go on.
 */
export type CaptureCheckState =
  | { status: 'checking' }
  | { status: 'ok'; uuid: string; outcome: EngineOutcome }
  | { status: 'unchecked'; uuid: string }
  | { status: 'failed'; msg: string; code: number | null };

/** Runs upload + check for each capture as it is given; a newer file for a slot wins. */
export function useCaptureChecks(lang: () => ReportLanguage) {
  const [checks, setChecks] = useState<Partial<Record<CaptureSlot, CaptureCheckState>>>({});
  const latest = useRef<Partial<Record<CaptureSlot, File | null>>>({});

  const set = (slot: CaptureSlot, file: File, state: CaptureCheckState | null) => {
    if (latest.current[slot] !== file) return; // a newer file (or none) replaced this one
    setChecks((c) => {
      const next = { ...c };
      if (state) next[slot] = state;
      else delete next[slot];
      return next;
    });
  };

  const give = useCallback(
    async (slot: CaptureSlot, file: File | null) => {
      latest.current[slot] = file;
      if (!file) {
        setChecks((c) => {
          const next = { ...c };
          delete next[slot];
          return next;
        });
        return;
      }
      set(slot, file, { status: 'checking' });
      let uuid: string;
      try {
        uuid = (await uploadCapture(file)).uuid;
      } catch (e) {
        const code = (e as { code?: number }).code;
        return set(slot, file, { status: 'failed', msg: (e as Error).message, code: code ?? null });
      }
      try {
        const { outcome } = await checkCapture({ slot, fileId: uuid, lang: lang() });
        if (outcome.status === 'failed')
          return set(slot, file, {
            status: 'failed',
            // The stored message is in the check's language; the code finds it in the reader's.
            msg: failureText(outcome.error.code, lang()) ?? outcome.error.msg,
            code: outcome.error.code,
          });
        set(slot, file, { status: 'ok', uuid, outcome });
      } catch {
        set(slot, file, { status: 'unchecked', uuid });
      }
    },
    [lang],
  );

  const reset = useCallback(() => {
    latest.current = {};
    setChecks({});
  }, []);

  return { checks, give, reset };
}
