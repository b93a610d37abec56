// Issue 22 item 7: the server writes the first HTML of the home, /tongueAnalyze and a published
// news item (the site frame and the page, drawn by the web app's own components through its
// prerender module) in the reader's language, with the stylesheet inline; a news item's title is
// text and its body the server's sanitised HTML; an unknown or draft item keeps the app's 404 path.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertItem } from '../content/content.repo.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const CSS = '.site-title{font-size:30px}';
/** The web app's prerender module, from its source (the build puts the same module in dist/ssr/). */
const MODULE = resolve(
  fileURLToPath(new URL('.', import.meta.url)),
  '../../../../web/src/prerender/site-prerender.tsx',
);

let web: string;
let t: TestApp;

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'tcm-web-prerender-'));
  mkdirSync(join(web, 'assets'));
  mkdirSync(join(web, 'ssr'));
  writeFileSync(
    join(web, 'index.html'),
    [
      '<!doctype html>',
      '<html lang="zh-CN">',
      '  <head>',
      '    <title>spa</title>',
      '    <script type="module" crossorigin src="/pc/assets/index-AbCd1234.js"></script>',
      '    <link rel="stylesheet" crossorigin href="/pc/assets/index-AbCd1234.css">',
      '    <link rel="modulepreload" crossorigin href="/pc/assets/boot-AbCd1234.js">',
      '  </head>',
      '  <body>',
      '    <div id="root"></div>',
      '  </body>',
      '</html>',
    ].join('\n'),
  );
  writeFileSync(join(web, 'assets', 'index-AbCd1234.css'), CSS);
  writeFileSync(join(web, 'ssr', 'site-prerender.js'), `export * from ${JSON.stringify(MODULE)};\n`);
  t = await createTestApp({ WEB_DIST: web });
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
/** The server's markup of the page (between its element and the app's root). */
const first = (html: string) => /<div id="prerender">([\s\S]*)<\/div><div id="root"><\/div>/.exec(html)?.[1];

function news(values: { title: string; published: boolean; body?: string }) {
  return insertItem(t.database.db, {
    kind: 'news',
    lang: 'zh',
    title: values.title,
    summary: null,
    body: values.body ?? '<p>正文</p>',
    coverUrl: null,
    published: values.published,
    publishAt: new Date('2026-11-20T02:00:00Z'),
    sources: ['《中医诊断学》'],
  });
}

