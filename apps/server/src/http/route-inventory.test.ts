import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS, AUTH_PATHS, DEVICE_ERRORS, OPEN_API_BASE, OPEN_API_ERRORS, SPEC_ERRORS } from '@tcm/contract';
import { buildUser } from '../test/factories.js';
import { adminToken, refusedFields, signIn } from '../test/http.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * Audits every route the app registers, read from its own OpenAPI document, so routes added
 * later are covered without editing this file: the spec §7 paths exist with their methods, no
 * route serves an anonymous caller, and no input makes any route answer 5xx.
 */

type Method = 'get' | 'post' | 'delete' | 'put' | 'patch';

/** Spec §7, written out here from the spec text (not from the contract constants it checks). */
const SPEC_PATHS: Array<[Method, string]> = [
  ['post', '/backend/auth/user/pwd/signin'],
  ['post', '/backend/auth/user/common/loginOut'],
  ['post', '/backend/auth/user/common/refreshToken'],
  ['post', '/backend/auth/user/oauth2code/wechat/getAccessToken'],
  ['post', '/backend/auth/user/oauth2code/wechat/getAccessTokenWithoutInitUser'],
  ['get', '/backend/auth/jigsaw/captcha/register'],
  ['post', '/backend/auth/jigsaw/captcha/check'],
  ['post', '/backend/auth/drag/captcha/login'],
  ['get', '/backend/sys/user/getCurrentSysuser'],
  ['get', '/backend/member/user/display/getMemberInfo'],
  ['get', '/backend/doctor/user/getDoctorInfo'],
  // Admin menu: base /backend/sys plus the version prefix v1.
  ['get', '/backend/sys/v1/menu/getCurrentSysuserMenu'],
  ['get', '/backend/sys/v1/menu/tree/{id}'],
  ['get', '/backend/sys/v1/menu/treeNoButton'],
  ['post', '/backend/sys/v1/menu/add'],
  ['post', '/backend/sys/v1/menu/edit'],
  ['delete', '/backend/sys/v1/menu/remove/{id}'],
  ['post', '/backend/sys/v1/menu/updateStatus'],
  ['get', '/backend/sys/v1/menu/findById/{id}'],
  ['post', '/backend/sys/v1/menu/updateMenu'],
  ['get', '/backend/sys/v1/menu/getMenuLang'],
  // Language translation (base /backend/interfacesvc).
  ['post', '/backend/interfacesvc/languageTranslation/list'],
  ['get', '/backend/interfacesvc/languageTranslation/init'],
  ['post', '/backend/interfacesvc/languageTranslation/create'],
  ['post', '/backend/interfacesvc/languageTranslation/update'],
  ['delete', '/backend/interfacesvc/languageTranslation/delete/{id}'],
  ['get', '/backend/interfacesvc/languageTranslation/find/{id}'],
  // Files.
  ['post', '/backend/portal/ossFile/upload'],
  ['post', '/backend/interfacesvc/ossFile/upload'],
];

/**
 * Routes that serve a caller without a token or the client header, each for a stated reason.
 * A new open route must be added here on purpose; every other route refuses an anonymous call.
 */
const OPEN: Record<string, string> = {
  'get /backend/portal/languageResource/find': 'public-site text lookup (spec §7)',
  'get /backend/portal/news/list': 'published news for the public site (docs/site.md)',
  'get /backend/portal/news/item/{id}': 'one published news item for the public site',
  'get /backend/portal/pages/{name}': 'a published dynamic page (/pages/{name})',
  'get /backend/portal/settings': "the organisation's public name, logo and contact",
  'post /backend/portal/cooperation/submit': 'the public cooperation form (spec §5), limited per client address',
  // The open visitor capture and share routes answer the empty probe with 400 (no file, malformed token),
  // so the check above holds them too; they are listed here so the openness is on purpose.
  'post /backend/portal/ossFile/upload': 'public-site image upload (spec §7), limited per IP',
  'post /backend/portal/tongue/analyze': 'visitor tongue capture (/tongueAnalyze), limited per IP',
  'get /backend/portal/diagnosis/{token}': 'a visitor result by its 256-bit share token',
  'get /backend/portal/diagnosis/{token}/events': 'progress of a shared result',
  'get /backend/portal/diagnosis/{token}/report': 'the PDF of /checked/pdf (spec §2 open route)',
  'post /backend/portal/diagnosis/{token}/retry': 'a visitor retries the failed analysis of their own photo',
  'get /backend/file/{uuid}':
    'public CMS images; a health file needs the cookie session or a signed URL (docs/security.md §12), else 401',
  'get /backend/openapi/v1/openapi.json': 'the OpenAPI document of the partner API: no data, only the schemas',
  'get /backend/portal/inquiry/{token}': "a patient's one-time form link (256-bit token), no account",
  'post /backend/portal/inquiry/{token}/submit': 'the patient submits that form once',
  'get /backend/portal/diagnosis/preview/report':
    'the sample report of /checked/pdf/newPdfTestPreview (spec §2 open route): example data, no person',
  'get /backend/portal/h5/{token}': "a partner's one-use H5 capture link (256-bit token, docs/open-api.md)",
  'post /backend/portal/h5/{token}/submit': 'the person submits the photos of that link once',
  'get /backend/training/public/courses': 'published course titles and summaries for the public /shezhenshixun page',
  'get /backend/fhir/CodeSystem': 'the FHIR code systems of our vocabulary (docs/fhir.md): words, no data',
  'get /backend/fhir/CodeSystem/{id}': 'one FHIR code system of our vocabulary',
  'get /backend/fhir/Questionnaire/{id}': 'the constitution questionnaire as FHIR (the standard’s items, no answers)',
};

