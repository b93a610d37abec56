import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as contract from './index.js';
import { SPEC_ERRORS, type ErrorDef } from './errors.js';

/** Every `*_ERRORS` table the contract exports, flattened to [where, def]. */
const catalogue: Array<[string, ErrorDef]> = Object.entries(contract)
  .filter(([name, v]) => name.endsWith('_ERRORS') && typeof v === 'object' && v !== null)
  .flatMap(([name, table]) =>
    Object.entries(table as Record<string, ErrorDef>).map(([key, def]): [string, ErrorDef] => [`${name}.${key}`, def]),
  );

/** HTTP statuses the API answers errors with (issue 2: 400, 401, 403, 404, 409, 413, 429, 500 and kin). */
const STATUSES = new Set([200, 400, 401, 403, 404, 405, 409, 410, 413, 415, 422, 429, 500, 502, 503]);

describe('error catalog', () => {
  it('holds the areas of the whole product', () => {
    const tables = new Set(catalogue.map(([w]) => w.split('.')[0]));
    for (const t of ['SPEC_ERRORS', 'HTTP_ERRORS', 'AUTH_ERRORS', 'MENU_ERRORS', 'TRANSLATION_ERRORS', 'QUERY_ERRORS'])
      expect(tables, t).toContain(t);
  });

  it('declares every table of errors/*.json (no data file left unread)', () => {
    const dir = new URL('./errors/', import.meta.url);
    const rows = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => Object.values(JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Record<string, ErrorDef>));
    expect(rows.map((d) => d.code).sort()).toEqual(catalogue.map(([, d]) => d.code).sort());
  });

  it('gives every code one meaning, a known HTTP status and both zh and en texts', () => {
    const seen = new Map<number, string>();
    for (const [where, def] of catalogue) {
      expect(Number.isInteger(def.code) && def.code >= 0, where).toBe(true);
      expect(seen.get(def.code), `${where} reuses code ${def.code}`).toBeUndefined();
      seen.set(def.code, where);
      expect(STATUSES.has(def.status), `${where} status ${def.status}`).toBe(true);
      // Status 200 with a non-zero code is an engine quality warning riding on a success.
      if (def.code === 0) expect(def.status, where).toBe(200);
      else if (def.status === 200)
        expect(where, 'only engine warnings may ride on 200').toMatch(/^(FACE|TONGUE|PULSE|VOICE)_ERRORS/);
      expect(def.zh.trim().length > 0 && def.en.trim().length > 0, where).toBe(true);
      // The zh text is Chinese and the en text is not (a copy-paste in the wrong column fails here).
      expect(/[\u4e00-\u9fff]/.test(def.zh), `${where} zh`).toBe(true);
      expect(/[\u4e00-\u9fff]/.test(def.en), `${where} en`).toBe(false);
    }
  });

  it('keeps the codes and texts of spec §8', () => {
    expect(Object.values(SPEC_ERRORS).map((d) => [d.code, d.zh])).toEqual([
      [0, '成功'],
      [1000000, '用户名或密码错误'],
      [1200001, '访问凭据无效,请重新登录'],
      [1200014, '邮箱已存在'],
      [1200015, '手机号已存在'],
      [1200019, '登录名已存在'],
    ]);
    expect(SPEC_ERRORS.TOKEN_INVALID.status).toBe(401);
    expect(contract.DEFAULT_ERROR_TEXT.zh).toBe('系统未知错误,请反馈给管理员');
  });
});
