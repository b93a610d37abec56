import { describe, expect, it } from 'vitest';
import { CONTENT_ERRORS, CONTENT_PATHS, HTTP_ERRORS, type ContentItem } from '@tcm/contract';
import { uid } from '../../test/factories.js';
import { call } from '../../test/http.js';
import { expectGuards, JSON_H, userWithButtons } from '../console/console-test-helpers.js';
import { useAdminApp } from '../../test/suite.js';

const t = useAdminApp();

const post = (url: string, body: unknown, token: string | undefined = t.admin, headers: Record<string, string> = {}) =>
  call(t.app, 'POST', url, token, JSON.stringify(body), { ...JSON_H, ...headers });
const get = (url: string, headers: Record<string, string> = {}, token?: string) =>
  call(t.app, 'GET', url, token, undefined, headers);
const news = (over: object = {}) => ({
  kind: 'news',
  lang: 'zh',
  title: `新闻 ${uid()}`,
  body: '<p style="text-indent: 2em">正文</p>',
  ...over,
});
const add = async (body: object, token = t.admin): Promise<ContentItem> => {
  const r = await post(CONTENT_PATHS.add, body, token);
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data as ContentItem;
};
const XSS =
  '<p onclick="alert(1)">hi<script>alert(document.cookie)</script></p><img src="x" onerror="alert(2)">' +
  '<a href="javascript:alert(3)">x</a><iframe src="https://evil.example"></iframe><video src="javascript:alert(4)"></video>';
const expectInert = (html: string) => {
  expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<iframe/i);
};

describe('news and pages: guards', () => {
  it('answers 401 without a token and 403 to a member or a back-office user without the button, before the body', async () => {
    await expectGuards(t, [
      ['list', 'POST', CONTENT_PATHS.list, {}, null],
      ['find', 'GET', CONTENT_PATHS.find(1), undefined, null],
      ['add', 'POST', CONTENT_PATHS.add, { junk: true }, 'content-add'],
      ['edit', 'POST', CONTENT_PATHS.edit, { junk: true }, 'content-edit'],
      ['publish', 'POST', CONTENT_PATHS.publish, { junk: true }, 'content-publish'],
      ['remove', 'DELETE', CONTENT_PATHS.remove(1), undefined, 'content-remove'],
      ['settings', 'GET', CONTENT_PATHS.settings, undefined, null],
      ['save settings', 'POST', CONTENT_PATHS.settings, { junk: true }, 'settings-edit'],
    ]);
  });

  it('answers 400 naming the field for bad bodies and parameters', async () => {
    for (const body of [
      { ...news(), kind: 'poem' },
      { ...news(), title: '' },
      { ...news(), lang: 'fr' },
      { ...news(), coverUrl: 'javascript:alert(1)' },
      { ...news(), kind: 'page', name: '../etc' },
    ]) {
      const r = await post(CONTENT_PATHS.add, body);
      expect([r.status, r.body.code], JSON.stringify(body)).toEqual([400, HTTP_ERRORS.VALIDATION.code]);
    }
    const noName = await post(CONTENT_PATHS.add, news({ kind: 'page' }));
    expect([noName.status, noName.body.code]).toEqual([400, CONTENT_ERRORS.PAGE_NAME_REQUIRED.code]);
    const empty = await post(CONTENT_PATHS.add, news({ body: '<p><script>x</script></p>' }), t.admin, {
      language: 'en',
    });
    expect([empty.status, empty.body.code, empty.body.msg]).toEqual([
      400,
      CONTENT_ERRORS.EMPTY_BODY.code,
      'Please write the body text',
    ]);
    expect((await post(CONTENT_PATHS.publish, { id: 'x', published: true })).status).toBe(400);
    expect((await post(CONTENT_PATHS.publish, { id: 1, published: true, publishAt: 'tomorrow' })).status).toBe(400);
    expect((await get(CONTENT_PATHS.find('abc'), {}, t.admin)).status).toBe(400);
    expect((await get(CONTENT_PATHS.portalPage('a%20b'))).status).toBe(400);
    expect((await get(CONTENT_PATHS.portalNewsItem('x'))).status).toBe(400);
    expect((await post(CONTENT_PATHS.settings, { orgName: 'x' })).status).toBe(400);
  });
});

