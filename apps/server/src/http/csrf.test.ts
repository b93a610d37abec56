import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ACCESS_TOKEN_COOKIE, HTTP_ERRORS, TRANSLATION_PATHS } from '@tcm/contract';
import { translations } from '../db/schema/index.js';
import { buildUser, uid } from '../test/factories.js';
import { adminToken, FORM, form, signIn } from '../test/http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Issue 24 item 4: cross-site request forgery with the sign-in cookie. */
let t: TestApp;
let admin: string;
const JSON_H = { 'content-type': 'application/json' };
const EVIL = 'https://evil.example';

beforeAll(async () => {
  t = await createTestApp({ CORS_ORIGINS: 'https://console.example' });
  admin = await adminToken(t);
});
afterAll(() => t.close());

const cookie = () => ({ cookie: `${ACCESS_TOKEN_COOKIE}=${admin}` });
const stored = (text: string) => t.database.db.select().from(translations).where(eq(translations.originalText, text));
const createBy = (headers: Record<string, string>, payload: string) =>
  t.app.inject({ method: 'POST', url: TRANSLATION_PATHS.create, headers, payload });

describe('cross-site request forgery', () => {
  it('refuses a cookie-only cross-origin form POST to translation create, and creates nothing', async () => {
    const text = `csrf ${uid()}`;
    const res = await createBy({ ...FORM, ...cookie(), origin: EVIL }, form({ originalText: text, en: 'pwned' }));
    expect([res.statusCode, res.json().code]).toEqual([403, HTTP_ERRORS.CROSS_ORIGIN.code]);
    // The same form without any Origin/Referer (old browsers, privacy proxies): the guard runs
    // before the body-type check (docs/auth.md "Guard order") and refuses the cookie on a POST.
    const bare = await createBy({ ...FORM, ...cookie() }, form({ originalText: text, en: 'pwned' }));
    expect([bare.statusCode, bare.json().code]).toEqual([403, HTTP_ERRORS.BEARER_REQUIRED.code]);
    expect(await stored(text)).toEqual([]);
  });

  it('refuses the cookie alone for a state-changing JSON call, even from an allowed origin', async () => {
    const text = `csrf ${uid()}`;
    for (const origin of [undefined, 'https://console.example']) {
      const res = await createBy(
        { ...JSON_H, ...cookie(), ...(origin ? { origin } : {}) },
        JSON.stringify({ originalText: text }),
      );
      expect([res.statusCode, res.json().code]).toEqual([403, HTTP_ERRORS.BEARER_REQUIRED.code]);
    }
    const referer = await createBy(
      { ...JSON_H, ...cookie(), referer: `${EVIL}/page` },
      JSON.stringify({ originalText: text }),
    );
    expect([referer.statusCode, referer.json().code]).toEqual([403, HTTP_ERRORS.CROSS_ORIGIN.code]);
    expect(await stored(text)).toEqual([]);
  });

  it('creates the same entry with the Bearer header and a JSON body, from any origin', async () => {
    const text = `csrf ${uid()}`;
    const res = await createBy(
      { ...JSON_H, authorization: `Bearer ${admin}`, origin: EVIL },
      JSON.stringify({ originalText: text }),
    );
    expect([res.statusCode, res.json().code]).toEqual([200, 0]);
    expect(await stored(text)).toHaveLength(1);
  });

  it('accepts only JSON on JSON routes, even with the Bearer header', async () => {
    const text = `csrf ${uid()}`;
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const res = await createBy({ 'content-type': type, authorization: `Bearer ${admin}` }, `originalText=${text}`);
      expect([type, res.statusCode, res.json().code]).toEqual([type, 415, HTTP_ERRORS.JSON_REQUIRED.code]);
    }
    expect(await stored(text)).toEqual([]);
  });

  it('keeps the cookie on reads (spec §4) and form bodies on the spec form routes', async () => {
    // Form routes (sign-in here, menu updateStatus in menu.routes.test.ts) still take forms.
    const u = await buildUser(t.database.db);
    expect((await signIn(t, u.loginName, u.password)).access_token).toEqual(expect.any(String));
    // Spec §4: GETs (images, files, reads) still authenticate with the cookie alone.
    const read = await t.app.inject({ method: 'GET', url: TRANSLATION_PATHS.init, headers: cookie() });
    expect([read.statusCode, read.json().code]).toEqual([200, 0]);
  });
});
