import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  AUTH_ERRORS,
  CORPORATION_PATHS,
  HTTP_ERRORS,
  OPEN_API_ERRORS,
  OPEN_API_PATHS,
  SPEC_ERRORS,
} from '@tcm/contract';
import { auditLog, openApiKeys } from '../../db/schema/index.js';
import { call, refusedFields } from '../../test/http.js';
import { userWithButtons } from '../console/console-test-helpers.js';
import { partnerKey, signedCall } from '../../test/open-api-client.js';
import { userWithToken } from '../../test/records-helpers.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();

const id = () => crypto.randomUUID();

describe('corporations in the back-office', () => {
  it('401 without a token on every call, before the body is read', async () => {
    const calls: Array<['GET' | 'POST', string]> = [
      ['GET', CORPORATION_PATHS.list],
      ['POST', CORPORATION_PATHS.add],
      ['POST', CORPORATION_PATHS.edit],
      ['GET', CORPORATION_PATHS.keys(id())],
      ['POST', CORPORATION_PATHS.keyAdd],
      ['POST', CORPORATION_PATHS.keyRotate(id())],
      ['POST', CORPORATION_PATHS.keyRevoke(id())],
      ['GET', CORPORATION_PATHS.usage(id())],
    ];
    for (const [m, url] of calls) {
      const r = await call(t.app, m, url, undefined, m === 'POST' ? { name: 7 } : undefined);
      expect([r.status, r.body.code], url).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
    }
  });

  it('403 for a member, and for a back-office user without the buttons (the list and usage included)', async () => {
    const member = (await userWithToken(t, { entrance: 'member' })).token;
    const plain = (await userWithToken(t, { entrance: 'sys' })).token;
    const m = await call(t.app, 'GET', CORPORATION_PATHS.list, member);
    expect([m.status, m.body.code]).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
    for (const [method, url] of [
      ['GET', CORPORATION_PATHS.list],
      ['GET', CORPORATION_PATHS.usage(id())],
      ['POST', CORPORATION_PATHS.add],
      ['POST', CORPORATION_PATHS.edit],
      ['POST', CORPORATION_PATHS.keyAdd],
      ['POST', CORPORATION_PATHS.keyRotate(id())],
      ['POST', CORPORATION_PATHS.keyRevoke(id())],
      ['GET', CORPORATION_PATHS.keys(id())],
    ] as const) {
      const r = await call(t.app, method, url, plain, method === 'POST' ? { bad: true } : undefined);
      expect([r.status, r.body.code], url).toEqual([403, AUTH_ERRORS.FORBIDDEN.code]);
    }
  });

  it('a back-office role holding sysCorp-view lists corporations and their usage, and nothing more', async () => {
    const { token } = await userWithButtons(t, ['sysCorp-view']);
    const list = await call(t.app, 'GET', CORPORATION_PATHS.list, token);
    expect([list.status, Array.isArray(list.body.data)]).toEqual([200, true]);
    const { corporationId } = await partnerKey(t);
    expect((await call(t.app, 'GET', CORPORATION_PATHS.usage(corporationId), token)).status).toBe(200);
    const add = await call(t.app, 'POST', CORPORATION_PATHS.add, token, { name: `x ${id()}` });
    expect([add.status, add.body.data.missingButtons]).toEqual([403, ['sysCorp-add']]);
  });

  it('400 for bad bodies and parameters; 404 for an unknown corporation or key; 409 for a taken name', async () => {
    const admin = (await userWithToken(t, { roleCodes: ['admin'] })).token;
    const bad = await call(t.app, 'POST', CORPORATION_PATHS.add, admin, { name: '', flags: { api: 'yes' } });
    expect([bad.status, bad.body.code]).toEqual([400, HTTP_ERRORS.VALIDATION.code]);
    const badKey = await call(t.app, 'POST', CORPORATION_PATHS.keyAdd, admin, { corporationId: id(), dailyQuota: 0 });
    expect(badKey.status).toBe(400);
    for (const [m, url] of [
      ['GET', CORPORATION_PATHS.usage('abc')],
      ['GET', CORPORATION_PATHS.keys('abc')],
      ['POST', CORPORATION_PATHS.keyRotate('abc')],
      ['POST', CORPORATION_PATHS.keyRevoke('abc')],
    ] as const) {
      const r = await call(t.app, m, url, admin);
      expect([r.status, refusedFields(r.body)], url).toEqual([400, 'id']);
    }
    const badEdit = await call(t.app, 'POST', CORPORATION_PATHS.edit, admin, { id: 'abc', flags: { h5: 1 } });
    expect([badEdit.status, badEdit.body.code]).toEqual([400, HTTP_ERRORS.VALIDATION.code]);
    const badDays = await call(t.app, 'GET', `${CORPORATION_PATHS.usage(id())}?days=0`, admin);
    expect([badDays.status, refusedFields(badDays.body)]).toEqual([400, expect.stringContaining('days')]);
    const none = await call(t.app, 'GET', CORPORATION_PATHS.keys(id()), admin);
    expect([none.status, none.body.code]).toEqual([404, OPEN_API_ERRORS.CORPORATION_NOT_FOUND.code]);
    const noKey = await call(t.app, 'POST', CORPORATION_PATHS.keyRevoke(id()), admin);
    expect([noKey.status, noKey.body.code]).toEqual([404, OPEN_API_ERRORS.APP_KEY_NOT_FOUND.code]);
    const name = `Clinic ${id()}`;
    expect((await call(t.app, 'POST', CORPORATION_PATHS.add, admin, { name })).status).toBe(200);
    const taken = await call(t.app, 'POST', CORPORATION_PATHS.add, admin, { name });
    expect([taken.status, taken.body.code]).toEqual([409, OPEN_API_ERRORS.CORPORATION_NAME_TAKEN.code]);
  });

  it('adds, lists and edits a corporation with its menu flags (api, h5, wx)', async () => {
    const admin = (await userWithToken(t, { roleCodes: ['admin'] })).token;
    const name = `Kiosk maker ${id()}`;
    const added = await call(t.app, 'POST', CORPORATION_PATHS.add, admin, {
      name,
      contact: 'ops@example.com',
      flags: { api: true, h5: true, wx: false },
    });
    expect(added.body.data).toMatchObject({
      name,
      flags: { api: true, h5: true, wx: false },
      enabled: true,
      activeKeys: 0,
    });
    const edited = await call(t.app, 'POST', CORPORATION_PATHS.edit, admin, {
      id: added.body.data.id,
      flags: { wx: true },
    });
    expect(edited.body.data.flags).toEqual({ api: true, h5: true, wx: true });
    const list = await call(t.app, 'GET', CORPORATION_PATHS.list, admin);
    expect(list.body.data.find((c: { id: string }) => c.id === added.body.data.id)).toMatchObject({
      flags: { wx: true },
    });
  });

  it('a key’s secret is answered once, stored sealed; rotation stops the old secret, revocation the key; audited', async () => {
    const { admin, corporationId, key } = await partnerKey(t);
    expect(key.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(openApiKeys).where(eq(openApiKeys.id, key.id));
    expect(row!.secretEnc).not.toContain(key.secret);
    const keys = await call(t.app, 'GET', CORPORATION_PATHS.keys(corporationId), admin);
    expect(keys.body.data).toHaveLength(1);
    expect(keys.body.data[0].secret).toBeUndefined();
    expect((await signedCall(t, key, 'GET', OPEN_API_PATHS.usage)).status).toBe(200);

    const rotated = await call(t.app, 'POST', CORPORATION_PATHS.keyRotate(key.id), admin);
    expect(rotated.body.data.appKey).toBe(key.appKey);
    expect(rotated.body.data.secret).not.toBe(key.secret);
    const old = await signedCall(t, key, 'GET', OPEN_API_PATHS.usage);
    expect([old.status, old.body.code]).toEqual([401, OPEN_API_ERRORS.SIGNATURE_INVALID.code]);
    expect((await signedCall(t, rotated.body.data, 'GET', OPEN_API_PATHS.usage)).status).toBe(200);

    await call(t.app, 'POST', CORPORATION_PATHS.keyRevoke(key.id), admin);
    const revoked = await signedCall(t, rotated.body.data, 'GET', OPEN_API_PATHS.usage);
    expect([revoked.status, revoked.body.code]).toEqual([401, OPEN_API_ERRORS.APP_KEY_INVALID.code]);
    const again = await call(t.app, 'POST', CORPORATION_PATHS.keyRotate(key.id), admin);
    expect([again.status, again.body.code]).toEqual([409, OPEN_API_ERRORS.APP_KEY_REVOKED.code]);
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.targetId, key.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'openapi.key.create',
      'openapi.key.revoke',
      'openapi.key.rotate',
    ]);
  });

  it('meters calls per UTC day and operation, with errors, for the usage page', async () => {
    const { admin, corporationId, key } = await partnerKey(t);
    await signedCall(t, key, 'GET', OPEN_API_PATHS.usage);
    await signedCall(t, key, 'GET', OPEN_API_PATHS.usage);
    await signedCall(t, key, 'GET', OPEN_API_PATHS.task(id())); // 404: an error
    await signedCall(t, key, 'GET', OPEN_API_PATHS.usage, undefined, { secret: 'wrong' }); // not the key's: not metered
    const usage = await call(t.app, 'GET', `${CORPORATION_PATHS.usage(corporationId)}?days=7`, admin);
    expect(usage.status).toBe(200);
    expect(usage.body.data.days).toHaveLength(7);
    const today = usage.body.data.days.at(-1);
    expect(today).toEqual({
      day: new Date().toISOString().slice(0, 10),
      calls: { usage: 2, task: 1 },
      errors: 1,
      analyses: 0,
    });
  });
});