describe('news', () => {
  it('an editor with the add and publish buttons writes news; visitors see it only once published, in its language', async () => {
    const { token } = await userWithButtons(t, ['content-add', 'content-publish']);
    const zh = await add(news({ coverUrl: '/backend/file/abc-123', summary: '摘要' }), token);
    const en = await add(news({ lang: 'en', title: `News ${uid()}` }), token);
    expect(zh).toMatchObject({ published: false, publishAt: null, coverUrl: '/backend/file/abc-123', lang: 'zh' });
    expect(zh.body).toBe('<p style="text-indent:2em">正文</p>');

    const before = await get(`${CONTENT_PATHS.portalNews}?size=100`, { language: 'zh' });
    expect(before.body.data.list.map((x: ContentItem) => x.id)).not.toContain(zh.id);
    expect((await get(CONTENT_PATHS.portalNewsItem(zh.id))).status).toBe(404);

    const pub = await post(CONTENT_PATHS.publish, { id: zh.id, published: true }, token);
    expect(pub.body.data.published).toBe(true);
    await post(CONTENT_PATHS.publish, { id: en.id, published: true }, token);
    const zhList = await get(`${CONTENT_PATHS.portalNews}?size=100`, { language: 'zh' });
    const ids = zhList.body.data.list.map((x: ContentItem) => x.id);
    expect(ids).toContain(zh.id);
    expect(ids).not.toContain(en.id);
    const enList = await get(`${CONTENT_PATHS.portalNews}?size=100&language=en`);
    expect(enList.body.data.list.map((x: ContentItem) => x.id)).toContain(en.id);
    const item = await get(CONTENT_PATHS.portalNewsItem(zh.id));
    expect(item.body.data).toMatchObject({ title: zh.title, summary: '摘要' });

    // Unpublish: gone from the site again.
    await post(CONTENT_PATHS.publish, { id: zh.id, published: false }, token);
    expect((await get(CONTENT_PATHS.portalNewsItem(zh.id))).status).toBe(404);
  });

  it('a scheduled item stays hidden until its time', async () => {
    const n = await add(news());
    const later = new Date(Date.now() + 3600_000).toISOString();
    const r = await post(CONTENT_PATHS.publish, { id: n.id, published: true, publishAt: later });
    expect(r.body.data).toMatchObject({ published: true, publishAt: later });
    expect((await get(CONTENT_PATHS.portalNewsItem(n.id))).status).toBe(404);
    const earlier = new Date(Date.now() - 60_000).toISOString();
    await post(CONTENT_PATHS.publish, { id: n.id, published: true, publishAt: earlier });
    expect((await get(CONTENT_PATHS.portalNewsItem(n.id))).body.code).toBe(0);
  });

  it('stores a stored-XSS payload inert, and the site reads it back inert', async () => {
    const n = await add(news({ body: XSS }));
    expectInert(n.body);
    expect(n.body).toContain('hi');
    await post(CONTENT_PATHS.publish, { id: n.id, published: true });
    const seen = await get(CONTENT_PATHS.portalNewsItem(n.id));
    expectInert(seen.body.data.body);
    const edited = await post(CONTENT_PATHS.edit, { ...news({ body: `<p>ok</p>${XSS}` }), id: n.id });
    expectInert(edited.body.data.body);
  });

  it('lists, finds, edits and deletes in the back office; unknown ids answer 404', async () => {
    const tag = uid();
    const a = await add(news({ title: `列表 ${tag} a` }));
    await add(news({ title: `列表 ${tag} b` }));
    const page = await post(`${CONTENT_PATHS.list}?page=1&size=1`, { kind: 'news', keyword: tag });
    expect([page.body.data.total, page.body.data.list.length]).toEqual([2, 1]);
    expect(page.body.data.list[0]).not.toHaveProperty('body');
    const found = await get(CONTENT_PATHS.find(a.id), {}, t.admin);
    expect(found.body.data.body).toContain('正文');
    const e = await post(CONTENT_PATHS.edit, { ...news({ title: `改 ${tag}` }), id: a.id });
    expect(e.body.data.title).toBe(`改 ${tag}`);
    expect((await call(t.app, 'DELETE', CONTENT_PATHS.remove(a.id), t.admin)).body.code).toBe(0);
    const gone = await get(CONTENT_PATHS.find(a.id), { language: 'en' }, t.admin);
    expect([gone.status, gone.body.code, gone.body.msg]).toEqual([
      404,
      CONTENT_ERRORS.NOT_FOUND.code,
      'No such content',
    ]);
    expect((await post(CONTENT_PATHS.edit, { ...news(), id: 99999999 })).status).toBe(404);
  });
});

