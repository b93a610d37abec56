import httpErrors from './errors/http.json' with { type: 'json' };
import { defineErrors } from './errors.js';

/**
 * Generic HTTP errors (2xxxxxx): validation, routing, size and rate limits, conflicts and the
 * last-resort internal error. The server's global error handler maps framework errors onto these.
 * The table is errors/http.json: 20001xx are request hygiene and cross-site defences
 * (docs/security.md §4, §5, §10d); STORED_VALUE_UNREADABLE is a stored JSON value (a screening
 * result, a form's score, a prescription, a research job's parameters) that its contract schema
 * no longer reads: said plainly, never a stack (issue 38).
 */
export const HTTP_ERRORS = defineErrors(httpErrors);

/** Request header that asks the client not to toast the error message (spec §7). */
export const NO_ERROR_MESSAGE_HEADER = 'x-no-error-message';
/** Response header telling the client to refresh its access token soon (spec §4, docs/auth.md). */
export const REFRESH_TOKEN_HEADER = 'refresh-token-header';
/** Cookie that carries the access token after login (spec §9). */
export const ACCESS_TOKEN_COOKIE = 'access_token';
/** Request header and field carrying the interface language on /portal/ paths (spec §7). */
export const LANGUAGE_HEADER = 'language';
/** Language assumed when a /portal/ request names none (spec §9). */
export const DEFAULT_LANGUAGE = 'zh';

/** Bounds of the image resize query parameters, px (spec §5, §9): outside them they are ignored. */
export const IMAGE_RESIZE_BOUNDS = { min: 1, max: 4096 } as const;
