import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SignJWT } from 'jose';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_PATHS, HTTP_ERRORS, REFRESH_TOKEN_HEADER, SPEC_ERRORS, USER_PATHS } from '@tcm/contract';
import { users } from './db/schema/index.js';
import { ok } from './http/envelope.js';
import { TokenService } from './modules/auth/token.service.js';
import { buildUser } from './test/factories.js';
import { call, form, FORM, signIn } from './test/http.js';
import { createTestApp, type TestApp } from './test/test-app.js';

/** Probe routes: they show what the app does with a request, not a feature. */
const probes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/backend/portal/probe/echo',
    {
      schema: {
        body: z
          .object({ n: z.number().int().max(10).optional() })
          .passthrough()
          .optional(),
      },
    },
    async (request) => ok({ language: request.language }),
  );
  app.get('/backend/portal/probe/echo', async (request) => ok({ language: request.language }));
  app.get('/backend/other/probe/echo', async (request) => ok({ language: request.language }));
  app.post('/backend/probe/duplicate', async (request) => {
    await app.ctx.db.insert(users).values({ entrance: 'sys', loginName: 'admin', name: 'dup' });
    return ok(null, request.msgLang);
  });
  app.get('/backend/probe/boom', async () => {
    throw new Error('internal detail that must not leak');
  });
};

let t: TestApp;
let web: string;
beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'tcm-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>spa</title>');
  writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
  t = await createTestApp({ BODY_LIMIT_BYTES: '2048', WEB_DIST: web }, [probes]);
});
afterAll(() => t.close());

describe('envelope and error mapping', () => {
  it('answers unknown routes with 404 in the envelope', async () => {
    const res = await call(t.app, 'GET', '/backend/no/such/route');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: HTTP_ERRORS.NOT_FOUND.code, data: null });
  });

  it('answers a too-large body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/backend/portal/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ pad: 'x'.repeat(5000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(HTTP_ERRORS.PAYLOAD_TOO_LARGE.code);
  });

  it('maps a unique violation to 409 and hides internal errors behind 500', async () => {
    const dup = await call(t.app, 'POST', '/backend/probe/duplicate');
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe(HTTP_ERRORS.CONFLICT.code);
    const boom = await call(t.app, 'GET', '/backend/probe/boom');
    expect(boom.status).toBe(500);
    expect(boom.body.msg).not.toContain('internal detail');
  });

  it('names the field and rule of a validation error', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/backend/portal/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ n: 99 }),
    });
    expect(res.statusCode).toBe(400);
    // Worded for the reader (issue 32): the rule and its bound, no path or zod code.
    expect(res.json().msg).toBe('不能大于 10');
    expect(res.json().data.fields).toEqual([{ path: ['n'], label: null, message: '不能大于 10' }]);
  });

  it('writes msg in English when the language header asks for it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.pwdSignin,
      headers: { ...FORM, authorization: t.client, language: 'en' },
      payload: form({ loginName: 'nobody-at-all', loginPassword: 'x' }),
    });
    expect(res.json()).toMatchObject({ code: SPEC_ERRORS.BAD_CREDENTIALS.code, msg: 'Wrong user name or password' });
  });
});

describe('language rule of /portal/ paths (spec §7)', () => {
  it('reads the header, else the body or query field, else zh; other paths only the header', async () => {
    const post = (body: object, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/backend/portal/probe/echo',
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body),
      });
    expect((await post({ language: 'en' })).json().data.language).toBe('en');
    expect((await post({ language: 'en' }, { language: 'th' })).json().data.language).toBe('th');
    expect((await post({})).json().data.language).toBe('zh');
    expect((await call(t.app, 'GET', '/backend/portal/probe/echo?language=ru')).body.data.language).toBe('ru');
    expect((await call(t.app, 'GET', '/backend/other/probe/echo?language=ru')).body.data.language).toBe('zh');
  });
});