/**
 * Public routes that carry their own credential in the body (a password, a captcha answer, a
 * refresh token, a WeChat code): they have no session to check first, so they read the body and
 * answer 400 for a malformed one. Not private operations; listed so the exemption is on purpose.
 */
const SELF_CHECKED: Record<string, string> = {
  'post /backend/auth/user/pwd/signin': 'sign-in: password and captcha in the body',
  'post /backend/member/auth/signin': 'sign-in of the member entrance',
  'post /backend/doctor/auth/signin': 'sign-in of the doctor entrance',
  'post /backend/display/auth/signin': 'sign-in of the display entrance',
  'post /backend/disease/auth/signin': 'sign-in of the disease entrance',
  'post /backend/training/auth/signin': 'sign-in of the training entrance',
  'post /backend/auth/user/common/refreshToken': 'the refresh token in the body is the credential',
  'get /backend/auth/jigsaw/captcha/register': 'captcha for the sign-in page (client header only)',
  'get /backend/auth/drag/captcha/register': 'captcha for the sign-in page (client header only)',
  'post /backend/auth/jigsaw/captcha/check': 'captcha answer of the sign-in page',
  'post /backend/auth/drag/captcha/login': 'sign-in with the drag captcha',
  'post /backend/auth/user/oauth2code/wechat/getAccessToken': 'WeChat sign-in: the code in the body',
  'post /backend/auth/user/oauth2code/wechat/getAccessTokenWithoutInitUser': 'WeChat sign-in without a new user',
  'post /backend/doctor/user/register/check': 'doctor self-registration (client header), limited per IP',
  'post /backend/doctor/user/register': 'doctor self-registration (client header), limited per IP',
  'post /backend/member/auth/register': 'member self-registration (client header, jigsaw), limited per IP',
  'get /backend/unsubscribe': 'unsubscribe link: the signed token in the query is the credential',
  'post /backend/unsubscribe': 'unsubscribe confirmation: the signed token in the body is the credential',
  'get /backend/wechat/mp/callback': 'WeChat server URL check: the signature in the query is the credential',
  'post /backend/wechat/mp/callback': 'WeChat event push: the signature in the query is the credential (403 else)',
};

/** A small body limit, so that the probe past it stays cheap. */
const BODY_LIMIT = 4096;

let t: TestApp;
let admin: string;
let routes: Array<[Method, string]>;

beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: String(BODY_LIMIT) });
  admin = await adminToken(t);
  const doc = (await t.app.inject({ method: 'GET', url: '/backend/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops)
      .filter((m): m is Method => ['get', 'post', 'delete', 'put', 'patch'].includes(m))
      .map((m): [Method, string] => [m, path]),
  );
});
afterAll(() => t.close());

const isJson = (type: unknown) => typeof type === 'string' && type.startsWith('application/json');
const TRANSLATION_BASE = '/backend/interfacesvc/languageTranslation/';
const concrete = (path: string, param: string) => path.replace(/\{[^}]+\}/g, param);
const send = (method: Method, url: string, headers: Record<string, string>, payload?: string) =>
  t.app.inject({ method: method.toUpperCase() as 'GET', url, headers, ...(payload === undefined ? {} : { payload }) });

