import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { RECORD_ENGINES, RECORD_PATHS, USER_PATHS } from '@tcm/contract';
import { questionsFor } from '@tcm/contract/questionnaire';
import { BASE } from './browser.js';
import { apiWith, fillLogin, memberTokenOf, uploadWith } from './helpers.js';
import { useJourney } from './hooks.js';
import { FACE, PULSE, TONGUE, VOICE } from './samples.js';

// Issue 34 item 1: phone-first member and visitor pages. At 390×844, in zh and en, every member
// route (a leader's and a plain member's, from the member info's `pages`), a finished record's
// result with every engine, and the visitor pages: the document never scrolls sideways, no text is
// laid out a character or two per line, no text is drawn past the screen's edge, and buttons are
// touch-sized. The record is seeded once through the API with real files from ../shared/data.
const FILES = {
  tongue: [TONGUE, 'tongue.jpg'],
  face: [FACE, 'face.jpg'],
  pulse: [PULSE, 'bidmc01.csv'],
  voice: [VOICE, 'sustained-a-118hz.wav'],
} as const;
const ANALYSIS_MS = 180_000;
const TEST_MS = 300_000;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const j = useJourney(PHONE);

type Lang = 'zh' | 'en';

const api = apiWith;

/** The member's finished record with every engine: four captures, the 60 answers and vitals. */
async function seedFullRecord(): Promise<string> {
  const token = await memberTokenOf('member');
  const files: Record<string, string> = {};
  for (const [slot, [file, name]] of Object.entries(FILES)) files[slot] = await uploadWith(token, file, name);
  const { recordId } = await api<{ recordId: string }>('POST', RECORD_PATHS.create, token, {
    files,
    person: { name: '手机版面', sex: 'female', age: 41 },
    inquiry: { answers: Object.fromEntries(questionsFor('female').map((q) => [q.id, 3])) },
    vitals: { heightCm: 162, weightKg: 70, systolic: 138, diastolic: 88, heartRate: 76 },
    lang: 'zh',
  });
  await expect
    .poll(async () => (await api<{ status: string }>('GET', RECORD_PATHS.detail(recordId), token)).status, {
      timeout: ANALYSIS_MS,
      interval: 1000,
    })
    .toBe('done');
  return recordId;
}

/**
 * What is wrong with the page on a phone, as readable lines (empty: nothing):
 * - the document is wider than the window (it scrolls sideways);
 * - a text is laid out a character or two per line: its text node has ≥ 3 characters on ≥ 3 line
 *   boxes with fewer than 2.5 characters a line (normal wrapping of a sentence has many a line);
 * - a text is drawn past the window's right edge, unless inside a deliberate sideways scroller;
 * - a floating button (antd's collapsed-menu tab, a float button) lies over the page;
 * - with `touch`, a control is smaller than 44 × 44 px (WCAG 2.5.5 target size): every visible
 *   link, button, field, select, tab, switch, checkbox and radio of the page, the header's
 *   language switch and sign-in/out included. Measured is what a finger hits: a field's or
 *   checkbox's frame or label, not the bare input inside it. Excepted (WCAG 2.5.8's inline
 *   exception): a link inside running text (display inline, in a block with other text), whose
 *   line height the sentence sets; and controls in a hidden or scaled-down subtree.
 */
