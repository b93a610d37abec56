import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Download, Page } from 'playwright-core';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { ADVICE_CONFIG_PATHS, RECORD_PATHS, WECHAT_BIND_PATHS, type WechatBinding } from '@tcm/contract';
import { questionsFor } from '@tcm/contract/questionnaire';
import { ensurePoppler, inspectPdf } from '@tcm/report/testing';
import { BASE } from './browser.js';
import { useJourney } from './hooks.js';
import { apiAs, fillLogin, recordDone } from './helpers.js';

// Issue 21, what only server tests covered until now: a leader edits the advice of one
// constitution and the next report carries it while an earlier report does not; the team list
// exports Excel and a ZIP of reports; a member binds WeChat by scanning (the local protocol
// server pushes WeChat's signed scan event). zh and en. Records are seeded through the API.

const j = useJourney({ viewport: { width: 1400, height: 900 }, acceptDownloads: true });

const ANALYSIS_MS = 120_000;
type Lang = 'zh' | 'en';

async function signIn(p: Page, lang: Lang, account: string) {
  await p.context().addCookies([{ name: 'language', value: lang, url: BASE }]);
  await p.goto(`${BASE}/pc/member-login`);
  await fillLogin(p, account);
  await p.waitForURL(/\/pc\/member\/config\/home$/);
}

/** A record of the signed-in person with a full questionnaire (so a constitution is read), done. */
async function doneRecord(p: Page, name: string, source: 'member' | 'team' = 'member'): Promise<string> {
  const answers = Object.fromEntries(questionsFor('female').map((q) => [q.id, 4]));
  const { recordId } = await apiAs<{ recordId: string }>(p, 'POST', RECORD_PATHS.create, {
    source,
    person: { name, sex: 'female', age: 40 },
    inquiry: { answers },
  });
  return recordDone(p, recordId, 1000, ANALYSIS_MS);
}

const bytes = async (d: Download) => readFile(await d.path());

/** The text of the PDF report the result page downloads for this record, in `lang`. */
async function reportText(p: Page, recordId: string, lang: Lang): Promise<string> {
  await p.goto(`${BASE}/pc/member/config/home?record=${recordId}`);
  const [download] = await Promise.all([p.waitForEvent('download'), p.getByTestId(`report-download-${lang}`).click()]);
  return inspectPdf(await bytes(download)).text.replace(/\s+/g, '');
}

