// The page's side of the on-device analysis: whether this browser can run it, and one worker
// (tongue.worker.ts) made on the first photo. Loaded with a dynamic import when a photo is
// analysed, so neither the runtime nor the worker is part of the page's first load.
import { TONGUE_ERRORS, type TongueResult } from '@tcm/contract';
import type { OnDeviceReply, OnDeviceStep } from './protocol.js';

/** A failure on the device: `code` is a TONGUE_ERRORS code when the photo itself was refused. */
export class OnDeviceError extends Error {
  constructor(
    readonly code: number | undefined,
    detail: string,
  ) {
    super(detail);
  }
}

let worker: Worker | undefined;
let nextId = 1;

/** Analyses the photo in the worker; `onStep` hears each step. */
export function analyzeOnDevice(
  photo: Blob,
  onStep: (step: OnDeviceStep) => void,
): Promise<{ result: TongueResult; ms: number }> {
  worker ??= new Worker(new URL('./tongue.worker.ts', import.meta.url), { type: 'module', name: 'tongue' });
  const w = worker;
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onMessage = (e: MessageEvent<OnDeviceReply>) => {
      const m = e.data;
      if (m.id !== id) return;
      if (m.type === 'step') return onStep(m.step);
      w.removeEventListener('message', onMessage);
      w.removeEventListener('error', onError);
      if (m.type === 'done') resolve({ result: m.result, ms: m.ms });
      else reject(new OnDeviceError(m.code, m.detail));
    };
    const onError = (e: ErrorEvent) => {
      w.removeEventListener('message', onMessage);
      w.removeEventListener('error', onError);
      // A worker that failed to load cannot be used again.
      worker = undefined;
      reject(new OnDeviceError(undefined, e.message || 'worker failed'));
    };
    w.addEventListener('message', onMessage);
    w.addEventListener('error', onError);
    w.postMessage({ id, photo });
  });
}

/** The catalog's words for a refused photo, in the reader's language (problem and tip). */
export function refusalText(code: number, lang: 'zh' | 'en'): string | undefined {
  return Object.values(TONGUE_ERRORS).find((d) => d.code === code)?.[lang];
}