describe('first HTML of the public pages (issue 22 item 7)', () => {
  it('home: the frame and the hero in zh, in en by ?hl=en or the cookie; the stylesheet inline', async () => {
    const zh = await get('/pc/');
    expect(zh.statusCode).toBe(200);
    const page = first(zh.body)!;
    expect(page).toContain('<h1 id="home-title" class="site-title">中医智能舌诊开放平台</h1>');
    // The front door (issue 34 item 3): the call to detection, the sample report, the footer.
    expect(page).toMatch(
      /<a class="site-button site-button-primary" href="[^"]*\/tongueAnalyze"[^>]*>开始舌象检测<\/a>/,
    );
    expect(page).toMatch(/href="[^"]*\/checked\/pdf\/newPdfTestPreview"/);
    expect(page).toContain('>隐私政策</a>');
    expect(page).toContain('>舌象分析</a>');
    expect(page).toContain('>会员登录</a>');
    // The stylesheet is in the head; no render-blocking link is left; the app's script still loads.
    expect(zh.body).toContain(`<style>${CSS}</style>`);
    expect(zh.body).not.toContain('rel="stylesheet"');
    expect(zh.body).toContain('<script type="module" crossorigin src="/pc/assets/index-AbCd1234.js">');
    // The app's code is fetched after the first paint (by the entry): nothing holds it up.
    expect(zh.body).not.toContain('boot-AbCd1234.js');
    // The head of the page is written as before.
    expect(zh.body).toContain('<title>中医智能舌诊开放平台</title>');
    expect((await get('/pc/?hl=en')).body).toContain('<title>TCM Tongue Diagnosis Open Platform</title>');
    // Test ids are the app's alone: a journey finds each once even while both copies are there.
    expect(page).not.toContain('data-testid');

    for (const en of [await get('/pc/?hl=en'), await get('/pc/', { cookie: 'language=en' })]) {
      const p = first(en.body)!;
      expect(p).toContain('<h1 id="home-title" class="site-title">TCM Tongue Diagnosis Open Platform</h1>');
      expect(p).toContain('>Start tongue detection</a>');
      expect(p).toContain('>Privacy</a>');
      expect(p).toContain('>Tongue analysis</a>');
      expect(p).toContain('>Member sign-in</a>');
      expect(p).not.toContain('会员登录');
    }
  });

  it('/tongueAnalyze: the heading and the upload form in zh and en', async () => {
    const zh = first((await get('/pc/tongueAnalyze')).body)!;
    expect(zh).toContain('<h2 class="site-h2">舌象分析</h2>');
    expect(zh).toContain('开始分析');
    const en = first((await get('/pc/tongueAnalyze', { cookie: 'language=en' })).body)!;
    expect(en).toContain('<h2 class="site-h2">Tongue analysis</h2>');
    expect(en).not.toContain('开始分析');
  });

  it('news item: title, date and sanitised body; a title with <script> is text; the frame in the reader language', async () => {
    const item = await news({
      title: '平台上线 <script>alert(1)</script>',
      published: true,
      body: '<p style="text-indent: 2em">今日上线。<img src="/backend/file/a.png" onerror="alert(2)"></p><script>alert(3)</script>',
    });
    const res = await get(`/pc/xinwendongtai/${item.id}`);
    expect(res.statusCode).toBe(200);
    const page = first(res.body)!;
    expect(page).toContain('<h1 class="site-h1">平台上线 &lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(page).toContain('发布于 2026-11-20');
    expect(page).toContain('<p style="text-indent:2em">今日上线。');
    // Pictures of the body wait until the reader scrolls near them, as in the app.
    expect(page).toMatch(/<img src="\/backend\/file\/a.png" loading="lazy" decoding="async" \/>/);
    expect(page).toContain('《中医诊断学》');
    expect(res.body).not.toMatch(/<script>alert|onerror/);
    // The item itself as a JSON data block for the app's first render: no text closes the element.
    const block = /<script type="application\/json" id="prerender-news">([^<]*)<\/script>/.exec(page)?.[1];
    expect(JSON.parse(block!)).toMatchObject({ id: item.id, title: '平台上线 <script>alert(1)</script>' });

    const en = first((await get(`/pc/xinwendongtai/${item.id}`, { cookie: 'language=en' })).body)!;
    expect(en).toContain('Back to the news');
    expect(en).toContain('Published 2026-11-20');
    expect(en).toContain('平台上线 &lt;script&gt;');
  });

  it('an unknown or draft news item and other pages get the app alone (its 404 path as before)', async () => {
    const draft = await news({ title: '草稿', published: false });
    for (const url of [
      `/pc/xinwendongtai/${draft.id}`,
      '/pc/xinwendongtai/999999999',
      '/pc/xinwendongtai',
      '/pc/login',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<body>\n    <div id="root"></div>');
      expect(res.body, url).not.toContain('id="prerender"');
      // The build's stylesheet link and preloads as they were.
      expect(res.body, url).toContain('rel="stylesheet"');
      expect(res.body, url).toContain('<link rel="modulepreload"');
    }
    expect((await get(`/pc/xinwendongtai/${draft.id}`)).body).not.toContain('草稿');
  });

  it('the page is sent compressed as the browser accepts it (brotli, else gzip), plain otherwise', async () => {
    const plain = (await get('/pc/')).body;
    const br = await get('/pc/', { 'accept-encoding': 'gzip, deflate, br' });
    expect([br.headers['content-encoding'], br.headers.vary]).toEqual(['br', 'accept-encoding']);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get('/pc/', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
    const none = await get('/pc/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.body).toBe(plain);
  });

  it('the server module of the build is never served', async () => {
    const res = await get('/pc/ssr/site-prerender.js');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).not.toContain('export *');
  });
});
