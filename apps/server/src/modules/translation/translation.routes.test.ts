import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  AUTH_ERRORS,
  HTTP_ERRORS,
  QUERY_ERRORS,
  SPEC_ERRORS,
  TRANSLATION_ERRORS,
  TRANSLATION_PATHS,
  type CombinedQuery,
} from '@tcm/contract';
import { buildUser, uid } from '../../test/factories.js';
import { call, refusedFields, signIn, jsonPost } from '../../test/http.js';
import { useAdminApp } from '../../test/suite.js';

const t = useAdminApp();
let consoleUser: string;
let member: string;
const JSON_H = { 'content-type': 'application/json' };
const sha = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

beforeAll(async () => {
  const c = await buildUser(t.database.db, { roleCodes: ['console-user'] });
  consoleUser = (await signIn(t, c.loginName, c.password)).access_token;
  const m = await buildUser(t.database.db, { entrance: 'member' });
  member = (await signIn(t, m.loginName, m.password, '/backend/member/auth/signin')).access_token;
});

const post = jsonPost(t);
const create = (body: object, token = t.admin) => post(TRANSLATION_PATHS.create, token, body);

describe('language translation admin', () => {
  it('answers 401 with 1200001 without a token on every call', async () => {
    for (const [m, url] of [
      ['POST', TRANSLATION_PATHS.list],
      ['GET', TRANSLATION_PATHS.init],
      ['POST', TRANSLATION_PATHS.create],
      ['POST', TRANSLATION_PATHS.update],
      ['DELETE', TRANSLATION_PATHS.remove(1)],
      ['GET', TRANSLATION_PATHS.find(1)],
    ] as const) {
      const r = await call(t.app, m, url, undefined, m === 'POST' ? '{}' : undefined, m === 'POST' ? JSON_H : {});
      expect([url, r.status, r.body.code]).toEqual([url, 401, SPEC_ERRORS.TOKEN_INVALID.code]);
    }
  });

  it('answers 403 to other entrances and to back-office users without the button codes', async () => {
    expect((await post(TRANSLATION_PATHS.list, member, {})).status).toBe(403);
    const r = await create({ originalText: `禁止 ${uid()}` }, consoleUser);
    expect([r.status, r.body.code]).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
    expect((await post(TRANSLATION_PATHS.update, consoleUser, { id: 1, en: 'x' })).status).toBe(403);
    expect((await call(t.app, 'DELETE', TRANSLATION_PATHS.remove(1), consoleUser)).status).toBe(403);
  });

  it('answers 400 on bad input, naming the rule', async () => {
    const empty = await create({ originalText: '   ' });
    expect([empty.status, empty.body.code]).toEqual([400, HTTP_ERRORS.VALIDATION.code]);
    // The form shows the spec's own words (请填写原文 / 简体中文 / zh-Hans！, TranslationDialog.test);
    // the API names the field and words the rule in the reader's language (issue 32 item 2).
    expect([refusedFields(empty.body), empty.body.msg]).toEqual(['originalText', '不能为空']);
    expect((await create({ en: 'no original' })).status).toBe(400);
    expect((await post(TRANSLATION_PATHS.update, t.admin, { id: 'x' })).status).toBe(400);
    expect((await call(t.app, 'GET', TRANSLATION_PATHS.find('abc'), t.admin)).status).toBe(400);
    const q: CombinedQuery = {
      join: 'and',
      groups: [
        { conditions: [{ connector: 'and', name: 'passwordHash', type: 'string', operator: 'EQ', value: 'x' }] },
      ],
    };
    const bad = await post(TRANSLATION_PATHS.list, t.admin, { query: q });
    expect([bad.status, bad.body.code]).toEqual([400, QUERY_ERRORS.FIELD_NOT_ALLOWED.code]);
  });

  it('creates keyed by the SHA-256 of the original, refuses a duplicate, finds, updates without touching the original, deletes', async () => {
    const original = `<p>舌质淡红 ${uid()}</p>`;
    const c = await create({ originalText: original, en: 'Pale red tongue', remark: 'html', th: '' });
    expect(c.body.code).toBe(0);
    const e = c.body.data;
    expect(e).toMatchObject({
      originalText: original,
      originalHash: sha(original),
      en: 'Pale red tongue',
      th: null,
      remark: 'html',
    });
    expect(e.id).toBeGreaterThan(0);

    const dup = await create({ originalText: original });
    expect([dup.status, dup.body.code]).toEqual([409, TRANSLATION_ERRORS.DUPLICATE.code]);

    const found = await call(t.app, 'GET', TRANSLATION_PATHS.find(e.id), t.admin);
    expect(found.body.data.originalHash).toBe(sha(original));

    const u = await post(TRANSLATION_PATHS.update, t.admin, {
      id: e.id,
      en: 'Pale-red tongue',
      fr: 'Langue rose pâle',
      originalText: 'changed',
    });
    expect(u.body.code).toBe(0);
    expect(u.body.data).toMatchObject({
      originalText: original,
      originalHash: sha(original),
      en: 'Pale-red tongue',
      fr: 'Langue rose pâle',
      remark: 'html',
    });

    expect((await post(TRANSLATION_PATHS.update, t.admin, { id: 99999999, en: 'x' })).status).toBe(404);
    expect((await call(t.app, 'DELETE', TRANSLATION_PATHS.remove(e.id), t.admin)).body.code).toBe(0);
    expect((await call(t.app, 'GET', TRANSLATION_PATHS.find(e.id), t.admin)).status).toBe(404);
  });

  it('lists with paging, keyword and the combined query; init names the languages and fields', async () => {
    const tag = uid();
    for (const [i, en] of ['apple', 'banana', 'cherry'].entries())
      await create({ originalText: `水果${i} ${tag}`, en: `${en} ${tag}` });
    const page = await post(`${TRANSLATION_PATHS.list}?page=1&size=2`, t.admin, { keyword: tag });
    expect(page.body.data.total).toBe(3);
    expect(page.body.data.list).toHaveLength(2);
    const q: CombinedQuery = {
      join: 'and',
      groups: [
        {
          conditions: [
            { connector: 'and', name: 'originalText', type: 'string', operator: 'LLK', value: tag },
            { connector: 'and', name: 'en', type: 'string', operator: 'RLK', value: 'b' },
          ],
        },
      ],
    };
    const filtered = await post(TRANSLATION_PATHS.list, t.admin, { query: q });
    expect(filtered.body.data.list.map((x: { en: string }) => x.en)).toEqual([`banana ${tag}`]);
    const init = await call(t.app, 'GET', TRANSLATION_PATHS.init, consoleUser);
    expect(init.body.data.languages.map((l: { key: string }) => l.key)).toEqual([
      'originalText',
      'zhHant',
      'en',
      'th',
      'ms',
      'ind',
      'jpa',
      'kor',
      'fr',
      'de',
      'ru',
    ]);
    expect(init.body.data.queryFields.map((f: { name: string }) => f.name)).toContain('originalText');
  });
});

