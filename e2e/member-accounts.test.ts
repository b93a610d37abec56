import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import { AUTH_PATHS, RECORD_PATHS, TEAM_PATHS } from '@tcm/contract';
import { BASE, PASSWORD, watchErrors } from './browser.js';
import { useJourney } from './hooks.js';
import { answerJigsaw, apiAs as api, fillLogin, recordDone, signInBackOffice } from './helpers.js';

// Issue 33 item 1: members without WeChat. A person with no account follows a leader's invitation
// link, registers (the code filled in), is approved and checks; the administrator imports 50
// members from an Excel file with 3 bad rows. zh and en; the record is seeded through the API.

const j = useJourney({ viewport: { width: 1400, height: 900 } });

const ANALYSIS_MS = 120_000;
const CLIENT = `Basic ${Buffer.from('tcm-web:tcm-web-secret').toString('base64')}`;
type Lang = 'zh' | 'en';

const setLang = (p: Page, lang: Lang) => p.context().addCookies([{ name: 'language', value: lang, url: BASE }]);

/** Answers the registration's jigsaw like a person until the page says the account exists. */
async function passRegisterJigsaw(p: Page): Promise<void> {
  const registered = p.getByTestId('member-register-login');
  await answerJigsaw(p, () => registered.waitFor({ timeout: 5000 }));
  await registered.waitFor({ timeout: 1000 });
}

describe('members without WeChat', () => {
  for (const lang of ['zh', 'en'] as const) {
    it(`${lang}: an invitation link opens registration; the new member is approved, checks and sees the result`, async () => {
      const { browser, page, errors } = j;
      await setLang(page, lang);
      await page.goto(`${BASE}/pc/member-login`);
      await fillLogin(page, 'leader');
      await page.waitForURL(/\/pc\/member\/config\/home$/);
      const inv = await api<{ code: string; link: string }>(page, 'POST', TEAM_PATHS.invitations, { expiresInDays: 7 });

      // A person without any account opens the link in a browser of their own.
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const person = await ctx.newPage();
      const personErrors = watchErrors(person);
      await setLang(person, lang);
      await person.goto(`${BASE}/pc${inv.link}`);
      await person.waitForURL(/\/pc\/member-register\?code=/);
      expect(await person.getByTestId('reg-inviteCode').inputValue()).toBe(inv.code);
      const loginName = `self_${lang}_${Date.now() % 1_000_000}`;
      await person.getByTestId('reg-loginName').fill(loginName);
      await person.getByTestId('reg-name').fill(lang === 'zh' ? '自助注册' : 'Self Registered');
      await person.getByTestId('reg-password').fill(PASSWORD);
      await person.getByTestId('reg-submit').click();
      await passRegisterJigsaw(person);
      await person
        .getByText(
          lang === 'zh'
            ? '您加入团队的申请已提交，等待负责人审核'
            : 'Your application to join the team is waiting for the leader',
        )
        .waitFor();

      // The leader approves on the applications page.
      await page.goto(`${BASE}/pc/member/config/playApply`);
      await page.getByTestId(`approve-${loginName}`).click();
      await page
        .getByTestId('team-applications')
        .getByText(lang === 'zh' ? '已通过' : 'Approved')
        .first()
        .waitFor();

      // The new member signs in with the password, is in the team, checks and opens the result.
      await person.getByTestId('member-register-login').click();
      await person.waitForURL(/\/pc\/member-login$/);
      await fillLogin(person, loginName);
      await person.waitForURL(/\/pc\/member\/config\/home$/);
      await person.getByTestId('team-card').waitFor();
      const { recordId } = await api<{ recordId: string }>(person, 'POST', RECORD_PATHS.create, {
        person: { name: loginName, sex: 'female', age: 30 },
        vitals: { heightCm: 160, weightKg: 60, systolic: 120, diastolic: 80 },
      });
      await recordDone(person, recordId, 1000, ANALYSIS_MS);
      await person.goto(`${BASE}/pc/member/config/home?record=${recordId}`);
      await person.getByTestId(`report-download-${lang}`).first().waitFor();
      expect(personErrors).toEqual([]);
      await ctx.close();
      expect(errors).toEqual([]);
    }, 240_000);
  }

  it('en: the administrator imports 50 members with 3 bad rows: the 3 are listed, then the 47 sign in', async () => {
    const { page, errors } = j;
    const tag = Date.now() % 1_000_000;
    const rows = Array.from({ length: 50 }, (_, i) => [`imp${tag}_${i}`, `Member ${i}`, '', '', '', PASSWORD]);
    rows[2]![0] = 'a b'; // line 4: login name
    rows[10]![5] = 'password'; // line 12: a common password
    rows[40]![0] = rows[39]![0]!; // line 42: same as line 41
    const file = async (rs: string[][]) => {
      const wb = new ExcelJS.Workbook();
      const sheet = wb.addWorksheet('Members');
      sheet.addRow(['Login name*', 'Name*', 'Phone', 'Email', 'Organisation', 'First password*']);
      for (const r of rs) sheet.addRow(r);
      return {
        name: 'members.xlsx',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from(await wb.xlsx.writeBuffer()),
      };
    };

    await setLang(page, 'en');
    await signInBackOffice(page);
    await page.goto(`${BASE}/pc/system/user`);
    await page.getByTestId('member-import').click();
    await page.locator('.ant-modal input[type=file]').setInputFiles(await file(rows));
    const refused = page.getByTestId('member-import-refused');
    await refused.waitFor();
    const lines = await refused.locator('tbody tr').allTextContents();
    expect(lines).toEqual([
      expect.stringMatching(/^4Login name/),
      expect.stringMatching(/^12.*password/i),
      expect.stringMatching(/^42Same login name as line 41$/),
    ]);

    const good = rows.filter((_, i) => ![2, 10, 40].includes(i));
    await page.locator('.ant-modal input[type=file]').setInputFiles(await file(good));
    await page.getByText('47 members imported').waitFor();

    // Every imported member signs in at the member entrance with the first password (one after
    // another: 47 parallel argon2 checks would only measure this shared machine's pool).
    const answers: number[] = [];
    for (const [loginName] of good) {
      const res = await fetch(`${BASE}${AUTH_PATHS.entranceSignin('member')}`, {
        method: 'POST',
        headers: { authorization: CLIENT, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ loginName: loginName!, loginPassword: PASSWORD }).toString(),
      });
      answers.push(((await res.json()) as { code: number }).code);
    }
    expect(answers).toEqual(good.map(() => 0));
    expect(errors).toEqual([]);
  }, 300_000);
});
