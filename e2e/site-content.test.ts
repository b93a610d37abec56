import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { BASE } from './browser.js';
import { journeyHooks, type Journey } from './hooks.js';
import { apiAs, signInBackOffice } from './helpers.js';

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

/**
 * Writes a structured article in the open editor through its toolbar (issue 34 item 6): a
 * heading, a bulleted list, a quote, a link and a table.
 */
async function writeStructured(
  p: Page,
  w: { heading: string; point: string; quote: string; link: string; cell: string },
) {
  const body = p.getByTestId('content-body');
  const editor = body.locator('.ProseMirror');
  const tool = (id: string) => body.getByTestId(`editor-${id}`).click();
  await editor.click();
  await editor.pressSequentially(w.heading);
  await tool('h2');
  await editor.press('End');
  await editor.press('Enter');
  await tool('bullet');
  await editor.pressSequentially(w.point);
  await editor.press('Enter');
  await editor.press('Enter');
  await tool('quote');
  await editor.pressSequentially(w.quote);
  await editor.press('Enter');
  await editor.press('Enter');
  await editor.pressSequentially(w.link);
  await editor.press('Shift+Home');
  await tool('link');
  await p.getByTestId('editor-ask-input').fill('https://www.who.int/');
  await p.getByTestId('editor-ask-ok').click();
  await editor.press('End');
  await editor.press('Enter');
  await tool('table');
  await editor.pressSequentially(w.cell);
  await editor.locator('table th').first().waitFor();
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
    const en = await apiAs<{ id: number }>(page, 'POST', '/backend/sys/v1/content/add', {
      kind: 'news',
      lang: 'en',
      title: enTitle,
      body: '<p>The platform went live today.</p>',
    });
    await apiAs(page, 'POST', '/backend/sys/v1/content/publish', { id: en.id, published: true });

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
  it('zh and en: an editor writes news with a heading, list, quote, link and table; the site shows them, the home lists it, the footer pages open', async () => {
    await signInBackOffice(page);
    const tag = Date.now();
    const items = [
      {
        lang: 'zh',
        ui: '中文',
        title: `舌象小知识 ${tag}`,
        heading: '什么是齿痕舌',
        point: '舌边有牙齿压痕',
        quote: '仅供参考',
        link: '世界卫生组织',
        cell: '特征',
        privacy: '隐私政策',
        home: '最新动态',
      },
      {
        lang: 'en',
        ui: 'EN',
        title: `Tongue notes ${tag}`,
        heading: 'What tooth marks are',
        point: 'Marks on the edges',
        quote: 'For reference only',
        link: 'World Health Organization',
        cell: 'Feature',
        privacy: 'Privacy',
        home: 'Latest news',
      },
    ] as const;
    for (const item of items) {
      await page.goto(`${BASE}/pc/content/index`);
      await page.getByTestId('language-switch').getByText(item.ui).click();
      await page.getByTestId('content-admin').waitFor();
      await page.getByTestId('btn-content-add').click();
      if (item.lang === 'en') {
        await page.getByTestId('content-lang').click();
        await page.locator('.ant-select-item-option').filter({ hasText: 'English' }).first().click();
      }
      await page.getByTestId('content-title').fill(item.title);
      await writeStructured(page, item);
      await page.getByTestId('content-save').click();
      const row = page.getByRole('row').filter({ hasText: item.title });
      await row.waitFor();
      await row.locator('input[type=checkbox]').check();
      await page.getByTestId('btn-content-publish').click();
      await page.getByTestId('publish-ok').click();
      await row.getByText(item.lang === 'zh' ? '已发布' : 'Published').waitFor();
    }

    // A visitor on a phone reads each on the site, in its language, from the home's latest news.
    const visitor = await journey.browser.newContext({ viewport: { width: 360, height: 780 } });
    const v = (current = await visitor.newPage());
    for (const item of items) {
      await v.goto(`${BASE}/pc/?hl=${item.lang}`);
      if (item.lang === 'en') await v.getByTestId('language-switch').getByText('EN').click();
      await v.getByRole('heading', { name: item.home }).waitFor();
      await v.getByRole('link', { name: item.title }).click();
      const news = v.getByTestId('news-body');
      await news.waitFor();
      expect(await news.locator('h2').textContent()).toBe(item.heading);
      expect(await news.locator('ul > li').textContent()).toBe(item.point);
      expect(await news.locator('blockquote').textContent()).toBe(item.quote);
      const a = news.locator('a', { hasText: item.link });
      expect([await a.getAttribute('href'), await a.getAttribute('rel')]).toEqual([
        'https://www.who.int/',
        'noopener noreferrer nofollow',
      ]);
      expect(await news.locator('table th').first().textContent()).toBe(item.cell);
      expect(await news.locator('table tr').count()).toBe(3);
      // The same page drawn by the server first (a shared link) holds the same structure.
      await v.reload();
      await v.getByTestId('news-body').locator('table th').first().waitFor();

      // The footer's privacy page (seeded) opens in the reader's language.
      await v.goto(`${BASE}/pc/`);
      await v.getByTestId('footer-privacy').click();
      await v.getByRole('heading', { level: 1, name: item.privacy }).waitFor();
    }
    // The home fits a phone: no sideways scrolling from 360 to 430 px.
    for (const width of [360, 390, 430]) {
      await v.setViewportSize({ width, height: 800 });
      await v.goto(`${BASE}/pc/`);
      await v.getByTestId('home-detect').waitFor();
      expect(await v.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    }
    await visitor.close();
    current = page;
    expect(journey.errors).toEqual([]);
  }, 300_000);
});