describe('public language resource', () => {
  const q = (o: object) => `?entry=${encodeURIComponent(JSON.stringify(o))}`;
  it('finds by hash or text without a token; creates and updates with the entry JSON in the URL', async () => {
    const original = `望诊 ${uid()}`;
    const none = await call(t.app, 'GET', TRANSLATION_PATHS.portalFind + q({ originalText: original }));
    expect([none.status, none.body.code, none.body.data]).toEqual([200, 0, null]);

    expect((await call(t.app, 'POST', TRANSLATION_PATHS.portalCreate + q({ originalText: original }))).status).toBe(
      401,
    );
    expect(
      (await call(t.app, 'POST', TRANSLATION_PATHS.portalCreate + q({ originalText: original }), consoleUser)).status,
    ).toBe(403);
    const made = await call(
      t.app,
      'POST',
      TRANSLATION_PATHS.portalCreate + q({ originalText: original, en: 'Inspection' }),
      t.admin,
    );
    expect(made.body).toMatchObject({ code: 0, data: { originalHash: sha(original), en: 'Inspection' } });

    const byHash = await call(t.app, 'GET', TRANSLATION_PATHS.portalFind + q({ originalHash: sha(original) }));
    expect(byHash.body.data.en).toBe('Inspection');
    const upd = await call(
      t.app,
      'POST',
      TRANSLATION_PATHS.portalUpdate + q({ id: made.body.data.id, en: 'Looking' }),
      t.admin,
    );
    expect(upd.body.data.en).toBe('Looking');

    const bad = await call(t.app, 'GET', `${TRANSLATION_PATHS.portalFind}?entry=${encodeURIComponent('{nope')}`);
    expect([bad.status, bad.body.code]).toEqual([400, TRANSLATION_ERRORS.ENTRY_INVALID.code]);
    expect((await call(t.app, 'GET', TRANSLATION_PATHS.portalFind + q({ originalHash: 'abc' }))).status).toBe(400);
  });
});
