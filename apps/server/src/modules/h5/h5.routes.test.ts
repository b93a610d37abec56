import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AUTH_ERRORS,
  CORPORATION_PATHS,
  H5_ERRORS,
  H5_PATHS,
  OPEN_API_ERRORS,
  RECORD_PATHS,
  SPEC_ERRORS,
  h5ReturnStringToSign,
} from '@tcm/contract';
import { auditLog, h5Sessions } from '../../db/schema/index.js';
import { call } from '../../test/http.js';
import { partnerKey, pollTask, signedCall } from '../../test/open-api-client.js';
import { dataFile, userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { sha256Hex } from '../open-api/signature.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_WEB_URL: 'https://tcm.example.org' }, [], { jobs: true });
});
afterAll(async () => t.close());

const PARTNER = 'https://partner.example.com';
const RETURN = `${PARTNER}/done?order=7`;
const photo = () => Buffer.from(dataFile('tongue/images/TE0000458.jpg')).toString('base64');
const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const tokenOf = (url: string) => url.split('/h5/')[1]!;

/** A corporation with the h5 flag, its branding and allow-list set in the console, and one key. */
async function h5Partner(flags: { api?: boolean } = {}) {
  const p = await partnerKey(t, { api: flags.api ?? false, h5: true });
  const edit = await call(t.app, 'POST', CORPORATION_PATHS.edit, p.admin, {
    id: p.corporationId,
    h5: { brandName: '康养伙伴', colour: '#AA3300', logo: PNG_1PX, returnOrigins: [`${PARTNER}/`] },
  });
  expect(edit.status).toBe(200);
  return p;
}

