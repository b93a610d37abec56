import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { questionsFor } from '@tcm/analysis/constitution';
import { CORPORATION_PATHS, HTTP_ERRORS, OPEN_API_ERRORS, OPEN_API_PATHS, RECORD_ERRORS } from '@tcm/contract';
import { recordsTable, openApiNonces, openApiTasks } from '../../db/schema/index.js';
import { call, refusedFields } from '../../test/http.js';
import { partnerKey, pollTask, signedCall } from '../../test/open-api-client.js';
import { dataFile } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Both apps share the key that seals app-key secrets, as several processes must (docs/open-api.md). */
const SHARED = { OPEN_API_SECRET_KEY: 'open-api-test-key-open-api-test-key-0123' };
let t: TestApp;
/** A second server process on the same database: nonces, rates and quotas must hold across both. */
let t2: TestApp;
beforeAll(async () => {
  t = await createTestApp(SHARED, [], { jobs: true });
  // Its own pg-boss (it queues analyses) but no analysis worker: an API-only process.
  t2 = await createTestApp({ ...SHARED, ANALYSIS_WORKERS: '0' }, [], { jobs: true });
});
afterAll(async () => {
  await t2.close();
  await t.close();
});

const vitalsOnly = (weightKg = 65) => ({ vitals: { heightCm: 170, weightKg }, lang: 'en' as const });
const photo = () => Buffer.from(dataFile('tongue/images/TE0000458.jpg')).toString('base64');
const code = (r: { body: { code: number } }) => r.body.code;

/** Waits past a minute boundary when one is near, so a per-minute count is not split by it. */
async function awayFromMinuteEdge() {
  const s = new Date().getUTCSeconds();
  if (s >= 55) await new Promise((r) => setTimeout(r, (61 - s) * 1000));
}