async function phoneProblems(page: Page, touch: boolean): Promise<string[]> {
  const width = page.viewportSize()!.width;
  return page.evaluate(
    ({ touch, W }) => {
      const out: string[] = [];
      // Measured against the phone's width, not innerWidth: a mobile browser zooms a too-wide page
      // out until it fits, and then innerWidth grows with the page (524 px on a 390 px phone).
      const doc = document.documentElement.scrollWidth;
      if (doc > W || window.innerWidth > W) {
        out.push(`document ${Math.max(doc, window.innerWidth)} px wide on a ${W} px screen`);
        // Name the widest boxes past the edge whose children all fit: where the width comes from.
        const past = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > W + 1);
        for (const e of past.filter((e) => ![...e.children].some((c) => past.includes(c))).slice(0, 5))
          out.push(
            `${e.tagName.toLowerCase()}.${[...e.classList].slice(0, 2).join('.')}${e.closest('[data-testid]') ? ` in ${e.closest('[data-testid]')!.getAttribute('data-testid')}` : ''} to x=${Math.round(e.getBoundingClientRect().right)}`,
          );
      }
      // Nothing floats over the content (issue 34: antd's collapsed-menu tab covered the cards).
      for (const f of document.querySelectorAll('.ant-layout-sider-zero-width-trigger, .ant-float-btn'))
        if (f.getBoundingClientRect().width > 0) out.push(`floating ${f.className.split(' ')[0]}`);
      const scrolls = (el: Element | null): boolean => {
        for (let e = el; e && e !== document.body; e = e.parentElement)
          if (/auto|scroll/.test(getComputedStyle(e).overflowX) && e.scrollWidth > e.clientWidth) return true;
        return false;
      };
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = (n.textContent ?? '').replace(/\s+/g, '');
        const el = n.parentElement;
        if (text.length < 3 || !el || el.closest('script, style, noscript, [aria-hidden="true"]')) continue;
        const range = document.createRange();
        range.selectNodeContents(n);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        if (rects.length === 0) continue;
        const lines = new Set(rects.map((r) => Math.round(r.top))).size;
        if (lines >= 3 && text.length / lines < 2.5) out.push(`"${text.slice(0, 30)}" on ${lines} lines`);
        const right = Math.max(...rects.map((r) => r.right));
        if (right > W + 1 && !scrolls(el)) out.push(`"${text.slice(0, 30)}" drawn to x=${Math.round(right)}`);
      }
      if (touch) {
        const CONTROLS = [
          'a[href]',
          'button',
          'input:not([type=hidden])',
          'select',
          'textarea',
          '[role=button]',
          '[role=tab]',
          '[role=switch]',
          '[role=checkbox]',
          '[role=radio]',
          '[role=combobox]',
          '.ant-btn',
        ].join(', ');
        // What a finger hits: the frame or label around a field, select, checkbox or radio.
        const FRAME =
          '.ant-select, .ant-picker, .ant-input-affix-wrapper, .ant-input-number, .ant-checkbox-wrapper, .ant-radio-wrapper, .ant-radio-button-wrapper, .ant-upload, label';
        const seen = new Set<Element>();
        for (const c of document.querySelectorAll(CONTROLS)) {
          const target = c.closest(FRAME) ?? c;
          if (seen.has(target)) continue;
          seen.add(target);
          const r = target.getBoundingClientRect();
          if (r.width === 0 || r.height === 0 || target.closest('[aria-hidden="true"], [inert]')) continue;
          if (getComputedStyle(target).visibility === 'hidden') continue;
          // A link in a sentence: its line is the sentence's (WCAG 2.5.8 inline exception).
          if (target.tagName === 'A' && getComputedStyle(target).display === 'inline' && target.parentElement) {
            // The block's own words, without its links and separators: a sentence has some.
            const words = [...target.parentElement.childNodes]
              .filter((n) => n.nodeType === Node.TEXT_NODE || (n instanceof Element && !n.matches('a')))
              .map((n) => n.textContent ?? '')
              .join('')
              .replace(/[\s·|,，、/]/g, '');
            if (words.length >= 4) continue;
          }
          if (Math.round(r.height) < 44 || Math.round(r.width) < 44) {
            const name = (target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 20);
            out.push(
              `${target.tagName.toLowerCase()}${target.className && typeof target.className === 'string' ? '.' + target.className.split(' ')[0] : ''} "${name}" ${Math.round(r.width)}×${Math.round(r.height)} px`,
            );
          }
        }
      }
      return out;
    },
    { touch, W: width },
  );
}

/** Waits until the page has settled: no request for a moment and no spinner. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => document.querySelectorAll('.ant-spin-spinning, .ant-skeleton').length === 0, null, {
      timeout: 15_000,
    })
    .catch(() => undefined);
  await page.waitForTimeout(300);
}

async function checkPage(page: Page, where: string, touch = true): Promise<void> {
  await settled(page);
  // PHONE_SHOTS=1 keeps a full-page picture of each page for a person to look at (git-ignored).
  if (process.env.PHONE_SHOTS)
    await page.screenshot({ path: `e2e/.artifacts/phone-${where.replace(/\W+/g, '-')}.png`, fullPage: true });
  // Soft: one run lists every page's problems, not only the first page's.
  expect.soft({ where, problems: await phoneProblems(page, touch) }).toEqual({ where, problems: [] });
}

async function signIn(page: Page, who: string, lang: Lang): Promise<void> {
  await page.context().addCookies([{ name: 'language', value: lang, url: BASE }]);
  await page.goto(`${BASE}/pc/member-login`);
  await fillLogin(page, who);
  await page.waitForURL(/\/pc\/member\/config\/home$/);
}

/** The member-area paths this account may open (member info's `pages`), params filled in. */
async function memberPages(page: Page): Promise<string[]> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const info = await api<{ pages?: string[] }>('GET', USER_PATHS.memberInfo, token!);
  return (info.pages ?? []).map((p) => p.replace(':idCode', 'phone-check'));
}

