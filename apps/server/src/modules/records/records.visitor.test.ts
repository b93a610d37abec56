import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_ERRORS, MAX_UPLOAD_BYTES, RECORD_ERRORS, RECORD_PATHS } from '@tcm/contract';
import { call } from '../../test/http.js';
import { dataFile, multipart, waitFor, type Part } from '../../test/records-helpers.js';
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
    url: RECORD_PATHS.visitorAnalyze,
    headers: { ...m.headers, ...headers },
    payload: m.payload,
  });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any } };
}

describe('visitor detection (no sign-in) and the open share routes', () => {
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

  it('a real tongue photo: record with a share token; detail, events and report by token; unknown token 404', async () => {
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
    expect(['done', 'failed']).toContain(detail.body.data.status);
    const tongue = detail.body.data.results.tongue;
    expect(tongue.version.engine).toMatch(/^tongue/);
    if (detail.body.data.status === 'done') {
      expect(tongue.status).toBe('done');
      const pdf = await t.app.inject({ method: 'GET', url: `${RECORD_PATHS.sharedReport(shareToken)}?lang=zh` });
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    } else {
      // The engine said why (31xxxxx); the photo is kept and the visitor may retry.
      expect(detail.body.data.failure.code).toBeGreaterThanOrEqual(3100000);
      expect(detail.body.data.failure.code).toBeLessThan(3200000);
      const pdf = await call(t.app, 'GET', RECORD_PATHS.sharedReport(shareToken));
      expect(pdf.body.code).toBe(RECORD_ERRORS.RECORD_NOT_READY.code);
      const retry = await call(t.app, 'POST', RECORD_PATHS.sharedRetry(shareToken));
      expect(retry.body.data.status).toBe('queued');
      const again = await waitFor(
        () => call(t.app, 'GET', RECORD_PATHS.shared(shareToken)),
        (r) => ['done', 'failed'].includes(r.body.data.status),
      );
      expect(again.body.data.attempts).toBe(2);
    }
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
