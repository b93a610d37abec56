import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_ERRORS, FILE_PATHS, MAX_UPLOAD_BYTES, SPEC_ERRORS } from '@tcm/contract';
import { call } from '../../test/http.js';
import { dataFile, multipart, postFile, userWithToken } from '../../test/records-helpers.js';
import { createTestApp } from '../../test/test-app.js';
import { useTestApp } from '../../test/suite.js';

const t = useTestApp();
let token: string;
beforeAll(async () => {
  token = (await userWithToken(t, { entrance: 'member' })).token;
});

const TONGUE = 'tongue/images/TE0000458.jpg';

async function post(url: string, bytes: Uint8Array, filename: string, auth?: string) {
  const res = await postFile(t, bytes, filename, auth, url);
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.statusCode, body: res.json<{ code: number; msg: string; data: any }>() };
}

describe('uploads of spec §7 Files', () => {
  it('portal upload needs no sign-in and answers code 0 with data.remoteFileUrl and data.name', async () => {
    const r = await post(FILE_PATHS.portalOssUpload, dataFile(TONGUE), '舌象.jpg');
    expect(r.status).toBe(200);
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({ name: '舌象.jpg', kind: 'image', mime: 'image/jpeg' });
    // A health file (a patient's form photo, say): a signed URL (docs/security.md §12).
    expect(r.body.data.remoteFileUrl).toMatch(new RegExp(`^${FILE_PATHS.view(r.body.data.uuid)}\\?exp=\\d+&sig=`));
    const img = await t.app.inject({ method: 'GET', url: `${r.body.data.remoteFileUrl}&w=100` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(img.rawPayload).metadata()).width).toBe(100);
    // Out of bounds or not a number: ignored, the original comes back (spec §5).
    for (const q of ['w=0', 'w=5000', 'w=abc&h=-1']) {
      const same = await t.app.inject({ method: 'GET', url: `${r.body.data.remoteFileUrl}&${q}` });
      expect([q, same.statusCode, same.rawPayload.length]).toEqual([q, 200, dataFile(TONGUE).length]);
    }
  });

  it('editor upload and the uuid upload need a token (401 1200001)', async () => {
    for (const url of [FILE_PATHS.editorOssUpload, FILE_PATHS.upload]) {
      const r = await post(url, dataFile(TONGUE), 't.jpg');
      expect(r.status).toBe(401);
      expect(r.body.code).toBe(SPEC_ERRORS.TOKEN_INVALID.code);
    }
    expect((await call(t.app, 'GET', `${FILE_PATHS.lookup}?uuid=${crypto.randomUUID()}`)).status).toBe(401);
  });

  it('uuid upload then lookup by uuid and by uuids (a list either way, unknown ones left out)', async () => {
    const a = await post(FILE_PATHS.upload, dataFile(TONGUE), 'a.jpg', token);
    const b = await post(FILE_PATHS.upload, dataFile('voice/sustained-a-118hz.wav'), 'b.wav', token);
    expect(a.body.data).toMatchObject({ name: 'a.jpg' });
    expect(a.body.data.url.startsWith(`${FILE_PATHS.view(a.body.data.uuid)}?exp=`)).toBe(true);
    expect(b.body.data.kind).toBe('audio');
    const one = await call(t.app, 'GET', `${FILE_PATHS.lookup}?uuid=${a.body.data.uuid}`, token);
    expect(one.body.data.map((f: { uuid: string }) => f.uuid)).toEqual([a.body.data.uuid]);
    const many = await call(
      t.app,
      'GET',
      `${FILE_PATHS.lookup}?uuids=${b.body.data.uuid},${crypto.randomUUID()},${a.body.data.uuid}`,
      token,
    );
    expect(many.body.data.map((f: { uuid: string }) => f.uuid)).toEqual([b.body.data.uuid, a.body.data.uuid]);
    const stranger = (await userWithToken(t, { entrance: 'member' })).token;
    const theirs = await call(t.app, 'GET', `${FILE_PATHS.lookup}?uuid=${a.body.data.uuid}`, stranger);
    expect(theirs.body.data).toEqual([]);
    const editor = await post(FILE_PATHS.editorOssUpload, dataFile(TONGUE), 'e.jpg', token);
    expect(editor.body.data.remoteFileUrl).toMatch(/^\/backend\/file\//);
  });

  it('400 on bad input: no file part, no uuid in the lookup, a bad uuid', async () => {
    const m = multipart([{ field: 'other', value: 'x' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: FILE_PATHS.portalOssUpload,
      headers: m.headers,
      payload: m.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(FILE_ERRORS.FILE_MISSING.code);
    const garbled = await t.app.inject({
      method: 'POST',
      url: FILE_PATHS.portalOssUpload,
      headers: { 'content-type': 'multipart/form-data; boundary=zzz' },
      payload: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
    });
    expect(garbled.statusCode).toBe(400);
    const notMultipart = await call(t.app, 'POST', FILE_PATHS.portalOssUpload, undefined, { file: 'x' });
    expect([notMultipart.status, notMultipart.body.code]).toEqual([400, FILE_ERRORS.FILE_MISSING.code]);
    expect((await call(t.app, 'GET', FILE_PATHS.lookup, token)).status).toBe(400);
    expect((await call(t.app, 'GET', `${FILE_PATHS.lookup}?uuids=nope`, token)).status).toBe(400);
    expect((await call(t.app, 'GET', FILE_PATHS.view('nope'))).status).toBe(400);
    expect((await call(t.app, 'GET', FILE_PATHS.view(crypto.randomUUID()))).status).toBe(404);
  });

  it('wrong type → 400 4000003, over 10 MB → 413 4000002, corrupt → 400 4000004, each with zh/en text', async () => {
    const wrong = await post(FILE_PATHS.portalOssUpload, dataFile('pulse/bidmc01.csv'), 'looks.png');
    expect([wrong.status, wrong.body.code]).toEqual([400, FILE_ERRORS.FILE_TYPE_NOT_ALLOWED.code]);
    expect(wrong.body.msg).toBe(FILE_ERRORS.FILE_TYPE_NOT_ALLOWED.zh);
    const big = new Uint8Array(MAX_UPLOAD_BYTES + 10);
    big.set(dataFile(TONGUE).subarray(0, 100));
    const tooBig = await post(FILE_PATHS.portalOssUpload, big, 'big.jpg');
    expect([tooBig.status, tooBig.body.code]).toEqual([413, FILE_ERRORS.FILE_TOO_LARGE.code]);
    const jpeg = dataFile(TONGUE);
    const m = multipart([{ field: 'file', filename: 'half.jpg', value: jpeg.subarray(0, jpeg.length >> 1) }]);
    const res = await t.app.inject({
      method: 'POST',
      url: FILE_PATHS.portalOssUpload,
      headers: { ...m.headers, language: 'en' },
      payload: m.payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: FILE_ERRORS.FILE_CORRUPT.code, msg: FILE_ERRORS.FILE_CORRUPT.en });
  });
});

describe('uploads without sign-in are limited per client IP', () => {
  it('answers 429 (2000429) past PUBLIC_UPLOADS_PER_MIN in a minute', async () => {
    const limited = await createTestApp({ PUBLIC_UPLOADS_PER_MIN: '2' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const m = multipart([{ field: 'file', filename: 't.jpg', value: dataFile(TONGUE) }]);
        const res = await limited.app.inject({
          method: 'POST',
          url: FILE_PATHS.portalOssUpload,
          headers: m.headers,
          payload: m.payload,
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