let recordId: Promise<string>;
beforeAll(() => {
  recordId = seedFullRecord();
  // Seeding runs while the first journeys walk the pages; a failure surfaces where it is awaited.
  recordId.catch(() => undefined);
});

/**
 * The visitor pages without a parameter (route-table.ts PUBLIC_ROUTES, area site), by group, and
 * the sign-in and registration pages a visitor opens.
 */
const VISITOR = [
  ...['/', '/information', '/xinwendongtai', '/guanyuwomen', '/device', '/doctor/index', '/404'],
  ...['/shexiangyujibingyanjiu', '/jiankangzhuangtaibianshi', '/shezhenshixun', '/zhongyishiAIzhushou'],
  ...['/tongueAnalyze', '/ertongshezhen', '/xinguanshezhen'],
  ...['/unsubscribe/post', '/checked/pdf/new', '/checked/pdf/newPdfTestPreview'],
  ...['/member-login', '/keyan-login', '/doctor/register', '/dpLogin', '/disease/login', '/training/login'],
];

describe('phone-first pages (390×844)', () => {
  for (const lang of ['zh', 'en'] as const) {
    for (const who of ['leader', 'member'] as const)
      it(
        `every member route of a ${who} (${lang})`,
        async () => {
          const { page, errors } = j;
          await signIn(page, who, lang);
          const pages = await memberPages(page);
          expect(pages).toContain('/member/config/home');
          if (who === 'leader') expect(pages).toContain('/member/config/deviceRecord');
          for (const p of pages) {
            await page.goto(`${BASE}/pc${p}`);
            // The team display is a 1920×1080 canvas scaled to the screen (docs/display.md): its
            // width and text are checked, its scaled-down controls are not touch targets.
            await checkPage(page, `${who} ${p} (${lang})`, p !== '/member/config/display');
          }
          // A leader reaches "new capture" from the top of the home page (issue 34: 3,000 px down).
          await page.goto(`${BASE}/pc/member/config/home`);
          await settled(page);
          const jump = page.getByTestId('home-new-capture');
          const box = (await jump.boundingBox())!;
          expect(box.y + box.height).toBeLessThanOrEqual(844);
          await jump.click();
          await page.getByTestId('capture-wizard').waitFor();
          await expect.poll(async () => (await page.getByTestId('capture-wizard').boundingBox())!.y).toBeLessThan(844);
          expect(errors).toEqual([]);
        },
        TEST_MS,
      );

    it(
      `a finished record's result with every engine (${lang})`,
      async () => {
        const { page, errors } = j;
        await signIn(page, 'member', lang);
        await page.goto(`${BASE}/pc/member/config/home?record=${await recordId}`);
        await page.locator('[data-testid="record-status"][data-status="done"]').waitFor({ timeout: ANALYSIS_MS });
        await page.getByTestId('constitution-radar').locator('canvas').waitFor();
        await page.getByTestId('pulse-waveform').locator('canvas').waitFor();
        await checkPage(page, `result (${lang})`);
        // The narrowest and widest phones of the range too.
        for (const size of [
          { width: 360, height: 780 },
          { width: 430, height: 932 },
        ]) {
          await page.setViewportSize(size);
          await checkPage(page, `result at ${size.width} px (${lang})`);
        }
        await page.setViewportSize(PHONE.viewport);
        for (const engine of RECORD_ENGINES) {
          const card = page.getByTestId(`engine-${engine}`);
          await card.scrollIntoViewIfNeeded();
          expect(await card.isVisible(), engine).toBe(true);
          const box = (await card.boundingBox())!;
          expect([engine, box.x >= 0, box.x + box.width <= 390]).toEqual([engine, true, true]);
          expect(await page.getByTestId(`engine-failed-${engine}`).count(), engine).toBe(0);
        }
        // The same result in the records list's detail drawer.
        await page.goto(`${BASE}/pc/member/config/memberRecord`);
        await settled(page);
        await page.getByTestId(`view-${await recordId}`).click();
        await page.locator('.ant-drawer [data-testid="record-status"]').waitFor();
        await checkPage(page, `record drawer (${lang})`);
        expect(errors).toEqual([]);
      },
      TEST_MS,
    );

    it(
      `the visitor pages (${lang})`,
      async () => {
        const { page, errors } = j;
        await page.context().addCookies([{ name: 'language', value: lang, url: BASE }]);
        for (const p of VISITOR) {
          await page.goto(`${BASE}/pc${p}`);
          await checkPage(page, `visitor ${p} (${lang})`);
        }
        expect(errors).toEqual([]);
      },
      TEST_MS,
    );
  }
});
