import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { AUTH_PATHS, FILE_PATHS } from '@tcm/contract';
import { buildUser } from './factories.js';
import { signIn } from './http.js';
import type { TestApp } from './test-app.js';

/** The shared real data (../shared/data from the project root). */
export const DATA = fileURLToPath(new URL('../../../../../shared/data/', import.meta.url));
export const dataFile = (rel: string) => new Uint8Array(readFileSync(DATA + rel));

export interface Part {
  field: string;
  filename?: string;
  contentType?: string;
  value: Uint8Array | string;
}

/** A multipart/form-data body as a browser or a device would send it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----tcm${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = p.filename !== undefined ? `; filename="${p.filename}"` : '';
    const type = p.filename !== undefined ? `\r\nContent-Type: ${p.contentType ?? 'application/octet-stream'}` : '';
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"${disp}${type}\r\n\r\n`),
    );
    chunks.push(typeof p.value === 'string' ? Buffer.from(p.value) : Buffer.from(p.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A signed-in user of an entrance and its access token. */
export async function userWithToken(t: TestApp, overrides: Parameters<typeof buildUser>[1]) {
  const u = await buildUser(t.database.db, overrides);
  const path = u.entrance === 'sys' ? AUTH_PATHS.pwdSignin : AUTH_PATHS.entranceSignin(u.entrance);
  return { user: u, token: (await signIn(t, u.loginName, u.password, path)).access_token };
}

/** Polls until the check passes or the time is up (for the background job). */
export async function waitFor<T>(fn: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 60000): Promise<T> {
  const t0 = Date.now();
  for (;;) {
    const v = await fn();
    if (done(v) || Date.now() - t0 > timeoutMs) return v;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Posts one file as the multipart field `file` to `url` (the uuid upload by default), with
 * `token` as the bearer when given; the raw answer, for the test to read as it needs.
 */
export function postFile(
  t: TestApp,
  bytes: Uint8Array,
  filename: string,
  token?: string,
  url: string = FILE_PATHS.upload,
) {
  const m = multipart([{ field: 'file', filename, value: bytes }]);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...m.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: m.payload,
  });
}

/** Uploads a shared data file as the signed-in user (the uuid upload records are made from); its uuid. */
export async function uploadDataFile(t: TestApp, token: string, rel: string, filename: string): Promise<string> {
  const res = await postFile(t, dataFile(rel), filename, token);
  if (res.statusCode !== 200) throw new Error(`upload of ${rel} answered ${res.statusCode}: ${res.body}`);
  return res.json<{ data: { uuid: string } }>().data.uuid;
}
