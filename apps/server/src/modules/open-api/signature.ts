import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preParsingAsyncHookHandler } from 'fastify';
import {
  H5_ERRORS,
  HTTP_ERRORS,
  OPEN_API_ERRORS,
  OPEN_API_HEADERS as H,
  OPEN_API_TIMESTAMP_WINDOW_S,
  openApiStringToSign,
  type openApiOperationSchema,
} from '@tcm/contract';
import type { z } from 'zod';
import { corporations, openApiKeys } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { KeyRow } from './corporations.service.js';
import { countOne, dayStart, minuteStart, takeOne, useNonce } from './counters.js';

type Operation = z.infer<typeof openApiOperationSchema>;

/** Who signed a request: the key (with its secret, for the webhook) and its corporation. */
export interface OpenApiCaller {
  key: KeyRow;
  secret: string;
  corporationId: string;
  contentSha256: string;
  operation: Operation;
}

const callers = new WeakMap<FastifyRequest, OpenApiCaller>();

export function callerOf(request: FastifyRequest): OpenApiCaller {
  const c = callers.get(request);
  if (!c) throw new AppError(OPEN_API_ERRORS.SIGNATURE_MISSING);
  return c;
}

export const sha256Hex = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');
export const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

const FORMAT: Record<keyof typeof H, RegExp> = {
  key: /^[A-Za-z0-9_]{1,64}$/,
  timestamp: /^\d{1,12}$/,
  nonce: /^[A-Za-z0-9_-]{16,64}$/,
  contentSha256: /^[0-9a-f]{64}$/,
  signature: /^[0-9a-f]{64}$/,
};

function signedHeaders(request: FastifyRequest): Record<keyof typeof H, string> {
  const out = {} as Record<keyof typeof H, string>;
  for (const name of Object.keys(H) as (keyof typeof H)[]) {
    const v = request.headers[H[name]];
    if (typeof v !== 'string' || !FORMAT[name].test(v))
      throw new AppError(OPEN_API_ERRORS.SIGNATURE_MISSING, undefined, { header: H[name] });
    out[name] = v;
  }
  return out;
}

/**
 * onRequest guard of the partner API (docs/open-api.md), before any body or parameter check,
 * in this order: headers present (4500001), active key (4500002), signature (4500003), timestamp
 * within ±300 s (4500004), nonce unused (4500005), corporation enabled with the api flag
 * (4500009; the h5 flag, 4510001, for the H5 link call), the key's per-minute rate (4500007). Nonce and rate are rows in PostgreSQL, so they
 * hold across processes. The body is checked against the signed hash in `checkBodyHash`.
 */
export function openApiGuard(operation: Operation): onRequestAsyncHookHandler {
  return async function guard(request: FastifyRequest, reply: FastifyReply) {
    const h = signedHeaders(request);
    const { db, openApi } = request.server.ctx;
    const [row] = await db
      .select({ key: openApiKeys, corporation: corporations })
      .from(openApiKeys)
      .innerJoin(corporations, eq(corporations.id, openApiKeys.corporationId))
      .where(eq(openApiKeys.appKey, h.key));
    if (!row || row.key.status !== 'active') throw new AppError(OPEN_API_ERRORS.APP_KEY_INVALID);
    // A secret sealed under another key (a restore without the backup's keys) cannot be opened:
    // the partner is told its key is not valid and the operator reads why, never a 500.
    let secret: string;
    try {
      secret = openApi.box.open(row.key.secretEnc);
    } catch (err) {
      request.log.error(
        { err, appKey: h.key },
        'partner key secret unreadable with this server key (docs/deploy.md "What a restore needs")',
      );
      throw new AppError(OPEN_API_ERRORS.APP_KEY_INVALID);
    }
    const expected = hmacHex(
      secret,
      openApiStringToSign({
        method: request.method,
        path: request.url,
        timestamp: h.timestamp,
        nonce: h.nonce,
        contentSha256: h.contentSha256,
      }),
    );
    if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(h.signature, 'hex')))
      throw new AppError(OPEN_API_ERRORS.SIGNATURE_INVALID);
    const skew = Math.abs(Date.now() / 1000 - Number(h.timestamp));
    if (skew > OPEN_API_TIMESTAMP_WINDOW_S)
      throw new AppError(OPEN_API_ERRORS.TIMESTAMP_STALE, undefined, { serverTime: Math.floor(Date.now() / 1000) });
    if (!(await useNonce(db, row.key.id, h.nonce))) throw new AppError(OPEN_API_ERRORS.NONCE_REPLAYED);
    // The H5 link call is gated by the `h5` flag alone (a partner may offer the page without the
    // API); every other operation by `api` (docs/open-api.md "Menu flags").
    if (operation === 'h5') {
      if (!row.corporation.enabled || !row.corporation.menuH5) throw new AppError(H5_ERRORS.H5_NOT_ENABLED);
    } else if (!row.corporation.enabled || !row.corporation.menuApi)
      throw new AppError(OPEN_API_ERRORS.API_NOT_ENABLED);
    // From here on the call is the key's: metered whatever it answers.
    callers.set(request, {
      key: row.key,
      secret,
      corporationId: row.corporation.id,
      contentSha256: h.contentSha256,
      operation,
    });
    if (!(await takeOne(db, row.key.id, 'rate', minuteStart(), row.key.rateLimitPerMin))) {
      const retryAfterS = 60 - Math.floor((Date.now() % 60_000) / 1000);
      reply.header('retry-after', String(retryAfterS));
      throw new AppError(OPEN_API_ERRORS.RATE_LIMITED, undefined, { limit: row.key.rateLimitPerMin, retryAfterS });
    }
  };
}

/**
 * preParsing: reads the body (within the body limit), refuses it when its SHA-256 is not the
 * signed `X-Tcm-Content-Sha256` (4500006), and hands the same bytes on to the JSON parser.
 */
export const checkBodyHash: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const caller = callerOf(request);
  const limit = request.server.ctx.config.bodyLimitBytes;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += b.length;
    if (size > limit) throw new AppError(HTTP_ERRORS.PAYLOAD_TOO_LARGE);
    chunks.push(b);
  }
  const body = Buffer.concat(chunks);
  if (sha256Hex(body) !== caller.contentSha256) throw new AppError(OPEN_API_ERRORS.BODY_HASH_MISMATCH);
  const out = Readable.from(body.length ? [body] : []);
  // Fastify's parser reads the length it was told; the bytes are the same.
  (out as Readable & { receivedEncodedLength?: number }).receivedEncodedLength = body.length;
  return out;
};

/** onResponse: meters every call of a verified key per UTC day: by operation, and its errors. */
export async function meterCall(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const caller = callers.get(request);
  if (!caller) return;
  const { db } = request.server.ctx;
  const day = dayStart();
  try {
    await countOne(db, caller.key.id, `op:${caller.operation}`, day);
    if (reply.statusCode >= 400) await countOne(db, caller.key.id, 'errors', day);
  } catch (e) {
    request.log.warn({ err: e }, 'open-api metering failed');
  }
}

/** Every signed route: the guard first (401/403/429 before any input check), then the body's hash, metering last. */
export const signed = (op: Operation) => ({
  onRequest: openApiGuard(op),
  preParsing: checkBodyHash,
  onResponse: meterCall,
});
