import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { CONTENT_PATHS, FOOTER_PAGES, SITE_NAMES } from '@tcm/contract';
import { i18n } from '../../lib/i18n.js';
import { renderAt } from '../../test/render-at.js';
import { envelope, resetFetchAndSession } from '../../test/fetch-stub.js';
import { newsItem } from '../../test/news-item.js';

/**
 * Issue 34 item 3: the home tells what the platform does, leads to the detection page and the
 * sample report, lists the latest news of the reader's language, partners and the cooperation
 * section, and every site page has the footer (contact, privacy, terms); title and brand in the
 * reader's language. Only `fetch` is replaced.
 */
afterEach(async () => {
  resetFetchAndSession();
  await act(() => i18n.changeLanguage('zh'));
});

function serveNews(lang: 'zh' | 'en') {
  const fetch = vi.fn(async (url: string) => {
    if (String(url).includes(CONTENT_PATHS.portalNews)) {
      const list = [newsItem({ id: 9, lang, title: lang === 'en' ? 'Clinic opens' : '门诊开放', summary: 's' })];
      return envelope(0, { list, total: 1 });
    }
    return envelope(0, null);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

describe('the public home', () => {
  it.each([
    ['zh', '中医AI舌诊', '开始舌象检测', '门诊开放', '隐私政策'],
    ['en', 'TCM AI Tongue Diagnosis', 'Start tongue detection', 'Clinic opens', 'Privacy'],
  ] as const)(
    '%s: brand, call to detection, sample report, diagnoses, latest news, footer',
    async (lang, brand, cta, news, privacy) => {
      await act(() => i18n.changeLanguage(lang));
      const fetch = serveNews(lang);
      renderAt('/');
      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(SITE_NAMES[lang]);
      expect(document.querySelector('.site-brand')?.textContent).toBe(brand);
      const detect = screen.getByTestId('home-detect');
      expect([detect.textContent, detect.getAttribute('href')]).toEqual([cta, '/tongueAnalyze']);
      expect(screen.getByTestId('home-sample-report').getAttribute('href')).toBe('/checked/pdf/newPdfTestPreview');
      for (const d of ['tongue', 'face', 'pulse', 'voice'])
        expect(screen.getByTestId(`home-diagnosis-${d}`)).toBeTruthy();
      const img = document.querySelector('.home-sample img')!;
      expect(img.getAttribute('alt')!.length).toBeGreaterThan(20);
      expect((await screen.findByTestId('home-news-9')).textContent).toBe(news);
      // The latest three of the reader's language (the client sends its language with the call).
      expect(String(fetch.mock.calls.find(([u]) => String(u).includes(CONTENT_PATHS.portalNews))![0])).toMatch(
        /size=3/,
      );
      const footer = document.querySelector('footer')!;
      expect(within(footer).getByTestId('footer-privacy').textContent).toBe(privacy);
      expect(within(footer).getByTestId('footer-privacy').getAttribute('href')).toBe(`/pages/${FOOTER_PAGES.privacy}`);
      expect(within(footer).getByTestId('footer-terms').getAttribute('href')).toBe(`/pages/${FOOTER_PAGES.terms}`);
      expect(within(footer).getByTestId('footer-contact').getAttribute('href')).toBe(`/pages/${FOOTER_PAGES.contact}`);
      // The cooperation section links to the form (jsdom has no IntersectionObserver: the form stays unloaded).
      expect(screen.getByTestId('home-cooperation').querySelector('a')?.getAttribute('href')).toBe(
        '/guanyuwomen#cooperation',
      );
      expect(document.querySelector('[class^="ant-"]')).toBeNull();
      expect(document.title).toBe(SITE_NAMES[lang]);
    },
  );

  it('the window title and the server page head name the platform alike', () => {
    expect(i18n.getFixedT('zh')('app.windowTitle')).toBe(SITE_NAMES.zh);
    expect(i18n.getFixedT('en')('app.windowTitle')).toBe(SITE_NAMES.en);
  });
});
