import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PATHS, LOAD_ERRORS, SPEC_ERRORS } from '@tcm/contract';
import { dataFile, multipart, userWithToken } from '../test/records-helpers.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

/**
 * The upload burst of issue 25 item 7: before the gate every upload of a burst was buffered and
 * decoded at once (RSS 0.7 → 1.7 GB for ~900, light requests waiting 2.3 s). Figures:
 * `npm run -s bench:burst -w @tcm/server` (docs/server.md "Load, faults and fuzzing").
 */
const TONGUE = dataFile('tongue/images/TE0000458.jpg');

async function upload(t: TestApp, token?: string, lang = 'en') {
  const m = multipart([{ field: 'file', filename: 'tongue.jpg', value: TONGUE }]);
  const res = await t.app.inject({
    method: 'POST',
    url: FILE_PATHS.upload,
    headers: { ...m.headers, language: lang, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: m.payload,
  });
  return { status: res.statusCode, body: res.json<{ code: number; msg: string }>(), headers: res.headers };
}

/** An app with one upload slot and `waiting` places, and a signed-in member, for one describe block. */
function appWithGate(waiting: number) {
  const s = {} as { t: TestApp; token: string };
  beforeAll(async () => {
    s.t = await createTestApp({ UPLOADS_IN_FLIGHT: '1', UPLOADS_WAITING: String(waiting) });
    s.token = (await userWithToken(s.t, { entrance: 'member' })).token;
  });
  afterAll(async () => s.t.close());
  return s;
}

describe('uploads worked on at once are bounded', () => {
  const s = appWithGate(0);

  it('beyond the slots and the waiting room a burst is answered 503 4005001 with Retry-After, in the reader’s language; the slot frees', async () => {
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => upload(s.t, s.token, i % 2 ? 'en' : 'zh')));
    const busy = burst.filter((r) => r.status === 503);
    expect(burst.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const r of busy) {
      expect(r.body.code).toBe(LOAD_ERRORS.UPLOADS_BUSY.code);
      expect([LOAD_ERRORS.UPLOADS_BUSY.en, LOAD_ERRORS.UPLOADS_BUSY.zh]).toContain(r.body.msg);
      expect(r.headers['retry-after']).toBe('2');
    }
    // Every slot came back: one upload after the other passes.
    for (let i = 0; i < 3; i++) expect((await upload(s.t, s.token)).status).toBe(200);
  }, 60_000);

  it('the sign-in comes first: an anonymous upload is 401 even when the gate is full', async () => {
    const [anon] = await Promise.all([upload(s.t), upload(s.t, s.token), upload(s.t, s.token)]);
    expect([anon.status, anon.body.code]).toEqual([401, SPEC_ERRORS.TOKEN_INVALID.code]);
  }, 60_000);
});

describe('a waiting room takes a burst in turn', () => {
  const s = appWithGate(10);

  it('six uploads with one slot and room for ten all pass, one after the other', async () => {
    const burst = await Promise.all(Array.from({ length: 6 }, () => upload(s.t, s.token)));
    expect(burst.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
  }, 60_000);
});
