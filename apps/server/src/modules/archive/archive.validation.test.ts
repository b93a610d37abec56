import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARCHIVE_PATHS, CONSTITUTION_TEMPLATE_ID, HTTP_ERRORS, INQUIRY_PATHS, WECHAT_BIND_PATHS } from '@tcm/contract';
import { archiveCases } from '../../db/schema/index.js';
import { call } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { doctorWithToken, newCase, PATIENT } from './archive.test-helpers.js';

// Issue 32 item 2: the cross-field rules of the contract's form schemas are the server's too,
// and a refusal words each field's rule in the reader's language (never a path, regex or zod text).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const EN = { 'accept-language': 'en-GB' };
/** Raw validator text: a regex, a field path, zod's English or its issue codes. */
const RAW = /\/\^|\$\/|body\.|params\.|Too small|Too big|Invalid input|expected |too_small|invalid_format|\(custom\)/;

function expectWorded(r: Awaited<ReturnType<typeof call>>, zhOrEn: 'zh' | 'en'): string[] {
  expect(r.status).toBe(400);
  expect(r.body.code).toBe(HTTP_ERRORS.VALIDATION.code);
  expect(r.body.msg).not.toMatch(RAW);
  if (zhOrEn === 'zh') expect(r.body.msg).not.toMatch(/[A-Za-z]/);
  return r.body.data.fields.map((f: { path: string[]; message: string }) => `${f.path.join('.')}=${f.message}`);
}

describe('archive: plausible patients (issue 32)', () => {
  it('refuses a birth date in the future or over 120 years ago, in zh and en', async () => {
    const d = await doctorWithToken(t, 'Dr Rules');
    const future = await call(t.app, 'POST', ARCHIVE_PATHS.add, d.token, { ...PATIENT, birthDate: '2090-01-01' });
    expect(expectWorded(future, 'zh')).toEqual(['birthDate=出生日期不能晚于今天']);
    expect(future.body.msg).toBe('出生日期不能晚于今天');
    const old = await call(t.app, 'POST', ARCHIVE_PATHS.add, d.token, { ...PATIENT, birthDate: '1890-03-01' }, EN);
    expect(expectWorded(old, 'en')).toEqual(['birthDate=Age cannot exceed 120 years; check the date of birth']);
  });

  it('refuses pregnancy for a male patient on add and on update against the stored sex', async () => {
    const d = await doctorWithToken(t, 'Dr Sex');
    const add = await call(t.app, 'POST', ARCHIVE_PATHS.add, d.token, { ...PATIENT, sex: 'male', pregnant: true });
    expect(expectWorded(add, 'zh')).toEqual(['pregnant=只有女性患者可以标记为妊娠']);

    const male = await newCase(t, d.token, { sex: 'male' });
    const upd = await call(t.app, 'POST', ARCHIVE_PATHS.update(male), d.token, { pregnant: true }, EN);
    expect(expectWorded(upd, 'en')).toEqual(['pregnant=Only a female patient can be marked pregnant']);

    // A pregnant woman recorded as male by correction loses the pregnancy mark.
    const female = await newCase(t, d.token, { pregnant: true });
    const fix = await call(t.app, 'POST', ARCHIVE_PATHS.update(female), d.token, { sex: 'male' });
    expect(fix.status).toBe(200);
    expect(fix.body.data).toMatchObject({ sex: 'male', pregnant: false });
  });

  it('words a bad phone for a person, not as a regex', async () => {
    const d = await doctorWithToken(t, 'Dr Phone');
    const r = await call(t.app, 'POST', ARCHIVE_PATHS.add, d.token, { ...PATIENT, phone: 'call me', name: '' });
    expect(expectWorded(r, 'zh')).toEqual([
      'name=不能为空',
      'phone=请输入正确的电话号码（5 到 20 位数字，可含空格、短横线或开头的 +）',
    ]);
  });

  it('refuses an empty four-diagnosis form and words the template builder in the reader language', async () => {
    const d = await doctorWithToken(t, 'Dr Form');
    const caseId = await newCase(t, d.token);
    const fill = await call(t.app, 'POST', INQUIRY_PATHS.fill, d.token, {
      templateId: CONSTITUTION_TEMPLATE_ID,
      caseId,
      answers: { A1: null, A2: '' },
    });
    expect(expectWorded(fill, 'zh')).toEqual(['answers=问诊单还没有任何回答，不能提交']);
    const tpl = await call(t.app, 'POST', INQUIRY_PATHS.addTemplate, d.token, {
      name: '',
      definition: { sections: [] },
    });
    expect(expectWorded(tpl, 'zh')).toEqual(['name=不能为空', 'definition.sections=至少填写或选择一项']);
  });

  it("answers malformed JSON with the catalog's words, not the framework's English", async () => {
    const d = await doctorWithToken(t, 'Dr Json');
    for (const [lang, text] of [
      ['zh', HTTP_ERRORS.VALIDATION.zh],
      ['en', HTTP_ERRORS.VALIDATION.en],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: ARCHIVE_PATHS.add,
        headers: { authorization: `Bearer ${d.token}`, 'content-type': 'application/json', language: lang },
        payload: '{"name": ',
      });
      expect([res.statusCode, res.json().msg]).toEqual([400, text]);
    }
  });

  it('words a bad scene code of the WeChat outcome page', async () => {
    const m = await userWithToken(t, { entrance: 'member' });
    const r = await call(t.app, 'GET', WECHAT_BIND_PATHS.status('short'), m.token);
    expect(expectWorded(r, 'zh')).toEqual(['scene=二维码无效或已过期，请重新扫码']);
  });
});

describe('archive: dates of the export on the clinic clock (issue 32 item 6)', () => {
  it('writes the created time as yyyy-MM-dd HH:mm (UTC+8) in the zh and en workbooks', async () => {
    const d = await doctorWithToken(t, 'Dr Dates');
    const id = await newCase(t, d.token);
    // 22:14 UTC is 06:14 the next morning at the clinic: the export wrote the UTC clock before.
    await t.database.db
      .update(archiveCases)
      .set({ createdAt: new Date('2026-12-01T22:14:22Z') })
      .where(eq(archiveCases.id, id));
    for (const lang of ['zh', 'en']) {
      const res = await t.app.inject({
        method: 'POST',
        url: ARCHIVE_PATHS.exportXlsx,
        headers: { authorization: `Bearer ${d.token}`, language: lang },
        payload: {},
      });
      expect(res.statusCode).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const ws = wb.worksheets[0]!;
      const header = (ws.getRow(1).values as unknown[]).map(String);
      const col = header.findIndex((h) => h === '创建时间' || h === 'Created');
      expect(ws.getRow(2).getCell(col).text).toBe('2026-12-02 06:14');
    }
  });
});
