import jobsErrors from './errors/jobs.json' with { type: 'json' };
import { defineErrors } from './errors.js';

/**
 * Errors of the engine worker pool and of the queued-work limits (40030xx). The pool runs the
 * analysis engines and the heavy upload checks in child processes (docs/records.md "Jobs").
 */
export const JOB_ERRORS = defineErrors(jobsErrors);
