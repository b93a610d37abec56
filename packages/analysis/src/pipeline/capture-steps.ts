import type { EngineOutcome } from '@tcm/contract';
import { analyzeTongue, TONGUE_ENGINE_VERSION, TONGUE_MODEL_VERSION } from '../tongue/index.js';
import { analyzeFace, FACE_ENGINE_VERSION, FACE_MODEL_VERSION } from '../face/index.js';
import { analyzePulse, PULSE_ENGINE_VERSION, readPulseFile } from '../pulse/index.js';
import { analyzeVoice, VOICE_ENGINE_VERSION } from '../voice/index.js';
import { faceFindings, pulseFindings, tongueFindings, voiceFindings } from './findings.js';
import type { PipelineHooks, Step } from './pipeline.js';
import { runStep } from './pipeline.js';

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
    case 'face': {
      const version = { engine: FACE_ENGINE_VERSION, model: FACE_MODEL_VERSION };
      return {
        engine: 'face',
        version,
        run: async () => {
          const a = await analyzeFace(file.bytes);
          return {
            done: { engine: 'face', status: 'done', version, result: a.result },
            findings: faceFindings(a.result),
          };
        },
      };
    }
    case 'pulse': {
      const version = { engine: PULSE_ENGINE_VERSION };
      return {
        engine: 'pulse',
        version,
        run: async () => {
          const r = analyzePulse(readPulseFile(file.bytes, file.name));
          return { done: { engine: 'pulse', status: 'done', version, result: r }, findings: pulseFindings(r) };
        },
      };
    }
    case 'voice': {
      const version = { engine: VOICE_ENGINE_VERSION };
      return {
        engine: 'voice',
        version,
        run: async () => {
          const r = analyzeVoice(file.bytes);
          return { done: { engine: 'voice', status: 'done', version, result: r }, findings: voiceFindings(r) };
        },
      };
    }
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
