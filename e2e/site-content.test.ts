import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BASE } from './browser.js';
import { journeyHooks, type Journey } from './hooks.js';
import { signInBackOffice } from './helpers.js';

// One Chromium for the file, a fresh context per journey (e2e/hooks.ts).
let journey: Journey;
let page: Page;
let current: Page;
journeyHooks(
  { viewport: { width: 1400, height: 900 } },
  (j) => {
    journey = j;
    page = current = j.page;
  },
  () => current,
);

const PHOTO = new URL('../../shared/data/tongue/images/TE0000003.jpg', import.meta.url).pathname;

/** Calls the API as the signed-in page's user (the token the web app keeps). */
async function api<T>(p: Page, method: string, url: string, body?: unknown): Promise<T> {
  const token = await p.evaluate(() => localStorage.getItem('access_token'));
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 0) throw new Error(`${url}: ${env.code} ${env.msg}`);
  return env.data;
}

describe('site content', () => {
  it('an editor publishes news with an image in the editor; it shows on the site in zh and en', async () => {
    await signInBackOffice(page);
    const tag = Date.now();
    const zhTitle = `舌诊平台上线 ${tag}`;
    const enTitle = `Platform launch ${tag}`;
    await page.goto(`${BASE}/pc/content/index`);
    await page.getByTestId('content-admin').waitFor();
    await page.getByTestId('btn-content-add').click();
    await page.getByTestId('content-title').fill(zhTitle);
    await page.getByTestId('content-summary').fill('新闻摘要');
    const editor = page.getByTestId('content-body').locator('.ProseMirror');
    await editor.click();
    await editor.pressSequentially('今天平台上线。');
    // The editor's image picker: the hidden file input behind the "image" button.
    await page.getByTestId('content-body').locator('input[type=file]').setInputFiles(PHOTO);
    await editor.locator('img').waitFor();
    await page.getByTestId('content-save').click();
    const row = page.getByRole('row').filter({ hasText: zhTitle });
    await row.waitFor();
    await row.locator('input[type=checkbox]').check();
    await page.getByTestId('btn-content-publish').click();
    await page.getByTestId('publish-ok').click();
    await row.getByText('已发布').waitFor();

    // The English item, seeded through the API and published.
    const en = await api<{ id: number }>(page, 'POST', '/backend/sys/v1/content/add', {
      kind: 'news',
      lang: 'en',
      title: enTitle,
      body: '<p>The platform went live today.</p>',
    });
    await api(page, 'POST', '/backend/sys/v1/content/publish', { id: en.id, published: true });

    // A visitor (no sign-in) reads it.
    const visitor = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const v = (current = await visitor.newPage());
    await v.goto(`${BASE}/pc/xinwendongtai`);
    await v.getByText(zhTitle).click();
    await v.getByTestId('news-detail').waitFor();
    await v.getByTestId('news-body').getByText('今天平台上线。').waitFor();
    const src = await v.getByTestId('news-body').locator('img').getAttribute('src');
    expect(src).toMatch(/^\/backend\/file\//);
    // The picture loads lazily (near the viewport): its size is read once it has loaded or failed.
    expect(
      await v
        .getByTestId('news-body')
        .locator('img')
        .evaluate(async (i) => {
          const img = i as HTMLImageElement;
          if (!img.complete)
            await new Promise((done) => {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
            });
          return img.naturalWidth;
        }),
    ).toBeGreaterThan(0);
    // A shared link opens the item drawn by the server first (docs/web.md "First HTML"); the app
    // takes over: the server's copy is gone and the title shows once.
    const itemCalls: string[] = [];
    v.on('request', (r) => {
      if (r.url().includes(`/backend/portal/news/item/${en.id}`)) itemCalls.push(r.url());
    });
    await v.goto(`${BASE}/pc/xinwendongtai/${en.id}`);
    await v.getByTestId('news-detail').waitFor();
    expect(await v.locator('#prerender').count()).toBe(0);
    expect(await v.getByText(enTitle).count()).toBe(1);
    // Light start (docs/site.md "Speed"): the item the page carries is not fetched again, and the
    // app appends no preload link for its own boot chunk, which is already running.
    expect(itemCalls).toEqual([]);
    expect(await v.locator('link[rel=modulepreload][href*="/boot-"]').count()).toBe(0);
    // The same app after the takeover: the back link navigates inside it (no page load) and the
    // language switch works there.
    await v.evaluate(() => Object.assign(window, { sameApp: true }));
    await v.getByRole('link', { name: '返回新闻列表' }).click();
    await v.getByText(zhTitle).waitFor();
    expect(await v.evaluate(() => (window as { sameApp?: boolean }).sameApp)).toBe(true);
    await v.getByTestId('language-switch').getByText('EN').click();
    await v.getByText(enTitle).waitFor();
    expect(await v.getByText(zhTitle).count()).toBe(0);
    await visitor.close();
    current = page;
    expect(journey.errors).toEqual([]);
  }, 240_000);

  it('a visitor sends a cooperation enquiry and is told what happens next; the admin finds it in the inbox', async () => {
    const visitor = await journey.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const v = (current = await visitor.newPage());
    const company = `Mingde Clinic ${Date.now()}`;
    await v.goto(`${BASE}/pc/guanyuwomen`);
    await v.getByTestId('cms-page-guanyuwomen').waitFor();
    await v.getByTestId('language-switch').getByText('EN').click();
    await v.getByTestId('coop-company').fill(company);
    await v.getByTestId('coop-person').fill('Li Wei');
    await v.getByTestId('coop-contact').fill('12345');
    await v.getByTestId('coop-description').fill('We would like tongue devices for our clinic.');
    await v.getByTestId('coop-submit').click();
    await v.getByText('Please enter a correct mobile or landline number').waitFor();
    await v.getByTestId('coop-contact').fill('010-88886666');
    await v.getByTestId('coop-submit').click();
    await v.getByTestId('cooperation-sent').getByText('within 3 working days').waitFor();
    await visitor.close();

    current = page;
    await signInBackOffice(page);
    await page.goto(`${BASE}/pc/content/enquiries`);
    const row = page.getByRole('row').filter({ hasText: company });
    await row.waitFor();
    await row.getByText('待处理').waitFor();
    await row.getByText('010-88886666').waitFor();
    expect(journey.errors).toEqual([]);
  }, 240_000);
});