describe('route inventory', () => {
  it('serves every path of spec §7 with its method, under /backend', () => {
    const have = new Set(routes.map(([m, p]) => `${m} ${p}`));
    expect(SPEC_PATHS.filter(([m, p]) => !have.has(`${m} ${p}`))).toEqual([]);
    expect(routes.filter(([, p]) => !p.startsWith('/backend/'))).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(SPEC_PATHS.length);
    // The open list names real routes only, so a renamed route cannot leave a stale exemption.
    expect(Object.keys({ ...OPEN, ...SELF_CHECKED }).filter((key) => !have.has(key))).toEqual([]);
  });

  it('refuses an anonymous caller on every route but the listed open ones', async () => {
    const served: string[] = [];
    for (const [m, p] of routes) {
      const key = `${m} ${p}`;
      const body = m === 'get' || m === 'delete' ? undefined : '{}';
      const res = await send(m, concrete(p, '1'), body ? { 'content-type': 'application/json' } : {}, body);
      if (res.statusCode !== 401 && !(key in OPEN) && !(key in SELF_CHECKED)) served.push(`${key} → ${res.statusCode}`);
      expect(res.statusCode, key).toBeLessThan(500);
      // Open routes may serve a file (the sample PDF); every other answer is the envelope.
      if (!(key in OPEN) || isJson(res.headers['content-type']))
        expect(res.json(), key).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
    }
    expect(served).toEqual([]);
  });

  it('authenticates before any body or parameter check: an anonymous malformed call to every private route gets 401', async () => {
    // Each probe breaks a different check that runs before the handler: the JSON parser, the
    // body-type check (415), the NUL guard and the schemas (400), the body limit (413).
    const probes: Array<[string, Record<string, string>, string]> = [
      ['{"broken": ', { 'content-type': 'application/json' }, 'id=%00&page=-1&size=abc'],
      ['<xml/>', { 'content-type': 'text/xml' }, 'entry=%7Bnope&w=99999'],
      ['a=%00', { 'content-type': 'application/x-www-form-urlencoded' }, 'id=abc'],
      [`"${'x'.repeat(BODY_LIMIT)}"`, { 'content-type': 'application/json' }, 'size=-1'],
    ];
    const wrong: string[] = [];
    for (const [m, p] of routes) {
      const key = `${m} ${p}`;
      if (key in OPEN || key in SELF_CHECKED) continue;
      const device = p.startsWith('/backend/device/');
      // The partner API's credential is its signature headers (docs/open-api.md).
      const partner = p.startsWith(`${OPEN_API_BASE}/`);
      for (const [payload, headers, query] of probes) {
        const withBody = m !== 'get' && m !== 'delete';
        const res = await send(
          m,
          `${concrete(p, 'abc%00')}?${query}`,
          withBody ? headers : {},
          withBody ? payload : undefined,
        );
        const want = device
          ? DEVICE_ERRORS.DEVICE_AUTH_INVALID.code
          : partner
            ? OPEN_API_ERRORS.SIGNATURE_MISSING.code
            : SPEC_ERRORS.TOKEN_INVALID.code;
        const code = isJson(res.headers['content-type']) ? res.json<{ code?: number }>().code : undefined;
        if (res.statusCode !== 401 || code !== want)
          wrong.push(`${key} ${headers['content-type']} → ${res.statusCode} ${code}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('refuses a signed-in caller of the wrong entrance with 403 before reading a malformed call', async () => {
    const m = await buildUser(t.database.db, { entrance: 'member' });
    const member = (await signIn(t, m.loginName, m.password, AUTH_PATHS.entranceSignin('member'))).access_token;
    const backOffice = routes.filter(([, p]) => p.startsWith('/backend/sys/') || p.startsWith(TRANSLATION_BASE));
    expect(backOffice.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const [m, p] of backOffice) {
      const withBody = m !== 'get' && m !== 'delete';
      const res = await send(
        m,
        `${concrete(p, 'abc')}?id=%00`,
        { authorization: `Bearer ${member}`, ...(withBody ? { 'content-type': 'text/xml' } : {}) },
        withBody ? '<broken' : undefined,
      );
      if (res.statusCode !== 403 || res.json().code !== AUTH_ERRORS.FORBIDDEN.code)
        wrong.push(`${m} ${p} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 400 naming the parameter for a malformed id in every spec path that takes one', async () => {
    for (const [m, p] of SPEC_PATHS.filter(([, path]) => path.includes('{id}'))) {
      const res = await send(m, concrete(p, 'abc'), { authorization: `Bearer ${admin}` });
      expect([res.statusCode, refusedFields(res.json())], `${m} ${p}`).toEqual([400, 'id']);
    }
  });

  it('answers malformed and wrongly typed input in the envelope, never with 5xx, even when signed in', async () => {
    const junk: Array<[string | undefined, Record<string, string>]> = [
      ['{"broken": ', { 'content-type': 'application/json' }],
      ['[1,2,3]', { 'content-type': 'application/json' }],
      [
        JSON.stringify({ id: 'x', pid: [], name: 7, status: 'z', loginName: {}, query: 'q', entry: 1, x: 'left' }),
        { 'content-type': 'application/json' },
      ],
      ['id=abc&status=9&refresh_token=&oauth2Sessionid=', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['<xml/>', { 'content-type': 'text/xml' }],
    ];
    const failures: string[] = [];
    for (const [m, p] of routes) {
      // Logout would end the admin session the other calls use.
      if (p === AUTH_PATHS.loginOut) continue;
      const withBody = m !== 'get' && m !== 'delete';
      // Without a body the five probes would be the same call: one is enough.
      for (const [payload, headers] of withBody ? junk : junk.slice(0, 1)) {
        const url = `${concrete(p, 'abc')}?page=-1&size=abc&id=%00&entry=%7Bnope&w=99999`;
        const res = await send(
          m,
          url,
          { authorization: `Bearer ${admin}`, ...(withBody ? headers : {}) },
          withBody ? payload : undefined,
        );
        const enveloped = isJson(res.headers['content-type']) && typeof res.json().code === 'number';
        if (res.statusCode >= 500 || (!enveloped && res.statusCode >= 300))
          failures.push(`${m} ${p} ${payload} → ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    // Five calls per route with a body, one per GET/DELETE (about 200 routes): 29.8 s at load 32
    // before GET/DELETE made one call, past the 30 s default.
  }, 120_000);
});
