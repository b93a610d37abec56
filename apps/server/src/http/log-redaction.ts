import type { Writable } from 'node:stream';
import type { FastifyServerOptions } from 'fastify';
import type { LoggerOptions } from 'pino';

/** Path segments that are capabilities: a result's share token, a file's uuid (docs/security.md §10e). */
const SECRET_SEGMENT = [
  [/(\/portal\/diagnosis\/)(?!preview(?:\/|$))[^/?#]+/g, '$1[token]'],
  [/(\/file\/)[^/?#]+/g, '$1[uuid]'],
] as const;
/** Any other long random-looking segment (tokens minted elsewhere) is masked too. */
const LONG_TOKEN = /(?<=\/)[A-Za-z0-9_-]{32,}(?=\/|$)/g;

/**
 * The URL as logged: capability segments masked and every query value replaced by `*`, since
 * queries carry names, phone numbers and search terms (record filters, `entry=` JSON).
 */
export function maskUrl(url: string): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  for (const [re, to] of SECRET_SEGMENT) path = path.replace(re, to);
  path = path.replace(LONG_TOKEN, '[redacted]');
  if (q < 0) return path;
  const keys = url
    .slice(q + 1)
    .split('&')
    .filter(Boolean)
    .map((kv) => `${kv.split('=')[0]}=*`);
  return `${path}?${keys.join('&')}`;
}

interface LoggableError {
  name?: string;
  message?: string;
  stack?: string;
  code?: unknown;
  statusCode?: unknown;
  cause?: unknown;
}

/** Drizzle appends a failed query's parameters (names, phones…) to its message: never log them. */
const scrub = (s: string | undefined) => (s ?? '').replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');

/**
 * Errors as logged: type, scrubbed message and stack, code, status and cause. Database errors
 * lose their `detail`/`where` (they quote row values) and the quoted values in their message.
 */
export function serializeError(
  e: unknown,
  depth = 0,
): { [key: string]: unknown; type: string; message: string; stack: string } {
  if (!e || typeof e !== 'object') return { type: typeof e, message: String(e), stack: '' };
  const err = e as LoggableError;
  const sqlState = typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code);
  const message = sqlState ? scrub(err.message).replace(/"[^"\n]*"/g, '"…"') : scrub(err.message);
  return {
    type: err.name ?? 'Error',
    message,
    stack: sqlState ? '' : scrub(err.stack),
    ...(err.code !== undefined ? { code: err.code } : {}),
    ...(err.statusCode !== undefined ? { statusCode: err.statusCode } : {}),
    ...(err.cause && depth < 3 ? { cause: serializeError(err.cause, depth + 1) } : {}),
  };
}

/**
 * Logger options of the app and of the process logger (`src/logger.ts`): credentials redacted
 * from headers, URLs masked, errors scrubbed; request and response bodies are never logged
 * (docs/security.md §10e).
 */
export function pinoOptions(level: string): LoggerOptions {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string }) => ({
        method: req.method,
        url: maskUrl(req.url ?? ''),
        remoteAddress: req.ip,
      }),
      err: (e: unknown) => serializeError(e),
    },
  };
}

/** The app's logger: `pinoOptions`, written to `stream` where a test hands one. */
export function loggerOptions(level: string, stream?: Writable): FastifyServerOptions['logger'] {
  return { ...pinoOptions(level), ...(stream ? { stream } : {}) };
}
