import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildUser } from './factories.js';
import type { TestApp } from './test-app.js';

/** Form-encodes a flat object like a browser form post. */
export const form = (o: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, String(v)])).toString();

export const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** Signs in through a password endpoint and returns the access and refresh tokens. */
export async function signIn(
  t: TestApp,
  loginName: string,
  loginPassword: string,
  path = '/backend/auth/user/pwd/signin',
) {
  const res = await t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...FORM, authorization: t.client },
    payload: form({ loginName, loginPassword }),
  });
  const body = res.json<{ code: number; msg: string; data: { access_token: string; refresh_token: string } }>();
  if (body.code !== 0) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return body.data;
}

/** A new administrator (the admin role), signed in: the access token of most back-office tests. */
export async function adminToken(t: TestApp): Promise<string> {
  const a = await buildUser(t.database.db, { roleCodes: ['admin'] });
  return (await signIn(t, a.loginName, a.password)).access_token;
}

/** GET/POST with a bearer token; returns status and parsed envelope. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method,
    url,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as string }),
  });
  return {
    status: res.statusCode, // Tests read arbitrary fields of data; each asserts what it expects.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    body: res.json<{ code: number; msg: string; data: any }>(),
    headers: res.headers,
  };
}

/**
 * The JSON POST of the back-office suites, on the suite's app: `post(url, token, body)`, extra
 * headers (a language) last.
 */
export const jsonPost =
  (t: TestApp) =>
  (url: string, token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
    call(t.app, 'POST', url, token, JSON.stringify(body), { 'content-type': 'application/json', ...headers });

/**
 * Calls every route as `token` (an empty body for POST) and returns `[url, status, code]` per
 * route, for one toEqual against the expected refusal.
 */
export async function refusals(
  app: FastifyInstance,
  routes: ReadonlyArray<readonly ['GET' | 'POST', string]>,
  token: string | undefined,
  body: unknown = {},
): Promise<Array<[string, number, number]>> {
  const out: Array<[string, number, number]> = [];
  for (const [method, url] of routes) {
    const res = await call(app, method, url, token, method === 'POST' ? body : undefined);
    out.push([url, res.status, res.body.code]);
  }
  return out;
}

/**
 * The fields a 400 answer names (`data.fields[].path`, dotted): what a form marks. The `msg`
 * a reader sees names no path (issue 32); tests that check which field was refused read these.
 */
export const refusedFields = (body: { data?: { fields?: { path: (string | number)[] }[] } | null }): string =>
  (body.data?.fields ?? []).map((f) => f.path.join('.')).join('; ');

/** Starts the app on a free local port, for a test that talks to it over a real socket; answers its base URL. */
export async function listenLocal(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}
