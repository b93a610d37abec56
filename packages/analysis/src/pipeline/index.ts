// The pipeline of a record (docs/spine.md): run the engines on one capture in order, turn their
// results into synthesis findings, synthesise. The server's analysis job, the example reports and
// the web's result fixture run this same code.
export {
  planEngines,
  runPipeline,
  runStep,
  synthesisStep,
  vitalsStep,
  type DoneOutcome,
  type PipelineHooks,
  type PipelineInput,
  type Step,
} from './pipeline.js';
export { faceFindings, pulseFindings, storedFindings, tongueFindings, voiceFindings } from './findings.js';
export { CAPTURE_SLOTS, captureStep, checkCapture, type CaptureFile, type CaptureSlotName } from './capture-steps.js';
export { parseRecordArgs, recordInput, runRecord, RECORD_USAGE, type RecordArgs } from './record-cli.js';
