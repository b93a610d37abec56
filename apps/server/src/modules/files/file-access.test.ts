import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ERRORS, FILE_PATHS, RECORD_PATHS } from '@tcm/contract';
import { auditLog } from '../../db/schema/index.js';
import { call } from '../../test/http.js';
import { dataFile, postFile, userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { insertRecord } from '../records/records.repo.js';
import { newShareToken } from '../records/records.service.js';
import { FileSigner } from './file-signing.js';

/** Issue 25 item 5: health files only with the session or a short-lived signed URL (docs/security.md §12). */
let t: TestApp;
let a: Awaited<ReturnType<typeof userWithToken>>;
let b: Awaited<ReturnType<typeof userWithToken>>;
const TONGUE = 'tongue/images/TE0000458.jpg';

beforeAll(async () => {
  t = await createTestApp();
  a = await userWithToken(t, { entrance: 'member' });
  b = await userWithToken(t, { entrance: 'member' });
});
afterAll(() => t.close());

async function upload(url: string, token: string | undefined, name = 't.jpg') {
  const res = await postFile(t, dataFile(TONGUE), name, token, url);
  expect(res.json().code).toBe(0);
  return res.json().data as { uuid: string; url: string };
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const refusal = (res: Awaited<ReturnType<typeof get>>) => [res.statusCode, res.json().code as number];

async function fileRows(id: string) {
  await t.app.ctx.audit.flush();
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'file'), eq(auditLog.targetId, id)));
}

describe('health files need a session or a signed URL', () => {
  it('refuses an anonymous fetch by uuid (401 4600003), also of a public-site upload', async () => {
    const mine = await upload(FILE_PATHS.upload, a.token);
    const portal = await upload(FILE_PATHS.portalOssUpload, undefined);
    for (const id of [mine.uuid, portal.uuid])
      expect(refusal(await get(FILE_PATHS.view(id)))).toEqual([401, AUDIT_ERRORS.FILE_SIGN_IN_REQUIRED.code]);
    const rows = await fileRows(mine.uuid);
    expect(rows.map((r) => [r.actorKind, r.status, r.verb])).toEqual([['anonymous', 401, 'read']]);
  });

  it("refuses another member's photo by session (403 4600004); the uploader's own session opens it", async () => {
    const f = await upload(FILE_PATHS.upload, a.token);
    const other = await get(FILE_PATHS.view(f.uuid), { authorization: `Bearer ${b.token}` });
    expect(refusal(other)).toEqual([403, AUDIT_ERRORS.FILE_FORBIDDEN.code]);
    // The cookie an <img> sends counts as the session too.
    expect((await get(FILE_PATHS.view(f.uuid), { cookie: `access_token=${a.token}` })).statusCode).toBe(200);
    const rows = await fileRows(f.uuid);
    expect(rows.map((r) => [r.actorKind, r.actorUserId, r.status]).sort()).toEqual(
      [
        ['member', a.user.id, 200],
        ['member', b.user.id, 403],
      ].sort(),
    );
  });

  it('a record’s viewer opens its photo by session; a stranger does not', async () => {
    const f = await upload(FILE_PATHS.upload, b.token);
    // A record about member A made from B's upload (as a leader's capture would be).
    await insertRecord(t.database.db, {
      source: 'member',
      status: 'done',
      ownerUserId: b.user.id,
      subjectUserId: a.user.id,
      files: { tongue: f.uuid },
      shareToken: newShareToken(),
    });
    expect((await get(FILE_PATHS.view(f.uuid), { authorization: `Bearer ${a.token}` })).statusCode).toBe(200);
    const c = await userWithToken(t, { entrance: 'member' });
    expect((await get(FILE_PATHS.view(f.uuid), { authorization: `Bearer ${c.token}` })).statusCode).toBe(403);
  });
});