describe('transport', () => {
  it('sets security headers, echoes a sane request id, sends no CORS headers by default', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/backend/no/such',
      headers: { 'x-request-id': 'abc12345-req', origin: 'https://evil.example' },
    });
    expect(res.headers['x-request-id']).toBe('abc12345-req');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // Voice playback of a recorded clip (an object URL) must not be blocked (issue 17).
    expect(res.headers['content-security-policy']).toContain("media-src 'self' blob:");
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const bad = await t.app.inject({ method: 'GET', url: '/backend/no/such', headers: { 'x-request-id': 'x y' } });
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends CORS headers only for configured origins', async () => {
    const c = await createTestApp({ CORS_ORIGINS: 'https://app.example' });
    try {
      const yes = await c.app.inject({
        method: 'GET',
        url: '/backend/no/such',
        headers: { origin: 'https://app.example' },
      });
      expect(yes.headers['access-control-allow-origin']).toBe('https://app.example');
      const no = await c.app.inject({
        method: 'GET',
        url: '/backend/no/such',
        headers: { origin: 'https://evil.example' },
      });
      expect(no.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await c.close();
    }
  });

  it('serves the OpenAPI 3 document and its browser at /backend/docs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/backend/docs/json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([AUTH_PATHS.pwdSignin, USER_PATHS.currentSysuser, '/backend/sys/v1/menu/tree/{id}']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/backend/docs' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger-ui');
    expect(ui.body).not.toMatch(/src="https?:/);
    expect((await t.app.inject({ method: 'GET', url: '/backend/docs/static/swagger-ui-bundle.js' })).statusCode).toBe(
      200,
    );
  });

  it('serves the web app under /pc/ with the SPA fallback', async () => {
    // A public page gets its own head (page-head.ts: title, description, Open Graph); the others the SPA's index.
    const home = (await t.app.inject({ method: 'GET', url: '/pc/' })).body;
    expect(home).toContain('property="og:title"');
    expect(home).not.toContain('<title>spa</title>');
    expect((await t.app.inject({ method: 'GET', url: '/pc/member/config/home' })).body).toContain('<title>spa</title>');
    const js = await t.app.inject({ method: 'GET', url: '/pc/assets/app.js' });
    expect(js.headers['content-type']).toContain('javascript');
    expect((await t.app.inject({ method: 'GET', url: '/' })).headers.location).toBe('/pc/');
  });
});

describe('access tokens', () => {
  it('adds refresh-token-header when the access token nears expiry, not on a fresh one', async () => {
    const u = await buildUser(t.database.db);
    const fresh = await signIn(t, u.loginName, u.password);
    const a = await call(t.app, 'GET', USER_PATHS.currentSysuser, fresh.access_token);
    expect(a.headers[REFRESH_TOKEN_HEADER]).toBeUndefined();
    // Same key, 20 s lifetime: below a third of the app's 900 s.
    const short = new TokenService(t.database.db, {
      secret: new TextEncoder().encode(t.config.jwtSecret),
      accessTtlS: 20,
      refreshTtlS: 60,
    });
    const near = await short.issue(u.id, 'sys');
    const b = await call(t.app, 'GET', USER_PATHS.currentSysuser, near.access_token);
    expect(b.status).toBe(200);
    expect(Number(b.headers[REFRESH_TOKEN_HEADER])).toBeLessThanOrEqual(20);
  });

  it('refuses an expired or foreign-signed token with 1200001, and accepts the cookie', async () => {
    const u = await buildUser(t.database.db);
    const tok = await signIn(t, u.loginName, u.password);
    const [, payload] = tok.access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 5 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(t.config.jwtSecret));
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    for (const token of [expired, forged]) {
      const res = await call(t.app, 'GET', USER_PATHS.currentSysuser, token);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 1200001, msg: '访问凭据无效,请重新登录' });
    }
    const viaCookie = await call(t.app, 'GET', USER_PATHS.currentSysuser, undefined, undefined, {
      cookie: `access_token=${tok.access_token}`,
    });
    expect(viaCookie.status).toBe(200);
  });
});
