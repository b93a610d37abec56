import { pino, type Logger } from 'pino';
import { pinoOptions } from './http/log-redaction.js';

let current: Logger | undefined;

/**
 * The logger of server code that runs where no app or request logger is at hand: a stored value
 * read by the database driver (record results, research results), the start before the app is
 * built, a cluster's primary. Pino with the app's own options (redaction, scrubbed errors) at
 * LOG_LEVEL, on stdout like the app's log, so one log collector reads both. Server code logs
 * here or through `app.log` / `request.log`, never `console.*` (ESLint `no-console`).
 */
export function processLog(): Logger {
  current ??= pino(pinoOptions(process.env.LOG_LEVEL ?? 'info'));
  return current;
}