describe('open API: signed requests', () => {
  it('401 4500001 for an anonymous call on every endpoint, whatever the body', async () => {
    for (const [method, url] of [
      ['POST', OPEN_API_PATHS.submit],
      ['GET', OPEN_API_PATHS.task(crypto.randomUUID())],
      ['GET', OPEN_API_PATHS.usage],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: { 'content-type': 'text/xml' },
        payload: method === 'POST' ? '<x' : undefined,
      });
      expect([res.statusCode, res.json().code], url).toEqual([401, OPEN_API_ERRORS.SIGNATURE_MISSING.code]);
    }
  });

  it('refuses an unknown key, a wrong secret and a body swapped after signing, each with its own code', async () => {
    const { key } = await partnerKey(t);
    const unknown = await signedCall(t, { appKey: 'tcm_nobody', secret: key.secret }, 'GET', OPEN_API_PATHS.usage);
    expect([unknown.status, code(unknown)]).toEqual([401, OPEN_API_ERRORS.APP_KEY_INVALID.code]);
    const wrong = await signedCall(t, key, 'GET', OPEN_API_PATHS.usage, undefined, { secret: 'not-the-secret' });
    expect([wrong.status, code(wrong)]).toEqual([401, OPEN_API_ERRORS.SIGNATURE_INVALID.code]);
    const swapped = await signedCall(t, key, 'POST', OPEN_API_PATHS.submit, vitalsOnly(), {
      sendBody: JSON.stringify(vitalsOnly(90)),
    });
    expect([swapped.status, code(swapped)]).toEqual([401, OPEN_API_ERRORS.BODY_HASH_MISMATCH.code]);
    const good = await signedCall(t, key, 'GET', OPEN_API_PATHS.usage);
    expect([good.status, good.body.data.dailyQuota]).toEqual([200, 1000]);
  });

  it('refuses a stale timestamp (4500004) and a replayed nonce (4500005), also on another process', async () => {
    const { key } = await partnerKey(t);
    // 30 s past the ±300 s window: a loaded machine may take seconds between signing and checking.
    const old = await signedCall(t, key, 'GET', OPEN_API_PATHS.usage, undefined, {
      timestamp: Math.floor(Date.now() / 1000) - 330,
    });
    expect([old.status, code(old)]).toEqual([401, OPEN_API_ERRORS.TIMESTAMP_STALE.code]);
    const future = await signedCall(t, key, 'GET', OPEN_API_PATHS.usage, undefined, {
      timestamp: Math.floor(Date.now() / 1000) + 330,
    });
    expect(code(future)).toBe(OPEN_API_ERRORS.TIMESTAMP_STALE.code);
    const nonce = crypto.randomUUID().replaceAll('-', '');
    const first = await signedCall(t, key, 'GET', OPEN_API_PATHS.usage, undefined, { nonce });
    expect(first.status).toBe(200);
    const again = await signedCall(t, key, 'GET', OPEN_API_PATHS.usage, undefined, { nonce });
    expect([again.status, code(again)]).toEqual([401, OPEN_API_ERRORS.NONCE_REPLAYED.code]);
    const elsewhere = await signedCall(t2, key, 'GET', OPEN_API_PATHS.usage, undefined, { nonce });
    expect([elsewhere.status, code(elsewhere)]).toEqual([401, OPEN_API_ERRORS.NONCE_REPLAYED.code]);
    const rows = await t.database.db.select().from(openApiNonces).where(eq(openApiNonces.keyId, key.id));
    expect(rows.map((r) => r.nonce)).toContain(nonce);
  });

  it('holds the per-minute rate limit across two server processes (429 4500007)', async () => {
    const { key } = await partnerKey(t, { rateLimitPerMin: 3 });
    await awayFromMinuteEdge();
    const answers = [];
    for (const app of [t, t2, t, t2]) answers.push(await signedCall(app, key, 'GET', OPEN_API_PATHS.usage));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(code(answers[3]!)).toBe(OPEN_API_ERRORS.RATE_LIMITED.code);
    expect(answers[3]!.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('403 4500009 for a corporation without the api flag, and once the corporation is disabled', async () => {
    const off = await partnerKey(t, { api: false });
    const r = await signedCall(t, off.key, 'POST', OPEN_API_PATHS.submit, vitalsOnly());
    expect([r.status, code(r)]).toEqual([403, OPEN_API_ERRORS.API_NOT_ENABLED.code]);
    const on = await partnerKey(t);
    await call(t.app, 'POST', CORPORATION_PATHS.edit, on.admin, { id: on.corporationId, enabled: false });
    const d = await signedCall(t, on.key, 'GET', OPEN_API_PATHS.usage);
    expect([d.status, code(d)]).toEqual([403, OPEN_API_ERRORS.API_NOT_ENABLED.code]);
  });
});

describe('open API: asynchronous analysis', () => {
  it('400 for a bad body, bad Base64, nothing to analyze, a malformed task id and a private webhook URL', async () => {
    const { key } = await partnerKey(t);
    const bad = await signedCall(t, key, 'POST', OPEN_API_PATHS.submit, { kind: 'nope', person: { age: -1 } });
    expect([bad.status, code(bad)]).toEqual([400, HTTP_ERRORS.VALIDATION.code]);
    const b64 = await signedCall(t, key, 'POST', OPEN_API_PATHS.submit, {
      captures: { tongue: { data: '%%%not base64' } },
    });
    expect([b64.status, code(b64)]).toEqual([400, OPEN_API_ERRORS.CAPTURE_INVALID.code]);
    const empty = await signedCall(t, key, 'POST', OPEN_API_PATHS.submit, {});
    expect([empty.status, code(empty)]).toEqual([400, RECORD_ERRORS.RECORD_EMPTY.code]);
    const id = await signedCall(t, key, 'GET', OPEN_API_PATHS.task('abc'));
    expect([id.status, code(id), refusedFields(id.body)]).toEqual([
      400,
      HTTP_ERRORS.VALIDATION.code,
      expect.stringContaining('taskId'),
    ]);
    // Issue 35 item 4: metadata (CGNAT, link-local, AWS v6) and v6 forms of loopback/metadata too.
    for (const webhookUrl of [
      'http://127.0.0.1:9/hook',
      'http://100.100.100.200/latest/meta-data',
      'http://169.254.169.254/latest',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:a9fe:a9fe]/hook',
      'http://[64:ff9b::a9fe:a9fe]/hook',
      'http://[fd00:ec2::254]/latest',
      'http://[2002:7f00:1::]/hook',
      'http://[::]/hook',
      'http://0x7f000001/hook',
    ]) {
      const hook = await signedCall(t, key, 'POST', OPEN_API_PATHS.submit, { ...vitalsOnly(), webhookUrl });
      expect([webhookUrl, hook.status, code(hook)]).toEqual([
        webhookUrl,
        400,
        OPEN_API_ERRORS.WEBHOOK_URL_INVALID.code,
      ]);
    }
    // Refused submissions leave no task behind and take nothing from the quota.
    expect(await t.database.db.select().from(openApiTasks).where(eq(openApiTasks.keyId, key.id))).toEqual([]);
    expect((await signedCall(t, key, 'GET', OPEN_API_PATHS.usage)).body.data.analyses).toBe(0);
  });

  it('a tongue photo and answers → task → poll → typed results and a PDF report link', async () => {
    const { key } = await partnerKey(t);
    const answers = Object.fromEntries(questionsFor('female').map((q) => [q.id, 3]));
    const sub = await signedCall(t, key, 'POST', OPEN_API_PATHS.submit, {
      captures: { tongue: { data: photo(), name: 'tongue.jpg' } },
      answers,
      person: { sex: 'female', age: 40 },
      lang: 'en',
    });
    expect(sub.status).toBe(200);
    expect(sub.body.data).toMatchObject({ replayed: false, reportUrl: null });
    expect(['queued', 'running']).toContain(sub.body.data.status);
    const taskId = sub.body.data.taskId as string;
    const done = await pollTask(t, key, taskId);
    expect(done.body.data.status).toBe('done');
    expect(done.body.data.results.tongue).toMatchObject({ engine: 'tongue', status: 'done' });
    expect(done.body.data.results.constitution).toMatchObject({ engine: 'constitution', status: 'done' });
    expect(done.body.data.progress).toMatchObject({ status: 'done' });
    expect(typeof done.body.data.conclusion).toBe('string');
    const pdf = await t.app.inject({ method: 'GET', url: done.body.data.reportUrl as string });
    expect([pdf.statusCode, pdf.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  }, 150000);

  it('idempotency: the same key and body answer the first task once; another body with the key is 409', async () => {
    const { key } = await partnerKey(t);
    const body = { ...vitalsOnly(), idempotencyKey: 'order-42' };
    const first = await signedCall(t, key, 'POST', OPEN_API_PATHS.submit, body);
    const again = await signedCall(t2, key, 'POST', OPEN_API_PATHS.submit, body);
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.data.taskId).toBe(first.body.data.taskId);
    expect([first.body.data.replayed, again.body.data.replayed]).toEqual([false, true]);
    const tasks = await t.database.db.select().from(openApiTasks).where(eq(openApiTasks.keyId, key.id));
    expect(tasks).toHaveLength(1);
    const records = await t.database.db.select().from(recordsTable).where(eq(recordsTable.id, tasks[0]!.recordId!));
    expect(records).toHaveLength(1);
    const other = await signedCall(t, key, 'POST', OPEN_API_PATHS.submit, {
      ...vitalsOnly(80),
      idempotencyKey: 'order-42',
    });
    expect([other.status, code(other)]).toEqual([409, OPEN_API_ERRORS.IDEMPOTENCY_CONFLICT.code]);
    expect((await signedCall(t, key, 'GET', OPEN_API_PATHS.usage)).body.data.analyses).toBe(1);
  });

  it('the daily quota counts new analyses only, across processes (429 4500008)', async () => {
    const { key } = await partnerKey(t, { dailyQuota: 2 });
    const a = await signedCall(t, key, 'POST', OPEN_API_PATHS.submit, { ...vitalsOnly(60), idempotencyKey: 'a' });
    const b = await signedCall(t2, key, 'POST', OPEN_API_PATHS.submit, vitalsOnly(61));
    const replay = await signedCall(t2, key, 'POST', OPEN_API_PATHS.submit, { ...vitalsOnly(60), idempotencyKey: 'a' });
    const c = await signedCall(t, key, 'POST', OPEN_API_PATHS.submit, vitalsOnly(62));
    expect([a.status, b.status, replay.status, c.status]).toEqual([200, 200, 200, 429]);
    expect([code(c), c.body.data]).toEqual([OPEN_API_ERRORS.QUOTA_EXCEEDED.code, { dailyQuota: 2 }]);
  });

  it('403 4500011 for another corporation’s task, 404 for an unknown one; another key of the same corporation may read it', async () => {
    const mine = await partnerKey(t);
    const theirs = await partnerKey(t);
    const sub = await signedCall(t, mine.key, 'POST', OPEN_API_PATHS.submit, vitalsOnly());
    const taskId = sub.body.data.taskId as string;
    const foreign = await signedCall(t, theirs.key, 'GET', OPEN_API_PATHS.task(taskId));
    expect([foreign.status, code(foreign)]).toEqual([403, OPEN_API_ERRORS.TASK_FORBIDDEN.code]);
    const unknown = await signedCall(t, mine.key, 'GET', OPEN_API_PATHS.task(crypto.randomUUID()));
    expect([unknown.status, code(unknown)]).toEqual([404, OPEN_API_ERRORS.TASK_NOT_FOUND.code]);
    const second = await call(t.app, 'POST', CORPORATION_PATHS.keyAdd, mine.admin, {
      corporationId: mine.corporationId,
    });
    const sibling = await signedCall(t, second.body.data, 'GET', OPEN_API_PATHS.task(taskId));
    expect([sibling.status, sibling.body.data.taskId]).toEqual([200, taskId]);
  });
});
