// Issue 22 item 7: public pages answered with their own head (title, description, Open Graph) in
// the page's language, a sitemap of the public site with published news and pages only, robots.txt,
// and build files served compressed and cached for good.
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { insertItem } from '../content/content.repo.js';
import { useWebApp } from '../../test/suite.js';

const ASSET = 'index-AbCd1234.js';
/** The site's public address (PUBLIC_WEB_URL): every absolute link is built on it. */
const SITE = 'https://tcm.example.org';
const SOURCE = `console.log(${JSON.stringify('x'.repeat(2000))})`;

const t = useWebApp(
  {
    'index.html':
      '<!doctype html>\n<html lang="zh-CN">\n  <head>\n    <title>spa</title>\n  </head>\n  <body></body>\n</html>\n',
    [`assets/${ASSET}`]: SOURCE,
    [`assets/${ASSET}.br`]: brotliCompressSync(SOURCE),
  },
  { PUBLIC_WEB_URL: `${SITE}/pc` },
);

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const meta = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)" />`).exec(html)?.[1];

function news(values: { title: string; published: boolean; publishAt?: Date; lang?: 'zh' | 'en' }) {
  return insertItem(t.database.db, {
    kind: 'news',
    lang: values.lang ?? 'zh',
    title: values.title,
    summary: null,
    body: `<p>${values.title} 正文 <script>alert(1)</script></p>`,
    coverUrl: '/backend/file/cover.png',
    published: values.published,
    publishAt: values.publishAt ?? null,
  });
}

describe('public pages carry their own head (issue 22 item 7)', () => {
  it('a public route answers with its title, description and Open Graph tags in zh, and in en by ?hl=en or the cookie', async () => {
    const zh = await get('/pc/tongueAnalyze');
    expect(zh.statusCode).toBe(200);
    expect(title(zh.body)).toBe('舌象分析 · 中医智能舌诊开放平台');
    expect(meta(zh.body, 'description')).toMatch(/^在线舌象分析/);
    expect(meta(zh.body, 'og:title')).toBe('舌象分析 · 中医智能舌诊开放平台');
    expect(meta(zh.body, 'og:description')).toBe(meta(zh.body, 'description'));
    expect(meta(zh.body, 'og:url')).toBe(`${SITE}/pc/tongueAnalyze`);
    expect(meta(zh.body, 'og:locale')).toBe('zh_CN');
    expect(zh.body).toContain('<html lang="zh-CN">');
    expect(zh.body).toContain(`<link rel="alternate" hreflang="en" href="${SITE}/pc/tongueAnalyze?hl=en" />`);
    expect(zh.body).not.toContain('<title>spa</title>');

    for (const res of [
      await get('/pc/tongueAnalyze?hl=en'),
      await get('/pc/tongueAnalyze', { cookie: 'language=en' }),
    ]) {
      expect(title(res.body)).toBe('Tongue analysis · TCM Tongue Diagnosis Open Platform');
      expect(meta(res.body, 'og:site_name')).toBe('TCM Tongue Diagnosis Open Platform');
      expect(meta(res.body, 'description')).toMatch(/^Online tongue analysis/);
      expect(meta(res.body, 'og:locale')).toBe('en_US');
      expect(res.body).toContain('<html lang="en">');
    }
    // Each page its own words: the news list is not the detection page.
    const list = await get('/pc/xinwendongtai');
    expect(title(list.body)).toBe('新闻动态 · 中医智能舌诊开放平台');
    expect(title((await get('/pc/')).body)).toBe('中医智能舌诊开放平台');
    expect(title((await get('/pc/?hl=en')).body)).toBe('TCM Tongue Diagnosis Open Platform');
    // Sign-in and back-office pages keep the plain page.
    expect(title((await get('/pc/login')).body)).toBe('spa');
  });

  it('a published news item has its own title, summary and cover, escaped; a draft gets the plain page', async () => {
    const item = await news({ title: 'Spring "clinic" <days>', published: true, lang: 'en' });
    const res = await get(`/pc/xinwendongtai/${item.id}`);
    expect(title(res.body)).toBe('Spring &quot;clinic&quot; &lt;days&gt; · TCM Tongue Diagnosis Open Platform');
    expect(meta(res.body, 'og:type')).toBe('article');
    expect(meta(res.body, 'og:image')).toBe(`${SITE}/backend/file/cover.png`);
    // The description is the body's text: markup and the script's content are gone.
    expect(meta(res.body, 'description')).toBe('Spring &quot;clinic&quot; 正文');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).not.toContain('<script>alert');

    const draft = await news({ title: '草稿新闻', published: false });
    expect(title((await get(`/pc/xinwendongtai/${draft.id}`)).body)).toBe('spa');
  });
});

describe('sitemap.xml and robots.txt (issue 22 item 7)', () => {
  it('lists the public pages and published news; not drafts, not items scheduled for later', async () => {
    const published = await news({ title: '已发布新闻', published: true });
    const draft = await news({ title: '未发布新闻', published: false });
    const later = await news({ title: '定时新闻', published: true, publishAt: new Date(Date.now() + 86_400_000) });
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org/);
    expect(res.body).toContain(`<loc>${SITE}/pc/xinwendongtai/${published.id}</loc>`);
    expect(res.body).not.toContain(`/pc/xinwendongtai/${draft.id}<`);
    expect(res.body).not.toContain(`/pc/xinwendongtai/${later.id}<`);
    expect(res.body).toContain(`<loc>${SITE}/pc/tongueAnalyze</loc>`);
    expect(res.body).toContain(`<loc>${SITE}/pc/tongueAnalyze?hl=en</loc>`);
    expect(res.body).not.toContain('/pc/unsubscribe/post');
    expect(res.body).not.toContain('/pc/login');

    const robots = await get('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    expect(robots.body).toContain('Disallow: /backend/');
  });

  it('lists a published CMS page under /pages/{name}', async () => {
    await insertItem(t.database.db, {
      kind: 'page',
      name: 'clinic-hours',
      lang: 'zh',
      title: '门诊时间',
      body: '<p>周一至周五</p>',
      published: true,
    });
    expect((await get('/sitemap.xml')).body).toContain(`<loc>${SITE}/pc/pages/clinic-hours</loc>`);
    const res = await get('/pc/pages/clinic-hours');
    expect(title(res.body)).toBe('门诊时间 · 中医智能舌诊开放平台');
    expect(meta(res.body, 'description')).toBe('周一至周五');
  });
});

describe('build files (issue 22 item 7)', () => {
  it('a hashed build file is cached for a year and answered brotli-compressed when the browser accepts it', async () => {
    const plain = await get(`/pc/assets/${ASSET}`);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.body).toBe(SOURCE);
    const br = await get(`/pc/assets/${ASSET}`, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(SOURCE.length / 4);
  });
});
