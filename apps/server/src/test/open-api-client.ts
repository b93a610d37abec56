import { createHash, createHmac, randomBytes } from 'node:crypto';
import {
  CORPORATION_PATHS,
  OPEN_API_HEADERS as H,
  OPEN_API_PATHS,
  openApiStringToSign,
  type AppKeyCredentials,
} from '@tcm/contract';
import { call } from './http.js';
import { userWithToken, waitFor } from './records-helpers.js';
import type { TestApp } from './test-app.js';

export interface SignOptions {
  /** Unix seconds; default now. */
  timestamp?: number;
  nonce?: string;
  /** Signs with this secret instead (a wrong one). */
  secret?: string;
  /** Sends this body instead of the signed one (a body swapped after signing). */
  sendBody?: string;
}

/** Signed headers of a partner request, as docs/open-api.md describes them. */
export function signHeaders(
  key: { appKey: string; secret: string },
  method: string,
  path: string,
  body: string,
  o: SignOptions = {},
) {
  const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = o.nonce ?? randomBytes(16).toString('hex');
  const contentSha256 = createHash('sha256').update(body).digest('hex');
  const signature = createHmac('sha256', o.secret ?? key.secret)
    .update(openApiStringToSign({ method, path, timestamp, nonce, contentSha256 }))
    .digest('hex');
  return {
    [H.key]: key.appKey,
    [H.timestamp]: timestamp,
    [H.nonce]: nonce,
    [H.contentSha256]: contentSha256,
    [H.signature]: signature,
  };
}

/** A signed call through app.inject; JSON body when given. */
export async function signedCall(
  t: TestApp,
  key: { appKey: string; secret: string },
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  o: SignOptions = {},
) {
  const text = body === undefined ? '' : JSON.stringify(body);
  const res = await t.app.inject({
    method,
    url: path,
    headers: {
      ...signHeaders(key, method, path, text, o),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined && o.sendBody === undefined ? {} : { payload: o.sendBody ?? text }),
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: any }>(), headers: res.headers };
}

/** An administrator, a corporation with the given flags and one app key with its secret. */
export async function partnerKey(
  t: TestApp,
  opts: { api?: boolean; h5?: boolean; rateLimitPerMin?: number; dailyQuota?: number } = {},
): Promise<{ admin: string; corporationId: string; key: AppKeyCredentials }> {
  const admin = (await userWithToken(t, { roleCodes: ['admin'] })).token;
  const c = await call(t.app, 'POST', CORPORATION_PATHS.add, admin, {
    name: `Partner ${randomBytes(6).toString('hex')}`,
    flags: { api: opts.api ?? true, h5: opts.h5 ?? false, wx: false },
  });
  const k = await call(t.app, 'POST', CORPORATION_PATHS.keyAdd, admin, {
    corporationId: c.body.data.id,
    rateLimitPerMin: opts.rateLimitPerMin ?? 1000,
    dailyQuota: opts.dailyQuota ?? 1000,
  });
  return { admin, corporationId: c.body.data.id as string, key: k.body.data as AppKeyCredentials };
}

/** Polls a task through the signed API until it is done or failed (two minutes at most). */
export const pollTask = (t: TestApp, key: { appKey: string; secret: string }, taskId: string) =>
  waitFor(
    () => signedCall(t, key, 'GET', OPEN_API_PATHS.task(taskId)),
    (r) => ['done', 'partial', 'failed'].includes(r.body.data.status),
    120000,
  );
