import admissionErrors from './errors/admission.json' with { type: 'json' };
import { defineErrors } from './errors.js';

/**
 * Refusals of an overloaded server (issue 25 item 7, mixed traffic; docs/server.md "Mixed
 * traffic"), 40091xx. Each is a 503 with `Retry-After`: the request was not worked on, and the
 * same request may be sent again after that many seconds.
 */
export const ADMISSION_ERRORS = defineErrors(admissionErrors);