describe('dynamic pages', () => {
  it('serves /pages/{name} in the reader language, else Chinese; a name is unique per language', async () => {
    const name = `p_${uid().slice(0, 8)}`;
    const zh = await add({ kind: 'page', name, lang: 'zh', title: '页面', body: '<p>中文<script>x()</script></p>' });
    expect((await get(CONTENT_PATHS.portalPage(name))).status).toBe(404);
    await post(CONTENT_PATHS.publish, { id: zh.id, published: true });
    const asEn = await get(`${CONTENT_PATHS.portalPage(name)}?language=en`);
    expect(asEn.body.data).toMatchObject({ title: '页面', lang: 'zh' });
    expectInert(asEn.body.data.body);
    const en = await add({ kind: 'page', name, lang: 'en', title: 'Page', body: '<p>English</p>' });
    await post(CONTENT_PATHS.publish, { id: en.id, published: true });
    expect((await get(CONTENT_PATHS.portalPage(name), { language: 'en' })).body.data.title).toBe('Page');
    const dup = await post(CONTENT_PATHS.add, { kind: 'page', name, lang: 'en', title: 'Again', body: '<p>x</p>' });
    expect([dup.status, dup.body.code]).toEqual([409, CONTENT_ERRORS.PAGE_NAME_TAKEN.code]);
  });

  it('the seeded site pages are there in zh and en, with their sources; the child and COVID pages name the engine', async () => {
    for (const name of ['guanyuwomen', 'information', 'ertongshezhen', 'xinguanshezhen'])
      for (const language of ['zh', 'en']) {
        const r = await get(CONTENT_PATHS.portalPage(name), { language });
        expect([r.status, r.body.data.lang], `${name} ${language}`).toEqual([200, language]);
      }
    for (const name of ['ertongshezhen', 'xinguanshezhen']) {
      const r = await get(CONTENT_PATHS.portalPage(name), { language: 'en' });
      expect(r.body.data.body).toContain('tongue-1.0.0');
      expect(r.body.data.sources.length).toBeGreaterThan(0);
    }
  });
});

describe('settings', () => {
  it('reads defaults, saves (button settings-edit) and serves them to the site', async () => {
    const { token } = await userWithButtons(t, ['settings-edit']);
    const value = {
      orgName: { zh: `明德中医 ${uid()}`, en: 'Mingde TCM' },
      logoUrl: '/backend/file/logo-1',
      phone: '010-12345678',
      email: 'info@example.org',
      address: { zh: '北京', en: 'Beijing' },
      reportFooter: { zh: '咨询电话 010-12345678', en: 'Call 010-12345678' },
    };
    const saved = await post(CONTENT_PATHS.settings, value, token);
    expect(saved.body).toMatchObject({ code: 0, data: value });
    expect((await get(CONTENT_PATHS.portalSettings)).body.data).toEqual(value);
    expect((await get(CONTENT_PATHS.settings, {}, token)).body.data).toEqual(value);
  });
});