describe('member records: advice, exports, WeChat binding', () => {
  it('a leader edits one constitution’s advice in zh: the next report shows it in zh and en, an earlier one does not', async () => {
    const { page, errors } = j;
    ensurePoppler();
    const stamp = Date.now() % 1_000_000;
    await signIn(page, 'zh', 'leader');
    const before = await doneRecord(page, `建议前${stamp}`);
    const detail = await apiAs<{ results: { synthesis: { result: { advice: { keys: string[] } } } } }>(
      page,
      'GET',
      RECORD_PATHS.detail(before),
    );
    const key = detail.results.synthesis.result.advice.keys.find((k) => k.startsWith('constitution:'))!;
    expect(key).toBeDefined();

    // The leader picks that constitution, writes one diet line in both languages and saves.
    await page.goto(`${BASE}/pc/member/config/resultConfig`);
    await page.getByTestId('result-config').waitFor();
    await page.getByTestId('result-config-key').click();
    await page.keyboard.type(key);
    await page.keyboard.press('Enter');
    const lines = { zh: `团队饮食建议${stamp}`, en: `TeamDietAdvice${stamp}` };
    await page.getByTestId('result-config-diet-zh').fill(lines.zh);
    await page.getByTestId('result-config-diet-en').fill(lines.en);
    await page.getByTestId('result-config-save').click();
    await expect.poll(() => page.getByTestId('result-config-save').isDisabled()).toBe(true);

    const after = await doneRecord(page, `建议后${stamp}`);
    for (const lang of ['zh', 'en'] as const) {
      expect(await reportText(page, after, lang)).toContain(lines[lang]);
      expect(await reportText(page, before, lang)).not.toContain(lines[lang]);
    }

    // Back to the shipped advice for the journeys that follow.
    await apiAs(page, 'POST', ADVICE_CONFIG_PATHS.reset, {});
    expect(errors).toEqual([]);
  }, 300_000);

  it('the team list exports Excel and a ZIP of the ticked records’ reports, in zh and en', async () => {
    const { page, errors } = j;
    const stamp = `导出${Date.now() % 1_000_000}`;
    await signIn(page, 'zh', 'leader');
    // Captures the leader makes for the team (source team) are what the team list holds.
    const ids = [await doneRecord(page, `${stamp}甲`, 'team'), await doneRecord(page, `${stamp}乙`, 'team')];
    for (const lang of ['zh', 'en'] as const) {
      await page.context().addCookies([{ name: 'language', value: lang, url: BASE }]);
      await page.goto(`${BASE}/pc/member/config/teamRecord`);
      await page.getByTestId('records-teamRecord').waitFor();
      for (const suffix of ['甲', '乙'])
        await page
          .getByRole('row', { name: new RegExp(`${stamp}${suffix}`) })
          .getByRole('checkbox')
          .check();

      const [sheet] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-xlsx').click()]);
      expect(sheet.suggestedFilename()).toMatch(/\.xlsx$/);
      const book = new ExcelJS.Workbook();
      const raw = await bytes(sheet);
      await book.xlsx.load(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
      const cells = book.worksheets[0]!.getSheetValues().flat().map(String);
      expect(cells.some((c) => c.includes(`${stamp}甲`))).toBe(true);

      const [zip] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-zip').click()]);
      expect(zip.suggestedFilename()).toMatch(/\.zip$/);
      const archive = await JSZip.loadAsync(await bytes(zip));
      const pdfs = Object.values(archive.files).filter((f) => f.name.endsWith('.pdf'));
      expect(pdfs).toHaveLength(ids.length);
      for (const f of pdfs)
        expect(
          Buffer.from(await f.async('uint8array'))
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-');
    }
    expect(errors).toEqual([]);
  }, 300_000);

  it.each<Lang>(['zh', 'en'])(
    'a refused questionnaire leaves the record partial: the list and the result page say the constitution is missing and why, and the answers alone are redone (%s)',
    async (lang) => {
      const { page, errors } = j;
      await signIn(page, lang, 'member');
      const name = `partial${lang}${Date.now() % 1_000_000}`;
      // One shared question answered twice, differently: the constitution engine refuses the
      // answers; the vitals still stand, so the record is partial, not failed.
      const questions = questionsFor('female');
      const shared = questions.find((q) => q.alsoKnownAs.length > 0)!;
      const answers = { ...Object.fromEntries(questions.map((q) => [q.id, 3])), [shared.alsoKnownAs[0]!]: 4 };
      const { recordId } = await apiAs<{ recordId: string }>(page, 'POST', RECORD_PATHS.create, {
        person: { name, sex: 'female', age: 40 },
        inquiry: { answers },
        vitals: { heightCm: 163, weightKg: 60, systolic: 150, diastolic: 95 },
      });
      await expect
        .poll(async () => (await apiAs<{ status: string }>(page, 'GET', RECORD_PATHS.detail(recordId))).status, {
          timeout: ANALYSIS_MS,
          interval: 1000,
        })
        .toBe('partial');
      const words = {
        zh: { status: '部分完成', missing: '缺少：体质问卷', part: '缺少体质问卷：同一问题的两个条目答案不一致' },
        en: {
          status: 'Partly done',
          missing: 'Missing: Constitution questionnaire',
          part: 'Constitution questionnaire missing: The two ids of one shared question carry different answers',
        },
      }[lang];

      await page.goto(`${BASE}/pc/member/config/memberRecord`);
      await page.getByTestId('records-memberRecord').waitFor();
      const row = page.getByRole('row', { name: new RegExp(name) });
      await row.getByText(words.status, { exact: true }).waitFor();
      // The row names the missing part (its reason is the row's tooltip and the result page's).
      expect(await row.getByTestId('row-missing').textContent()).toBe(words.missing);

      await page.goto(`${BASE}/pc/member/config/home?record=${recordId}`);
      await page.getByTestId('record-partial').waitFor();
      expect(await page.getByTestId('record-status').textContent()).toBe(words.status);
      expect(await page.getByTestId('partial-constitution').textContent()).toBe(words.part);
      // The report of what exists can be downloaded; the questionnaire alone is answered again.
      await page.getByTestId(`report-download-${lang}`).waitFor();
      await page.getByTestId('redo-constitution').click();
      await page.getByTestId('redo-send-constitution').click();
      await page.locator('[data-testid="record-status"][data-status="done"]').waitFor({ timeout: ANALYSIS_MS });
      expect(await page.getByTestId('record-partial').count()).toBe(0);
      expect(errors).toEqual([]);
    },
    300_000,
  );

  it.each<Lang>(['zh', 'en'])('a member binds WeChat by scanning the code (%s)', async (lang) => {
    const { page, errors } = j;
    const wechat = process.env.E2E_WECHAT_URL;
    if (!wechat) throw new Error('E2E_WECHAT_URL is not set (run the journeys through scripts/e2e.sh)');
    await signIn(page, lang, 'member');
    await page.goto(`${BASE}/pc/member/config/bind-wechat/result`);
    await page.getByTestId('wechat-bind').waitFor();
    const [created] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith(WECHAT_BIND_PATHS.create)),
      page.getByTestId('wechat-start').click(),
    ]);
    const { data } = (await created.json()) as { data: WechatBinding };
    await page.getByTestId('wechat-qr').waitFor();
    // WeChat's servers push the signed scan event to the app's callback; the page follows it.
    const scan = await fetch(`${wechat}/__test/scan`, {
      method: 'POST',
      body: JSON.stringify({
        qrUrl: data.qrUrl,
        openid: `o_bind_${lang}_${Date.now()}`,
        callback: `${BASE}${WECHAT_BIND_PATHS.callback}`,
      }),
    });
    expect(((await scan.json()) as { status: number }).status).toBe(200);
    await page.waitForURL(new RegExp(`/bandWeChatSuccess/${data.scene}$`));
    await page.goto(`${BASE}/pc/member/config/bind-wechat/result`);
    await page
      .getByTestId('wechat-state')
      .getByText(lang === 'zh' ? '已绑定微信' : 'WeChat bound', { exact: true })
      .waitFor();
    expect(errors).toEqual([]);
  });

  // Issue 34: a record the caller may not see says so in the drawer (403 and the server's words),
  // in the reader's language, rather than a spinner.
  it.each<Lang>(['zh', 'en'])(
    'a plain member opening a team-mate’s record reads the refusal in the drawer (%s)',
    async (lang) => {
      const { page, errors } = j;
      await signIn(page, lang, 'leader');
      const { recordId } = await apiAs<{ recordId: string }>(page, 'POST', RECORD_PATHS.create, {
        source: 'member',
        person: { name: `Refused ${lang}`, sex: 'female', age: 40 },
        inquiry: { answers: Object.fromEntries(questionsFor('female').map((q) => [q.id, 3])) },
      });
      await page.getByTestId('logout').click();
      await page.waitForURL(/\/pc\/member-login$/);
      await signIn(page, lang, 'member');
      await page.goto(`${BASE}/pc/member/config/memberRecord?id=${recordId}`);
      const denied = page.getByTestId('record-denied');
      await denied.waitFor();
      const text = (await denied.textContent()) ?? '';
      expect(text).toContain('403');
      expect(text).toMatch(lang === 'zh' ? /[\u4e00-\u9fff]/ : /^[\x20-\x7e]+$/);
      await page.goto(`${BASE}/pc/member/config/home`);
      await page.getByTestId('logout').click();
      await page.waitForURL(/\/pc\/member-login$/);
      expect(errors).toEqual([]);
    },
  );
});