describe('signed URLs', () => {
  it('a signed URL from the API opens the file without a session, with resize parameters, and is audited', async () => {
    const f = await upload(FILE_PATHS.upload, a.token);
    expect(f.url).toMatch(new RegExp(`^${FILE_PATHS.view(f.uuid)}\\?exp=\\d+&sig=[\\w-]+$`));
    const res = await get(`${f.url}&w=64`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe(`private, max-age=${t.config.files.urlTtlS}`);
    const rows = await fileRows(f.uuid);
    expect(rows.map((r) => [r.actorKind, r.actorUserId, r.status])).toEqual([['signed-url', null, 200]]);
  });

  it('expires: a URL signed longer ago than its life answers 410 4600001', async () => {
    const f = await upload(FILE_PATHS.upload, a.token);
    const signer = t.app.ctx.fileSigner;
    expect(signer.ttlS).toBeLessThanOrEqual(900);
    const fresh = signer.url(f.uuid);
    expect((await get(fresh)).statusCode).toBe(200);
    const old = signer.url(f.uuid, Date.now() - (signer.ttlS + 61) * 1000);
    expect(refusal(await get(old))).toEqual([410, AUDIT_ERRORS.FILE_SIGNATURE_EXPIRED.code]);
  });

  it('refuses forged signatures (403 4600002): changed, another file’s, another key’s, a stretched expiry', async () => {
    const f = await upload(FILE_PATHS.upload, a.token);
    const g = await upload(FILE_PATHS.upload, a.token);
    const [, query] = f.url.split('?') as [string, string];
    const sig = new URLSearchParams(query).get('sig')!;
    const exp = Number(new URLSearchParams(query).get('exp'));
    const flipped = (sig[0] === 'A' ? 'B' : 'A') + sig.slice(1);
    const forged = [
      `${FILE_PATHS.view(f.uuid)}?exp=${exp}&sig=${flipped}`,
      `${FILE_PATHS.view(g.uuid)}?${query}`,
      new FileSigner('another-key-another-key-another-key!!', 600).url(f.uuid),
      `${FILE_PATHS.view(f.uuid)}?exp=${exp + 86400}&sig=${sig}`,
      `${FILE_PATHS.view(f.uuid)}?exp=${exp}`,
    ];
    for (const url of forged)
      expect(refusal(await get(url)), url).toEqual([403, AUDIT_ERRORS.FILE_SIGNATURE_INVALID.code]);
  });
});

describe('share pages and public images', () => {
  it("the share page's photos load by their signed URLs; the token grants that record's files only", async () => {
    const tongue = await upload(FILE_PATHS.upload, a.token);
    const mask = await upload(FILE_PATHS.upload, a.token);
    const stranger = await upload(FILE_PATHS.upload, b.token);
    const shareToken = newShareToken();
    const r = await insertRecord(t.database.db, {
      source: 'member',
      status: 'done',
      ownerUserId: a.user.id,
      files: { tongue: tongue.uuid },
      tongueMaskFileId: mask.uuid,
      shareToken,
    });
    const shared = await call(t.app, 'GET', RECORD_PATHS.shared(shareToken));
    expect(shared.status).toBe(200);
    const d = shared.body.data as { files: { tongue: { url: string } }; tongueMaskUrl: string };
    expect((await get(d.files.tongue.url)).statusCode).toBe(200);
    expect((await get(`${d.tongueMaskUrl}&w=120`)).statusCode).toBe(200);
    // Nothing in the share page opens another record's file.
    expect(JSON.stringify(shared.body.data)).not.toContain(stranger.uuid);
    expect((await get(FILE_PATHS.view(stranger.uuid))).statusCode).toBe(401);
    // The share view itself is in the log, as the record it opened, by share token.
    await t.app.ctx.audit.flush();
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, r.id), eq(auditLog.entity, 'record')));
    expect(rows.map((x) => [x.actorKind, x.verb, x.status])).toEqual([['share-token', 'read', 200]]);
    expect(JSON.stringify(rows[0]!.detail)).not.toContain(shareToken);
  });

  it('public CMS images (editor uploads: news covers, logos) stay public and leave no audit row', async () => {
    const cover = await upload(FILE_PATHS.editorOssUpload, a.token);
    expect(cover.url).toBe(FILE_PATHS.view(cover.uuid));
    const res = await get(`${cover.url}?w=64`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(await fileRows(cover.uuid)).toEqual([]);
  });
});
