import { channel } from 'node:diagnostics_channel';

/**
 * The phases of a research job on the API thread, published on a diagnostics channel so the
 * server benchmark (scripts/bench-research.ts) can measure the event loop and request latency
 * phase by phase. Nothing subscribes in the product: `hasSubscribers` makes it free there.
 */
export const JOB_PHASE_CHANNEL = 'tcm:research:job-phase';
export type JobPhase = 'load' | 'compute' | 'save' | 'done';

export interface JobPhaseEvent {
  jobId: string;
  phase: JobPhase;
  /** Epoch milliseconds (performance.timeOrigin + now), comparable across threads. */
  at: number;
}

const phases = channel(JOB_PHASE_CHANNEL);

export function tracePhase(jobId: string, phase: JobPhase): void {
  if (!phases.hasSubscribers) return;
  const event: JobPhaseEvent = { jobId, phase, at: performance.timeOrigin + performance.now() };
  phases.publish(event);
}
