import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { AUTH_PATHS, FILE_PATHS, HTTP_ERRORS, MENU_PATHS, TRANSLATION_PATHS, USER_PATHS } from '@tcm/contract';
import { translations } from '../db/schema/index.js';
import { uid } from '../test/factories.js';
import { adminToken, call, FORM, form } from '../test/http.js';
import { dataFile, multipart } from '../test/records-helpers.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** Issue 24 item 5: a NUL character in any text field answers 400 (2000101), never 500. */
let t: TestApp;
let admin: string;
const JSON_H = { 'content-type': 'application/json' };
const NUL = HTTP_ERRORS.NUL_CHARACTER.code;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const signInWithNul = () =>
  t.app.inject({
    method: 'POST',
    url: AUTH_PATHS.pwdSignin,
    headers: { ...FORM, authorization: t.client },
    payload: form({ loginName: `admin\u0000${uid()}`, loginPassword: 'whatever-password' }),
  });

describe('NUL characters in requests', () => {
  it('refuses NUL in the unauthenticated sign-in form with 400 and the code', async () => {
    const res = await signInWithNul();
    expect([res.statusCode, res.json().code]).toEqual([400, NUL]);
    expect(res.json().msg).toContain('NUL');
  });

  it('refuses NUL in a JSON body and stores nothing', async () => {
    const text = `nul ${uid()}`;
    const r = await call(
      t.app,
      'POST',
      TRANSLATION_PATHS.create,
      admin,
      JSON.stringify({ originalText: `${text}\u0000` }),
      JSON_H,
    );
    expect([r.status, r.body.code]).toEqual([400, NUL]);
    expect(r.body.msg).toContain('body.originalText');
    const en = await call(
      t.app,
      'POST',
      TRANSLATION_PATHS.create,
      admin,
      JSON.stringify({ originalText: text, en: 'a\u0000' }),
      JSON_H,
    );
    expect([en.status, en.body.code]).toEqual([400, NUL]);
    expect(await t.database.db.select().from(translations).where(eq(translations.originalText, text))).toEqual([]);
  });

  it('refuses NUL in a query string, a path parameter and JSON carried inside a query', async () => {
    const q = await call(t.app, 'GET', `${MENU_PATHS.treeNoButton}?name=a%00b`, admin);
    expect([q.status, q.body.code]).toEqual([400, NUL]);
    const p = await call(t.app, 'GET', '/backend/portal/diagnosis/abc%00def', undefined);
    expect([p.status, p.body.code]).toEqual([400, NUL]);
    const entry = encodeURIComponent(JSON.stringify({ originalText: 'x\u0000y' }));
    const j = await call(t.app, 'GET', `${TRANSLATION_PATHS.portalFind}?entry=${entry}`, undefined);
    expect([j.status, j.body.code]).toEqual([400, NUL]);
  });

  it('refuses NUL in a multipart file name', async () => {
    const m = multipart([
      { field: 'file', filename: 'tongue\u0000.jpg', value: dataFile('tongue/images/TE0000458.jpg') },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: FILE_PATHS.portalOssUpload,
      headers: m.headers,
      payload: m.payload,
    });
    expect([res.statusCode, res.json().code]).toEqual([400, NUL]);
  });

  it('keeps 100 concurrent innocent requests whole while NUL requests fire', async () => {
    const innocent = () => call(t.app, 'GET', USER_PATHS.currentSysuser, admin).then((r) => r.status);
    const statuses = await Promise.all(
      Array.from({ length: 120 }, (_, i) => (i % 6 === 0 ? signInWithNul().then((r) => r.statusCode) : innocent())),
    );
    expect(statuses.filter((s, i) => i % 6 !== 0 && s === 200)).toHaveLength(100);
    expect(statuses.filter((_, i) => i % 6 === 0).every((s) => s === 400)).toBe(true);
  });
});
