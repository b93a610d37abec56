// Messages between the detection page and the on-device tongue worker (tongue.worker.ts).
import type { TongueResult } from '@tcm/contract';

/** What the page shows while the worker runs: the runtime and models load once, then the steps. */
export type OnDeviceStep = 'runtime' | 'decode' | 'segment' | 'quality' | 'features';

export interface OnDeviceRequest {
  id: number;
  photo: Blob;
}

export type OnDeviceReply =
  | { id: number; type: 'step'; step: OnDeviceStep }
  | { id: number; type: 'done'; result: TongueResult; ms: number }
  /** `code`: a TONGUE_ERRORS code (the page words it); without one, the engine could not run here. */
  | { id: number; type: 'error'; code?: number; detail: string };
