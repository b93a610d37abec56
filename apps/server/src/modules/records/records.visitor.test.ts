import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_ERRORS, MAX_UPLOAD_BYTES, RECORD_ERRORS, RECORD_PATHS } from '@tcm/contract';
import { call } from '../../test/http.js';
import { dataFile, multipart, waitFor, type Part } from '../../test/records-helpers.js';
// The report package's poppler helpers (test-only, not exported by the package).
import { ensurePoppler, inspectPdf } from '../../../../../packages/report/src/testing/poppler.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, [], { jobs: true });
});
afterAll(async () => t.close());

const TONGUE = 'tongue/images/TE0000458.jpg';

async function analyze(parts: Part[], headers: Record<string, string> = {}) {
  const m = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: RECORD_PATHS.visitorCreate,
    headers: { ...m.headers, ...headers },
    payload: m.payload,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: any }>() };
}

describe('visitor capture (no sign-in) and the open share routes', () => {
  it('wrong type, over 10 MB, corrupt, no file: clear codes, nothing created', async () => {
    const wrong = await analyze(
      [{ field: 'file', filename: 'x.jpg', value: dataFile('voice/sustained-a-118hz.wav') }],
      { language: 'en' },
    );
    expect([wrong.status, wrong.body.code, wrong.body.msg]).toEqual([
      400,
      FILE_ERRORS.FILE_TYPE_NOT_ALLOWED.code,
      FILE_ERRORS.FILE_TYPE_NOT_ALLOWED.en,
    ]);
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 1);
    big.set(dataFile(TONGUE).subarray(0, 64));
    const tooBig = await analyze([{ field: 'file', filename: 'big.jpg', value: big }]);
    expect([tooBig.status, tooBig.body.code, tooBig.body.msg]).toEqual([
      413,
      FILE_ERRORS.FILE_TOO_LARGE.code,
      FILE_ERRORS.FILE_TOO_LARGE.zh,
    ]);
    const jpeg = dataFile(TONGUE);
    const corrupt = await analyze([{ field: 'file', filename: 'c.jpg', value: jpeg.subarray(0, 3000) }]);
    expect([corrupt.status, corrupt.body.code]).toEqual([400, FILE_ERRORS.FILE_CORRUPT.code]);
    const none = await analyze([{ field: 'kind', value: 'normal' }]);
    expect([none.status, none.body.code]).toEqual([400, FILE_ERRORS.FILE_MISSING.code]);
    const badKind = await analyze([
      { field: 'file', filename: 't.jpg', value: jpeg },
      { field: 'kind', value: 'adult' },
    ]);
    expect(badKind.status).toBe(400);
  });

  it('a real tongue photo through the queue to a done record: detail, events, mask and report (zh, en) by token', async () => {
    const res = await analyze([
      { field: 'file', filename: 'tongue.jpg', value: dataFile(TONGUE) },
      { field: 'kind', value: 'child' },
      { field: 'lang', value: 'en' },
    ]);
    expect(res.status).toBe(200);
    const { shareToken, recordId } = res.body.data;
    expect(shareToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const events = await t.app.inject({ method: 'GET', url: RECORD_PATHS.sharedEvents(shareToken) });
    expect(events.body).toMatch(/event: end\n/);
    const detail = await call(t.app, 'GET', RECORD_PATHS.shared(shareToken));
    expect(detail.body.data).toMatchObject({
      id: recordId,
      source: 'visitor',
      kind: 'child',
      lang: 'en',
      ownerId: null,
    });
    expect(detail.body.data.files.tongue.mime).toBe('image/jpeg');
    expect(detail.body.data.failure).toBeNull();
    expect(detail.body.data.status).toBe('done');
    const tongue = detail.body.data.results.tongue;
    expect(tongue.status).toBe('done');
    expect(tongue.version).toMatchObject({
      engine: expect.stringMatching(/^tongue/),
      model: expect.stringMatching(/^tongue-seg/),
    });
    expect(tongue.result.mask.polygon.length).toBeGreaterThanOrEqual(3);
    expect(tongue.result.features.bodyColor.label).toEqual(expect.any(String));
    expect(detail.body.data.results.synthesis.status).toBe('done');
    expect(detail.body.data.progress).toMatchObject({ status: 'done', done: 2, total: 2 });
    // The mask picture the engine made, served like any stored image.
    const mask = await t.app.inject({ method: 'GET', url: detail.body.data.tongueMaskUrl });
    expect([mask.statusCode, mask.headers['content-type']]).toEqual([200, 'image/png']);
    ensurePoppler();
    for (const lang of ['zh', 'en'] as const) {
      const pdf = await t.app.inject({ method: 'GET', url: `${RECORD_PATHS.sharedReport(shareToken)}?lang=${lang}` });
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const { text, images } = inspectPdf(pdf.rawPayload);
      expect(text).toContain(lang === 'zh' ? '舌色' : 'Body color');
      expect(images).toBeGreaterThanOrEqual(1);
    }
    // Retry is for failed records only.
    const retry = await call(t.app, 'POST', RECORD_PATHS.sharedRetry(shareToken));
    expect([retry.status, retry.body.code]).toEqual([409, RECORD_ERRORS.RECORD_NOT_RETRYABLE.code]);
    const unknown = await call(t.app, 'GET', RECORD_PATHS.shared('A'.repeat(43)));
    expect([unknown.status, unknown.body.code]).toEqual([404, RECORD_ERRORS.RECORD_NOT_FOUND.code]);
    expect((await call(t.app, 'GET', RECORD_PATHS.shared('short'))).status).toBe(400);
  }, 120000);

  it('the sample report of the preview view, in zh and en', async () => {
    for (const lang of ['zh', 'en']) {
      const pdf = await t.app.inject({ method: 'GET', url: `${RECORD_PATHS.reportPreview}?lang=${lang}` });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  }, 60000);
});

describe('a photo without a tongue', () => {
  it('fails the visitor record with the tongue engine’s reason, keeps the photo, and retry runs it again', async () => {
    const res = await analyze([{ field: 'file', filename: 'face.jpg', value: dataFile('face/04-man.jpg') }], {
      language: 'en',
    });
    expect(res.status).toBe(200);
    const { shareToken } = res.body.data;
    await t.app.inject({ method: 'GET', url: RECORD_PATHS.sharedEvents(shareToken) });
    const failed = await call(t.app, 'GET', RECORD_PATHS.shared(shareToken));
    expect(failed.body.data.status).toBe('failed');
    expect(failed.body.data.failure.engine).toBe('tongue');
    expect(failed.body.data.failure.code).toBeGreaterThanOrEqual(3100000);
    expect(failed.body.data.failure.code).toBeLessThan(3200000);
    expect(failed.body.data.failure.msg.length).toBeGreaterThan(5);
    expect(failed.body.data.files.tongue.name).toBe('face.jpg');
    const pdf = await call(t.app, 'GET', RECORD_PATHS.sharedReport(shareToken));
    expect([pdf.status, pdf.body.code]).toEqual([409, RECORD_ERRORS.RECORD_NOT_READY.code]);
    const retry = await call(t.app, 'POST', RECORD_PATHS.sharedRetry(shareToken));
    expect(retry.body.data.status).toBe('queued');
    const again = await waitFor(
      () => call(t.app, 'GET', RECORD_PATHS.shared(shareToken)),
      (r) => ['done', 'failed'].includes(r.body.data.status),
    );
    expect(again.body.data).toMatchObject({ status: 'failed', attempts: 2 });
  }, 120000);
});
