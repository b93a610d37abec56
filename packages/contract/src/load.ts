import loadErrors from './errors/load.json' with { type: 'json' };
import { defineErrors } from './errors.js';

/**
 * Errors of the load, fault and fuzz hardening (issue 25 item 7; docs/server.md "Load, faults
 * and fuzzing"), 40050xx.
 */
export const LOAD_ERRORS = defineErrors(loadErrors);
