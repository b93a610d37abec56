import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_ERRORS, RECORD_PATHS } from '@tcm/contract';
import { recordsTable, users } from '../../db/schema/index.js';
import { call } from '../../test/http.js';
import { userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { DetailCache } from './detail-cache.js';
import { insertRecord } from './records.repo.js';
import { newShareToken } from './records.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function detailText(id: string, token: string, lang = 'zh') {
  const res = await t.app.inject({
    method: 'GET',
    url: RECORD_PATHS.detail(id),
    headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
  });
  return { status: res.statusCode, text: res.body, type: res.headers['content-type'] };
}

async function memberRecord() {
  const owner = await userWithToken(t, { entrance: 'member', name: 'Cache Owner' });
  const r = await insertRecord(t.database.db, {
    source: 'member',
    ownerUserId: owner.user.id,
    subjectUserId: owner.user.id,
    status: 'done',
    personName: 'first name',
    shareToken: newShareToken(),
  });
  return { owner, id: r.id };
}

describe('record detail: answered from memory while the record is unchanged', () => {
  it('answers the same text twice, and a change by any writer (one that does not set updated_at too) shows at once', async () => {
    const { owner, id } = await memberRecord();
    const first = await detailText(id, owner.token);
    expect(first.status).toBe(200);
    expect(first.type).toMatch(/^application\/json/);
    const again = await detailText(id, owner.token);
    expect(again.text).toBe(first.text);
    expect(JSON.parse(first.text)).toMatchObject({
      code: 0,
      data: { id, person: { name: 'first name' }, ownerName: 'Cache Owner' },
    });

    // A bare UPDATE that leaves updated_at alone: the row's version (xmin) still moves.
    const before = await t.database.db
      .select({ u: recordsTable.updatedAt })
      .from(recordsTable)
      .where(eq(recordsTable.id, id));
    await t.database.db.execute(sql`update ${recordsTable} set person_name = 'second name' where id = ${id}`);
    const after = await t.database.db
      .select({ u: recordsTable.updatedAt })
      .from(recordsTable)
      .where(eq(recordsTable.id, id));
    expect(after[0]!.u.getTime()).toBe(before[0]!.u.getTime());
    const changed = JSON.parse((await detailText(id, owner.token)).text);
    expect(changed.data.person.name).toBe('second name');

    // The owner's name lives in another table: a rename shows too.
    await t.database.db.update(users).set({ name: 'Renamed Owner' }).where(eq(users.id, owner.user.id));
    expect(JSON.parse((await detailText(id, owner.token)).text).data.ownerName).toBe('Renamed Owner');
  });

  it('the envelope follows the reader language on a cached answer', async () => {
    const { owner, id } = await memberRecord();
    const zh = JSON.parse((await detailText(id, owner.token, 'zh')).text);
    const en = JSON.parse((await detailText(id, owner.token, 'en')).text);
    expect(en.data).toEqual(zh.data);
    expect(en.msg).not.toBe(zh.msg);
  });

  it('a cached detail is still refused to another member (403) and a missing record is 404', async () => {
    const { owner, id } = await memberRecord();
    expect((await detailText(id, owner.token)).status).toBe(200);
    const other = await userWithToken(t, { entrance: 'member' });
    const refused = await call(t.app, 'GET', RECORD_PATHS.detail(id), other.token);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(RECORD_ERRORS.RECORD_FORBIDDEN.code);
    const missing = await call(t.app, 'GET', RECORD_PATHS.detail(crypto.randomUUID()), owner.token);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe(RECORD_ERRORS.RECORD_NOT_FOUND.code);
  });
});

describe('DetailCache', () => {
  it('serves an entry only for its stamp and within its age, and drops the least recently used past its size', () => {
    let now = 0;
    const cache = new DetailCache(4 * 2 * 100, 1000, () => now);
    cache.set('a', 's1', 'x'.repeat(100));
    expect(cache.get('a', 's1')).toBe('x'.repeat(100));
    expect(cache.get('a', 's2')).toBeUndefined();
    expect(cache.get('a', 's1')).toBeUndefined(); // a changed stamp dropped it
    cache.set('a', 's1', 'a'.repeat(100));
    now = 1001;
    expect(cache.get('a', 's1')).toBeUndefined();
    now = 2000;
    for (const id of ['a', 'b', 'c', 'd']) cache.set(id, 's', id.repeat(100));
    expect(cache.get('a', 's')).toBeDefined(); // a is now the most recent
    cache.set('e', 's', 'e'.repeat(100));
    expect(cache.get('b', 's')).toBeUndefined();
    expect(cache.get('a', 's')).toBeDefined();
    expect(cache.size.entries).toBe(4);
    expect(cache.size.bytes).toBe(800);
    // Larger than a quarter of the room: not kept.
    cache.set('big', 's', 'z'.repeat(101));
    expect(cache.get('big', 's')).toBeUndefined();
  });
});
