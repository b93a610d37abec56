import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_PATHS,
  DOCTOR_APPROVAL_BUTTON,
  DOCTOR_APPROVAL_ERRORS,
  DOCTOR_APPROVAL_PATHS as P,
  HTTP_ERRORS,
  USER_PATHS,
} from '@tcm/contract';
import { auditTrail } from '../audit/audit.service.js';
import { buildUser, uid } from '../../test/factories.js';
import { call, form, FORM, signIn, jsonPost } from '../../test/http.js';
import { solvedJigsaw } from '../../test/captcha.js';
import { expectGuards, userWithButtons, type Endpoint } from './console-test-helpers.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();
let admin: string;
const PASSWORD = 'Willow-harbour-47';
const ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  const a = await buildUser(t.database.db, { roleCodes: ['admin'], name: 'Chief reviewer' });
  admin = (await signIn(t, a.loginName, a.password)).access_token;
});

const post = jsonPost(t);

/** Registers through the public /doctor/register call, as the web page does. */
async function register(organisation = 'Harbour clinic') {
  const s = uid();
  const loginName = `dr_${s}`;
  const res = await t.app.inject({
    method: 'POST',
    url: USER_PATHS.doctorRegister,
    headers: { authorization: t.client, 'content-type': 'application/json' },
    payload: JSON.stringify({
      loginName,
      email: `${loginName}@example.org`,
      phone: `13${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
      loginPassword: PASSWORD,
      name: `Dr ${s}`,
      organisation,
      ...(await solvedJigsaw(t)),
    }),
  });
  expect(res.json().code).toBe(0);
  return { id: res.json().data.id as string, loginName };
}

const doctorSignIn = (loginName: string, language: 'zh' | 'en' = 'zh') =>
  t.app.inject({
    method: 'POST',
    url: AUTH_PATHS.entranceSignin('doctor'),
    headers: { ...FORM, authorization: t.client, language },
    payload: form({ loginName, loginPassword: PASSWORD }),
  });

const ENDPOINTS: Endpoint[] = [
  ['list', 'POST', P.list, {}, null],
  ['approve', 'POST', P.approve, { id: ID }, DOCTOR_APPROVAL_BUTTON],
  ['reject', 'POST', P.reject, { id: ID, reason: 'x' }, DOCTOR_APPROVAL_BUTTON],
];

describe('doctor approval: guards', () => {
  it('401 without a token, 403 for a member and for a back-office user without the button', async () => {
    await expectGuards(t, ENDPOINTS);
  });

  it('400 on bad bodies, in the reader language', async () => {
    const cases: Array<[string, unknown]> = [
      [P.approve, {}],
      [P.approve, { id: 'not-a-uuid' }],
      [P.reject, { id: ID }],
      [P.reject, { id: ID, reason: '   ' }],
      [P.list, { approval: 'maybe' }],
      [`${P.list}?size=5000`, {}],
    ];
    for (const [url, body] of cases) {
      const res = await post(url, admin, body);
      expect([res.status, res.body.code], `${url} ${JSON.stringify(body)}`).toEqual([400, HTTP_ERRORS.VALIDATION.code]);
    }
  });

  it('404 for an account that is not a doctor; 403 for a doctor outside the data scope', async () => {
    const notDoctor = await buildUser(t.database.db, { entrance: 'member' });
    const res = await post(P.approve, admin, { id: notDoctor.id });
    expect([res.status, res.body.code]).toEqual([404, DOCTOR_APPROVAL_ERRORS.NOT_A_DOCTOR.code]);
    const { id } = await register();
    const { token } = await userWithButtons(t, [DOCTOR_APPROVAL_BUTTON], {
      dataScope: 'organisation',
      organisation: 'Another hospital',
    });
    expect((await post(P.approve, token, { id })).status).toBe(403);
    const listed = await post(P.list, token, { approval: 'pending' });
    expect(listed.body.data.list.map((r: { id: string }) => r.id)).not.toContain(id);
  });
});

describe('doctor approval: the registration waits for a decision', () => {
  it('a pending doctor cannot sign in (zh and en); approved, the doctor signs in', async () => {
    const { id, loginName } = await register();
    const zh = await doctorSignIn(loginName, 'zh');
    expect([zh.statusCode, zh.json().code]).toEqual([403, DOCTOR_APPROVAL_ERRORS.PENDING.code]);
    expect(zh.json().msg).toBe(DOCTOR_APPROVAL_ERRORS.PENDING.zh);
    const en = await doctorSignIn(loginName, 'en');
    expect(en.json().msg).toBe(DOCTOR_APPROVAL_ERRORS.PENDING.en);

    const list = await post(P.list, admin, { approval: 'pending', keyword: loginName });
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({ id, loginName, approval: 'pending', decidedBy: null });

    const approved = await post(P.approve, admin, { id });
    expect(approved.body.data).toMatchObject({ approval: 'approved', decidedBy: 'Chief reviewer' });
    const ok = await doctorSignIn(loginName);
    expect(ok.json().code).toBe(0);
    const info = await call(t.app, 'GET', USER_PATHS.doctorInfo, ok.json().data.access_token);
    expect(info.body.data.loginName).toBe(loginName);

    const trail = await auditTrail(t.database.db, id);
    expect(trail.map((r) => [r.action, (r.detail as { from: string }).from])).toEqual([['doctor.approve', 'pending']]);
  });

  it('a rejected doctor is refused with the reason; a decided one cannot be rejected again; approving later works', async () => {
    const { id, loginName } = await register();
    const rejected = await post(P.reject, admin, { id, reason: 'Licence number missing' });
    expect(rejected.body.data).toMatchObject({ approval: 'rejected', approvalReason: 'Licence number missing' });
    const refused = await doctorSignIn(loginName, 'en');
    expect([refused.statusCode, refused.json().code, refused.json().data]).toEqual([
      403,
      DOCTOR_APPROVAL_ERRORS.REJECTED.code,
      { reason: 'Licence number missing' },
    ]);
    const again = await post(P.reject, admin, { id, reason: 'twice' });
    expect([again.status, again.body.code]).toEqual([409, DOCTOR_APPROVAL_ERRORS.ALREADY_DECIDED.code]);
    expect((await post(P.approve, admin, { id })).body.data.approval).toBe('approved');
    expect((await doctorSignIn(loginName)).json().code).toBe(0);
    const trail = await auditTrail(t.database.db, id);
    expect(trail.map((r) => r.action)).toEqual(['doctor.reject', 'doctor.approve']);
    expect(trail[0]!.detail).toMatchObject({ reason: 'Licence number missing' });
  });

  it('doctors that existed before approvals (seeded, made by factories) stay approved and sign in', async () => {
    const seeded = await buildUser(t.database.db, { entrance: 'doctor', roleCodes: ['doctor'] });
    expect(seeded.approval).toBe('approved');
    const res = await t.app.inject({
      method: 'POST',
      url: AUTH_PATHS.entranceSignin('doctor'),
      headers: { ...FORM, authorization: t.client },
      payload: form({ loginName: seeded.loginName, loginPassword: seeded.password }),
    });
    expect(res.json().code).toBe(0);
  });

  it('the list filters by state and by a combined query, and lists doctors only', async () => {
    const organisation = `Clinic ${uid()}`;
    const a = await register(organisation);
    const b = await register(organisation);
    await post(P.approve, admin, { id: b.id });
    const query = {
      join: 'and',
      groups: [
        {
          conditions: [{ connector: 'and', name: 'organisation', type: 'string', operator: 'EQ', value: organisation }],
        },
      ],
    };
    const pending = await post(P.list, admin, { approval: 'pending', query });
    expect(pending.body.data.list.map((r: { id: string }) => r.id)).toEqual([a.id]);
    const all = await post(P.list, admin, { query });
    expect(all.body.data.total).toBe(2);
    const every = await post(`${P.list}?size=1000`, admin, {});
    expect(new Set(every.body.data.list.map((r: { kind: string | null }) => r.kind ?? 'doctor'))).not.toContain(
      'member',
    );
  });
});