async function newLink(key: { appKey: string; secret: string }, body: Record<string, unknown> = {}) {
  const r = await signedCall(t, key, 'POST', H5_PATHS.session, { returnUrl: RETURN, state: 'order-7', ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return tokenOf(r.body.data.url as string);
}

describe('H5 capture: the partner’s signed link call', () => {
  it('401 4500001 without signature headers, before the body is read', async () => {
    const r = await call(t.app, 'POST', H5_PATHS.session, undefined, '{"returnUrl": ');
    expect([r.status, r.body.code]).toEqual([401, OPEN_API_ERRORS.SIGNATURE_MISSING.code]);
  });

  it('403 4510001 for a corporation without the h5 flag (the api flag does not open it)', async () => {
    const { key } = await partnerKey(t, { api: true, h5: false });
    const r = await signedCall(t, key, 'POST', H5_PATHS.session, { returnUrl: RETURN });
    expect([r.status, r.body.code]).toEqual([403, H5_ERRORS.H5_NOT_ENABLED.code]);
  });

  it('400 for a bad body, and 400 4510002 for a return URL off the allow-list (no open redirect)', async () => {
    const { key } = await h5Partner();
    const bad = await signedCall(t, key, 'POST', H5_PATHS.session, { returnUrl: RETURN, expiresInS: 5 });
    expect(bad.status).toBe(400);
    for (const returnUrl of [
      'https://evil.example.net/x',
      'https://partner.example.com.evil.net/x',
      'http://partner.example.com/x',
      'javascript:alert(1)//https://partner.example.com',
      '//evil.example.net',
      'https://user@partner.example.com/x',
    ]) {
      const r = await signedCall(t, key, 'POST', H5_PATHS.session, { returnUrl });
      expect([r.status, r.body.code], returnUrl).toEqual([400, H5_ERRORS.RETURN_URL_REFUSED.code]);
    }
  });

  it('answers a link on PUBLIC_WEB_URL with its expiry; the database keeps only the token’s hash', async () => {
    const { key } = await h5Partner();
    const r = await signedCall(t, key, 'POST', H5_PATHS.session, { returnUrl: RETURN, expiresInS: 120 });
    expect(r.body.data.url).toMatch(/^https:\/\/tcm\.example\.org\/h5\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(r.body.data.expiresAt) - Date.now()).toBeGreaterThan(100_000);
    const token = tokenOf(r.body.data.url);
    const [row] = await t.database.db
      .select()
      .from(h5Sessions)
      .where(eq(h5Sessions.tokenHash, sha256Hex(token)));
    expect(row?.tokenHash).not.toContain(token);
  });
});

describe('H5 capture: branding in the console', () => {
  it('401 without a token, 403 for a member, before the body is read', async () => {
    const body = { id: crypto.randomUUID(), h5: { colour: 'red' } };
    const anon = await call(t.app, 'POST', CORPORATION_PATHS.edit, undefined, body);
    expect([anon.status, anon.body.code]).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
    const { token } = await userWithToken(t, { entrance: 'member' });
    const member = await call(t.app, 'POST', CORPORATION_PATHS.edit, token, body);
    expect([member.status, member.body.code]).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
  });

  it('refuses a bad color, an SVG or lying logo and an allow-list entry with a path; keeps good ones', async () => {
    const p = await h5Partner();
    const edit = (h5: Record<string, unknown>) =>
      call(t.app, 'POST', CORPORATION_PATHS.edit, p.admin, { id: p.corporationId, h5 });
    expect((await edit({ colour: 'red' })).status).toBe(400);
    const svg = await edit({
      logo: `data:image/svg+xml;base64,${Buffer.from('<svg onload="x()"/>').toString('base64')}`,
    });
    expect([svg.status, svg.body.code]).toEqual([400, H5_ERRORS.LOGO_INVALID.code]);
    const lying = await edit({ logo: `data:image/png;base64,${Buffer.from('GIF89a....').toString('base64')}` });
    expect([lying.status, lying.body.code]).toEqual([400, H5_ERRORS.LOGO_INVALID.code]);
    for (const origin of ['https://partner.example.com/path', 'ftp://partner.example.com', 'partner.example.com'])
      expect((await edit({ returnOrigins: [origin] })).body.code, origin).toBe(H5_ERRORS.RETURN_ORIGIN_INVALID.code);
    const list = await call(t.app, 'GET', CORPORATION_PATHS.list, p.admin);
    const mine = list.body.data.find((c: { id: string }) => c.id === p.corporationId);
    expect(mine.h5).toEqual({ brandName: '康养伙伴', colour: '#aa3300', logo: PNG_1PX, returnOrigins: [PARTNER] });
  });
});

describe('H5 capture: the page', () => {
  it('400 for a malformed token, 404 4510003 for an unknown one', async () => {
    const malformed = await call(t.app, 'GET', H5_PATHS.open('abc'));
    expect(malformed.status).toBe(400);
    const unknown = await call(t.app, 'GET', H5_PATHS.open('A'.repeat(43)));
    expect([unknown.status, unknown.body.code]).toEqual([404, H5_ERRORS.LINK_NOT_FOUND.code]);
  });

  it('shows the partner’s branding; an expired link is 410 4510004 in the reader’s language', async () => {
    const { key } = await h5Partner();
    const token = await newLink(key, { lang: 'en' });
    const page = await call(t.app, 'GET', H5_PATHS.open(token));
    expect(page.body.data).toMatchObject({
      brandName: '康养伙伴',
      colour: '#aa3300',
      logo: PNG_1PX,
      wx: false,
      lang: 'en',
    });
    await t.database.db
      .update(h5Sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(h5Sessions.tokenHash, sha256Hex(token)));
    for (const [lang, words] of [
      ['zh', '过期'],
      ['en', 'expired'],
    ] as const) {
      const r = await call(t.app, 'GET', H5_PATHS.open(token), undefined, undefined, { 'accept-language': lang });
      expect([r.status, r.body.code, r.body.msg]).toEqual([
        410,
        H5_ERRORS.LINK_EXPIRED.code,
        expect.stringContaining(words),
      ]);
    }
    const late = await call(t.app, 'POST', H5_PATHS.submit(token), undefined, {
      captures: { tongue: { data: photo() } },
    });
    expect([late.status, late.body.code]).toEqual([410, H5_ERRORS.LINK_EXPIRED.code]);
  });

  it('403 4510001 once the partner’s h5 flag is turned off', async () => {
    const p = await h5Partner();
    const token = await newLink(p.key);
    await call(t.app, 'POST', CORPORATION_PATHS.edit, p.admin, { id: p.corporationId, flags: { h5: false } });
    const r = await call(t.app, 'GET', H5_PATHS.open(token));
    expect([r.status, r.body.code]).toEqual([403, H5_ERRORS.H5_NOT_ENABLED.code]);
  });

  it('400 without a tongue photo; a photo the content checks refuse gives the link back', async () => {
    const { key } = await h5Partner();
    const token = await newLink(key);
    const none = await call(t.app, 'POST', H5_PATHS.submit(token), undefined, { captures: {} });
    expect([none.status, none.body.code]).toEqual([400, H5_ERRORS.TONGUE_REQUIRED.code]);
    const junk = Buffer.from('not a photo at all, only text').toString('base64');
    const bad = await call(t.app, 'POST', H5_PATHS.submit(token), undefined, { captures: { tongue: { data: junk } } });
    expect(bad.status).toBe(400);
    expect((await call(t.app, 'GET', H5_PATHS.open(token))).status).toBe(200);
  });

  it('happy path: the photo goes through the Open API’s analysis once; the return URL is signed; the link is then used', async () => {
    // With the api flag too, so that the partner can poll the task (an h5-only partner cannot).
    const { key } = await h5Partner({ api: true });
    const token = await newLink(key, { person: { sex: 'female', age: 40 } });
    const sub = await call(t.app, 'POST', H5_PATHS.submit(token), undefined, {
      captures: { tongue: { data: photo(), name: 'tongue.jpg' } },
    });
    expect(sub.status, JSON.stringify(sub.body)).toBe(200);
    const { taskId, shareToken, returnUrl } = sub.body.data as {
      taskId: string;
      shareToken: string;
      returnUrl: string;
    };
    const back = new URL(returnUrl);
    expect(back.origin + back.pathname).toBe(`${PARTNER}/done`);
    expect(back.searchParams.get('order')).toBe('7');
    expect([back.searchParams.get('tcm_task'), back.searchParams.get('tcm_state')]).toEqual([taskId, 'order-7']);
    const ts = back.searchParams.get('tcm_ts')!;
    const expected = createHmac('sha256', key.secret)
      .update(h5ReturnStringToSign({ taskId, state: 'order-7', ts }))
      .digest('hex');
    expect(back.searchParams.get('tcm_sig')).toBe(expected);

    // One use: the page and a second submission are refused with the "used" code.
    const again = await call(t.app, 'GET', H5_PATHS.open(token));
    expect([again.status, again.body.code]).toEqual([410, H5_ERRORS.LINK_USED.code]);
    const twice = await call(t.app, 'POST', H5_PATHS.submit(token), undefined, {
      captures: { tongue: { data: photo() } },
    });
    expect([twice.status, twice.body.code]).toEqual([410, H5_ERRORS.LINK_USED.code]);

    // The same task the partner polls through the signed API, and the record by its share token.
    const done = await pollTask(t, key, taskId);
    expect(done.body.data.status).toBe('done');
    expect(done.body.data.results.tongue).toMatchObject({ engine: 'tongue', status: 'done' });
    const shared = await call(t.app, 'GET', RECORD_PATHS.shared(shareToken));
    expect(shared.status).toBe(200);
    expect(shared.body.data.person).toMatchObject({ sex: 'female', age: 40 });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'openapi.submit'));
    expect(audits.some((a) => (a.detail as { taskId?: string }).taskId === taskId)).toBe(true);
  }, 150000);
});
