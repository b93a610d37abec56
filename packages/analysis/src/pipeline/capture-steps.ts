import type { EngineOutcome } from '@tcm/contract';
import { analyzeTongue, TONGUE_ENGINE_VERSION, TONGUE_MODEL_VERSION } from '../tongue/index.js';
import { analyzeFace, FACE_ENGINE_VERSION, FACE_MODEL_VERSION } from '../face/index.js';
import { analyzePulse, PULSE_ENGINE_VERSION, readPulseFile } from '../pulse/index.js';
import { analyzeVoice, VOICE_ENGINE_VERSION } from '../voice/index.js';
import { faceFindings, pulseFindings, tongueFindings, voiceFindings } from './findings.js';
import type { PipelineHooks, Step } from './pipeline.js';
import { engineStep, runStep } from './pipeline.js';

/** The captures a record may hold, in the order the pipeline runs their engines. */
export const CAPTURE_SLOTS = ['tongue', 'face', 'pulse', 'voice'] as const;
export type CaptureSlotName = (typeof CAPTURE_SLOTS)[number];
export interface CaptureFile {
  bytes: Uint8Array;
  name: string;
}

/**
 * The step of one capture's engine. The record's pipeline runs these, and so does the capture
 * check (`checkCapture`): a person learns at the step where a file is given what the record's
 * analysis would say of it, from the same code.
 */
export function captureStep(
  slot: CaptureSlotName,
  file: CaptureFile,
  hooks?: Pick<PipelineHooks, 'onTongueMask'>,
): Step {
  switch (slot) {
    case 'tongue':
      return {
        engine: 'tongue',
        version: { engine: TONGUE_ENGINE_VERSION, model: TONGUE_MODEL_VERSION },
        run: async () => {
          const onMask = hooks?.onTongueMask;
          const a = await analyzeTongue(file.bytes, { mask: !!onMask });
          if (a.maskPng && onMask)
            await onMask(a.maskPng, { width: a.result.mask.width, height: a.result.mask.height });
          return {
            done: { engine: 'tongue', status: 'done', version: a.result.version, result: a.result },
            findings: tongueFindings(a.result),
          };
        },
      };
    case 'face':
      return engineStep(
        'face',
        { engine: FACE_ENGINE_VERSION, model: FACE_MODEL_VERSION },
        async () => (await analyzeFace(file.bytes)).result,
        faceFindings,
      );
    case 'pulse':
      return engineStep(
        'pulse',
        { engine: PULSE_ENGINE_VERSION },
        () => analyzePulse(readPulseFile(file.bytes, file.name)),
        pulseFindings,
      );
    case 'voice':
      return engineStep('voice', { engine: VOICE_ENGINE_VERSION }, () => analyzeVoice(file.bytes), voiceFindings);
  }
}

/**
 * One capture's engine alone, as the record's analysis would run it: done with its result (and
 * quality issues), or failed with the engine's own code and message in `lang`.
 */
export async function checkCapture(
  slot: CaptureSlotName,
  file: CaptureFile,
  lang: 'zh' | 'en',
): Promise<EngineOutcome> {
  return (await runStep(captureStep(slot, file), lang)).outcome;
}
