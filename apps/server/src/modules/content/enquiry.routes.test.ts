import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_ERRORS, CONTENT_PATHS, HTTP_ERRORS, type Enquiry } from '@tcm/contract';
import { uid } from '../../test/factories.js';
import { adminToken, call } from '../../test/http.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { expectGuards, JSON_H, userWithButtons } from '../console/console-test-helpers.js';

let t: TestApp;
let admin: string;
let ipN = 0;
/** Each test sends from its own address: the limit counts per client address. */
const nextIp = () => `10.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}.${++ipN}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminToken(t);
});
afterAll(() => t.close());

const form = (over: object = {}) => ({
  company: `明德 ${uid()}`,
  contactPerson: '张三',
  contact: '13812345678',
  description: '希望合作舌诊设备',
  ...over,
});
async function submit(body: object, ip = nextIp(), headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: CONTENT_PATHS.portalEnquiry,
    remoteAddress: ip,
    headers: { ...JSON_H, ...headers },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: { id: number } }>() };
}
const post = (url: string, body: unknown, token = admin) =>
  call(t.app, 'POST', url, token, JSON.stringify(body), JSON_H);
async function inbox(keyword: string, token = admin): Promise<Enquiry[]> {
  const r = await post(CONTENT_PATHS.enquiryList, { keyword }, token);
  expect(r.body.code).toBe(0);
  return r.body.data.list;
}

describe('cooperation form', () => {
  it('stores a valid enquiry and the inbox shows it', async () => {
    const f = form({ contact: '010-88886666' });
    const r = await submit(f);
    expect(r.body.code).toBe(0);
    const [row] = await inbox(f.company);
    expect(row).toMatchObject({ ...f, status: 'new', note: null, language: 'zh', id: r.body.data.id });
  });

  it('requires every field and a mobile or landline number, with messages in the sender language', async () => {
    const ip = nextIp();
    const missing = await submit(form({ company: '  ' }), ip, { language: 'en' });
    expect([missing.status, missing.body.code, missing.body.msg]).toEqual([
      400,
      CONTENT_ERRORS.FIELD_REQUIRED.code,
      'Please fill in the company name',
    ]);
    const zh = await submit({ ...form(), description: undefined }, ip);
    expect(zh.body.msg).toBe('请填写需求描述');
    // The /portal/ language rule: the body's language field counts too.
    const bad = await submit(form({ contact: '12345', language: 'en' }), ip);
    expect([bad.status, bad.body.code, bad.body.msg]).toEqual([
      400,
      CONTENT_ERRORS.CONTACT_INVALID.code,
      'Please enter a correct mobile or landline number',
    ]);
    for (const contact of ['1381234567', '23812345678', '010-123', 'abc'])
      expect((await submit(form({ contact }), nextIp())).body.code, contact).toBe(CONTENT_ERRORS.CONTACT_INVALID.code);
    for (const contact of ['+86 13812345678', '0755-12345678', '(010)88886666', '021 6666777-123'])
      expect((await submit(form({ contact }), nextIp())).body.code, contact).toBe(0);
    const wrongType = await submit({ company: 5 });
    expect([wrongType.status, wrongType.body.code]).toEqual([400, HTTP_ERRORS.VALIDATION.code]);
  });

  it('limits each client address per hour (counted in the database), others unaffected', async () => {
    const ip = nextIp();
    for (let i = 0; i < t.config.enquiriesPerHour; i++) expect((await submit(form(), ip)).body.code).toBe(0);
    const over = await submit(form(), ip, { language: 'en' });
    expect([over.status, over.body.code]).toEqual([429, CONTENT_ERRORS.ENQUIRY_RATE_LIMITED.code]);
    expect(over.body.msg).toBe('Too many enquiries, please try again later');
    expect((await submit(form(), nextIp())).body.code).toBe(0);
  });

  it('keeps a stored-XSS payload inert: the inbox reads plain text', async () => {
    const company = `Evil ${uid()}`;
    await submit(
      form({
        company: `${company}<img src=x onerror=alert(1)>`,
        description: '<script>alert(1)</script>需要 a < b &lt;script&gt;alert(2)&lt;/script&gt;',
      }),
    );
    const [row] = await inbox(company);
    expect(row!.company).toBe(company);
    expect(row!.description).not.toMatch(/<script|onerror|<img/i);
    expect(row!.description).toContain('需要 a < b');
  });
});

describe('inbox', () => {
  // Issue 35 item 5: the list (enquirers' names and numbers) needs enquiry-view, not any back-office role.
  it('answers 401, 403 (member; no button, the list included) before reading the body', async () => {
    await expectGuards(t, [
      ['list', 'POST', CONTENT_PATHS.enquiryList, {}, 'enquiry-view'],
      ['update', 'POST', CONTENT_PATHS.enquiryUpdate, { junk: 1 }, 'enquiry-edit'],
      ['export', 'GET', CONTENT_PATHS.enquiryExport, undefined, 'enquiry-export'],
    ]);
  });

  it('answers 400 for bad bodies and 404 for an unknown enquiry', async () => {
    expect((await post(CONTENT_PATHS.enquiryUpdate, { id: 1, status: 'lost' })).status).toBe(400);
    expect((await post(CONTENT_PATHS.enquiryList, { status: 'x' })).status).toBe(400);
    expect((await call(t.app, 'GET', `${CONTENT_PATHS.enquiryExport}?status=x`, admin)).status).toBe(400);
    const none = await post(CONTENT_PATHS.enquiryUpdate, { id: 99999999, status: 'closed' });
    expect([none.status, none.body.code]).toEqual([404, CONTENT_ERRORS.ENQUIRY_NOT_FOUND.code]);
  });

  it('sets status and note (plain text), filters by status and exports Excel in the reader language', async () => {
    const { token } = await userWithButtons(t, ['enquiry-view', 'enquiry-edit', 'enquiry-export']);
    const f = form();
    const id = (await submit(f)).body.data.id;
    const u = await post(
      CONTENT_PATHS.enquiryUpdate,
      { id, status: 'contacted', note: '已电话<b onclick=x>联系</b>' },
      token,
    );
    expect(u.body.data).toMatchObject({ status: 'contacted', note: '已电话联系' });
    const contacted = await post(CONTENT_PATHS.enquiryList, { status: 'contacted', keyword: f.company }, token);
    expect(contacted.body.data.list.map((e: Enquiry) => e.id)).toEqual([id]);
    const fresh = await post(CONTENT_PATHS.enquiryList, { status: 'new', keyword: f.company }, token);
    expect(fresh.body.data.total).toBe(0);

    const res = await t.app.inject({
      method: 'GET',
      url: `${CONTENT_PATHS.enquiryExport}?status=contacted`,
      headers: { authorization: `Bearer ${token}`, language: 'en' },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Enquiries')!;
    expect(ws.getRow(1).getCell(3).value).toBe('Company');
    const rows = ws.getSheetValues().slice(2) as unknown[][];
    const mine = rows.find((r) => r[3] === f.company)!;
    expect(mine[7]).toBe('Contacted');
    expect(mine[5]).toBe('13812345678');
  });
});
