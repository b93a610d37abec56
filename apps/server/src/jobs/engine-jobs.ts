import type { EngineOutcome, ErrorDef, PulseWave, RecordEngine, RecordResults } from '@tcm/contract';
import { AppError, isAppError } from '../http/app-error.js';
import {
  bytesOf,
  decodeCapture,
  type CaptureSource,
  type DecodedCapture,
  type HeavyCapture,
} from './capture-decode.js';
import {
  checkCapture,
  runPipeline,
  type CaptureFile,
  type CaptureSlotName,
  type PipelineInput,
} from '@tcm/analysis/pipeline';
import { pulseWaveform } from '@tcm/analysis/pulse';
import { renderReport } from '@tcm/report';

/**
 * The work the engine pool runs (jobs/engine-pool.ts), as plain data: a child process receives
 * it over IPC (structured clone, so byte arrays travel as they are) and answers plain data.
 */
export type EngineJob =
  /**
   * The full decode of an upload that pure JavaScript does (pulse text, WAV, BMP → PNG). An
   * upload streamed to disk travels as its path: the child reads it, the API thread neither
   * reads nor serializes its bytes.
   */
  | { kind: 'decode'; capture: HeavyCapture; source: CaptureSource; name: string }
  /** One record's engines, in order (@tcm/analysis/pipeline). */
  | { kind: 'analyze'; input: PooledInput }
  /** One capture's engine alone, at the capture step (records.service `checkCaptureFile`). */
  | { kind: 'check'; slot: CaptureSlotName; file: CaptureFile; lang: 'zh' | 'en' }
  /** One PDF from a report model (@tcm/report): the batch ZIP renders its reports here, off the API thread. */
  | { kind: 'report'; model: unknown }
  /** The pulse waveform the result page draws (a whole pulse file parsed: off the API thread). */
  | { kind: 'pulseWave'; source: CaptureSource; name: string }
  /** Test-only misbehavior, refused unless the pool was started with test jobs. */
  | { kind: 'test'; act: 'exit' | 'kill' | 'hang' | 'sleep'; ms?: number };

type Slot = keyof PipelineInput['files'];

/**
 * A record's inputs as they travel to the child: each file as bytes or, from local storage, as
 * its path, so that the API thread neither reads a 10 MB capture nor serializes it into the message.
 */
export type PooledInput = Omit<PipelineInput, 'files'> & {
  files: Partial<Record<Slot, CaptureSource & { name: string }>>;
};

/** The pipeline's input with every file's bytes, read where the job runs. */
async function withBytes(input: PooledInput): Promise<PipelineInput> {
  const files: PipelineInput['files'] = {};
  for (const [slot, f] of Object.entries(input.files) as [Slot, CaptureSource & { name: string }][])
    files[slot] = { bytes: await bytesOf(f), name: f.name };
  return { ...input, files };
}

/** Progress of an `analyze` job, sent while it runs so the record is saved engine by engine. */
export type EngineEvent =
  | { type: 'step'; engine: RecordEngine }
  | { type: 'outcome'; engine: RecordEngine; outcome: EngineOutcome }
  | { type: 'mask'; png: Uint8Array; width: number; height: number };

export type AnalyzeResult = RecordResults;

interface Results {
  decode: DecodedCapture;
  analyze: AnalyzeResult;
  check: EngineOutcome;
  report: Uint8Array;
  pulseWave: PulseWave | null;
  test: null;
}
export type ResultOf<J extends EngineJob> = Results[J['kind']];

/** An error as it crosses the process boundary: AppErrors keep their catalog entry and data. */
export interface WireError {
  message: string;
  app?: { def: ErrorDef; detailMsg: string | undefined; data: unknown };
}

export const toWire = (e: unknown): WireError =>
  isAppError(e)
    ? { message: e.message, app: { def: e.def, detailMsg: e.detailMsg, data: e.data } }
    : { message: e instanceof Error ? e.message : String(e) };

export const fromWire = (w: WireError): Error =>
  w.app ? new AppError(w.app.def, w.app.detailMsg, w.app.data) : new Error(w.message);

/** Runs one job where it is called (a pool child, or the API process in inline mode). */
export async function runEngineJob(
  job: EngineJob,
  emit: (e: EngineEvent) => void,
  opts: { testJobs: boolean },
): Promise<unknown> {
  switch (job.kind) {
    case 'decode':
      return decodeCapture(job.capture, job.source, job.name);
    case 'analyze':
      return runPipeline(await withBytes(job.input), {
        onStep: async (engine) => emit({ type: 'step', engine }),
        onOutcome: async (engine, outcome) => emit({ type: 'outcome', engine, outcome }),
        onTongueMask: async (png, size) => emit({ type: 'mask', png, ...size }),
      });
    case 'check':
      return checkCapture(job.slot, job.file, job.lang);
    case 'report':
      return renderReport(job.model);
    case 'pulseWave':
      return pulseWaveform({ bytes: await bytesOf(job.source), name: job.name }) ?? null;
    case 'test':
      return testJob(job, opts.testJobs);
  }
}

/** Misbehavior for the crash, timeout and queue tests; only ever inside a child process. */
async function testJob(job: Extract<EngineJob, { kind: 'test' }>, enabled: boolean): Promise<null> {
  if (!enabled || !process.send) throw new Error('test jobs are disabled');
  switch (job.act) {
    case 'exit':
      process.exit(70);
      break;
    case 'kill':
      // What the kernel's out-of-memory killer does.
      process.kill(process.pid, 'SIGKILL');
      break;
    case 'hang':
      for (;;);
    case 'sleep':
      await new Promise((r) => setTimeout(r, job.ms ?? 1000));
  }
  return null;
}
