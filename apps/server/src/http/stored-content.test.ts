import { describe, expect, it } from 'vitest';
import { MENU_ERRORS, MENU_PATHS, TRANSLATION_PATHS } from '@tcm/contract';
import { uid } from '../test/factories.js';
import { call } from '../test/http.js';
import { useAdminApp } from '../test/suite.js';

/** Issue 24 item 10c: links stored as menu entries, and HTML stored as translations. */
const t = useAdminApp();
const JSON_H = { 'content-type': 'application/json' };

const post = (url: string, body: object) => call(t.app, 'POST', url, t.admin, JSON.stringify(body), JSON_H);

describe('menu links', () => {
  it('refuses javascript:, data: and vbscript: in path, frame address and button URL, on add and edit', async () => {
    const bad = [
      'javascript:alert(1)',
      ' JaVa\tScRiPt:alert(1)',
      'data:text/html,<script>x</script>',
      'vbscript:msgbox(1)',
    ];
    for (const v of bad) {
      for (const field of ['path', 'component', 'buttonUrl']) {
        const res = await post(MENU_PATHS.add, { name: `m ${uid()}`, [field]: v });
        expect([v, field, res.status, res.body.code]).toEqual([v, field, 400, MENU_ERRORS.UNSAFE_LINK.code]);
      }
    }
    const ok = await post(MENU_PATHS.add, { name: `m ${uid()}`, path: '/console/a' });
    const edit = await post(MENU_PATHS.edit, { id: ok.body.data.id, path: 'javascript:alert(1)' });
    expect([edit.status, edit.body.code]).toEqual([400, MENU_ERRORS.UNSAFE_LINK.code]);
  });

  it('keeps relative paths and http(s) links', async () => {
    for (const path of ['/doctor/archive', 'views/home', 'https://example.org/help?a=1', 'http://intranet/x']) {
      const res = await post(MENU_PATHS.add, { name: `m ${uid()}`, path });
      expect([path, res.status, res.body.data?.path]).toEqual([path, 200, path]);
    }
  });
});

describe('translation texts', () => {
  const create = (fields: object) =>
    post(TRANSLATION_PATHS.create, { originalText: `t ${uid()}`, ...fields }).then((r) => r.body);

  it('removes script tags, event handlers and javascript: links from HTML entries', async () => {
    const r = await create({
      en: '<p>Hello<script>alert(1)</script></p>',
      fr: '<img src="https://cdn.example/x.png" onerror="alert(1)"><b onclick="x()">bold</b>',
      de: '<a href="javascript:alert(1)">link</a> <a href="https://example.org">ok</a>',
    });
    expect(r.code).toBe(0);
    expect(r.data.en).toBe('<p>Hello</p>');
    expect(r.data.fr).toBe('<img src="https://cdn.example/x.png" /><b>bold</b>');
    expect(r.data.de).toBe('<a>link</a> <a href="https://example.org">ok</a>');
    const up = await post(TRANSLATION_PATHS.update, { id: r.data.id, ru: '<svg onload="alert(1)"></svg>ok' });
    expect(up.body.data.ru).toBe('ok');
    const script = await create({ originalText: `<script>alert(1)</script>${uid()}` });
    expect(script.data.originalText).not.toContain('<script');
  });

  it('keeps plain text and safe HTML exactly as typed', async () => {
    const plain = 'a < b & c > d, Tom & Jerry';
    const html = '<p style="color:red">Hi<br>there &nbsp;<a href="https://example.org" target="_blank">x</a></p>';
    const r = await create({ en: plain, fr: html });
    expect([r.data.en, r.data.fr]).toEqual([plain, html]);
  });
});
