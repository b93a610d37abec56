import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_PATHS, HTTP_ERRORS } from '@tcm/contract';
import { dataFile, postFile, userWithToken } from '../../test/records-helpers.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { RESIZE_MAX_SOURCE_PIXELS } from './resized-images.js';

/** Issue 24 items 10d (image resizing cost) and 10f (files served under their original names). */
let t: TestApp;
let limited: TestApp;
let token: string;
const TONGUE = 'tongue/images/TE0000458.jpg';

beforeAll(async () => {
  t = await createTestApp({ IMAGE_RESIZES_PER_MIN: '0', IMAGE_RESIZE_CONCURRENCY: '1' });
  limited = await createTestApp({ IMAGE_RESIZES_PER_MIN: '2' });
  token = (await userWithToken(t, { entrance: 'member' })).token;
});
afterAll(async () => {
  await t.close();
  await limited.close();
});

/** The file URL with more query (a health file's URL is signed: `?exp=…&sig=…` already). */
const withQuery = (url: string, q: string) => (q ? `${url}${url.includes('?') ? '&' : '?'}${q}` : url);

async function upload(app: TestApp, url: string, bytes: Uint8Array, filename: string, auth?: string) {
  const res = await postFile(app, bytes, filename, auth, url);
  expect(res.json().code).toBe(0);
  return res.json().data as { uuid: string; url: string };
}

describe('files are served by their detected type (10f)', () => {
  it('serves a GIF uploaded as .html as image/gif named .gif, inline, with nosniff', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
      .gif()
      .toBuffer();
    const f = await upload(t, FILE_PATHS.editorOssUpload, new Uint8Array(gif), 'page.html', token);
    const res = await t.app.inject({ method: 'GET', url: f.url });
    expect(res.headers['content-type']).toBe('image/gif');
    expect(res.headers['content-disposition']).toBe(`inline; filename="page.gif"; filename*=UTF-8''page.gif`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves anything that is not an image as an attachment with a cleaned name', async () => {
    const f = await upload(t, FILE_PATHS.upload, dataFile('pulse/bidmc01.csv'), '../x"<script>.html', token);
    const res = await t.app.inject({ method: 'GET', url: f.url, headers: { authorization: `Bearer ${token}` } });
    expect(res.headers['content-type']).toBe('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"<>/\\]+\.csv"; filename\*=/);
  });
});

describe('image resizing cost (10d)', () => {
  it('computes a size once and serves the second request from the cache', async () => {
    const f = await upload(t, FILE_PATHS.portalOssUpload, dataFile(TONGUE), 't.jpg');
    const first = await t.app.inject({ method: 'GET', url: withQuery(f.url, `w=96`) });
    const second = await t.app.inject({ method: 'GET', url: withQuery(f.url, `w=96`) });
    expect([first.headers['x-resize-cache'], second.headers['x-resize-cache']]).toEqual(['miss', 'hit']);
    expect(Buffer.compare(first.rawPayload, second.rawPayload)).toBe(0);
    expect((await sharp(second.rawPayload).metadata()).width).toBe(96);
    // A different box is a different variant.
    expect((await t.app.inject({ method: 'GET', url: withQuery(f.url, `h=50`) })).headers['x-resize-cache']).toBe(
      'miss',
    );
  });

  it('answers 429 with its code past the per-address limit, while cached sizes stay free', async () => {
    const f = await upload(limited, FILE_PATHS.portalOssUpload, dataFile(TONGUE), 't.jpg');
    const get = (q: string) => limited.app.inject({ method: 'GET', url: withQuery(f.url, `${q}`) });
    expect([(await get('w=40')).statusCode, (await get('w=41')).statusCode]).toEqual([200, 200]);
    const over = await get('w=42');
    expect([over.statusCode, over.json().code]).toEqual([429, HTTP_ERRORS.RESIZE_BUSY.code]);
    const cached = await get('w=40');
    expect([cached.statusCode, cached.headers['x-resize-cache']]).toEqual([200, 'hit']);
    // Another address has its own allowance; the original needs none.
    const other = await limited.app.inject({ method: 'GET', url: withQuery(f.url, `w=42`), remoteAddress: '10.9.8.7' });
    expect(other.statusCode).toBe(200);
    expect((await get('')).statusCode).toBe(200);
  });

  it('serves sources over the pixel cap unresized, spending no resize on them', async () => {
    const side = Math.ceil(Math.sqrt(RESIZE_MAX_SOURCE_PIXELS)) + 1;
    const png = await sharp({ create: { width: side, height: side, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const f = await upload(limited, FILE_PATHS.portalOssUpload, new Uint8Array(png), 'huge.png');
    for (const w of [100, 101, 102]) {
      const res = await limited.app.inject({
        method: 'GET',
        url: withQuery(f.url, `w=${w}`),
        remoteAddress: '10.1.1.1',
      });
      expect([res.statusCode, res.headers['x-resize-cache'], res.rawPayload.length]).toEqual([200, 'none', png.length]);
    }
  });

  it('limits resizes running at once: a burst past the queue answers 429, the rest are served', async () => {
    // A 9-megapixel PNG (PNG has no shrink-on-load: every resize decodes all of it), small to upload.
    const side = 3000;
    const raw = Buffer.alloc(side * side * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * 7) % 251;
    const png = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer();
    const f = await upload(t, FILE_PATHS.portalOssUpload, new Uint8Array(png), 'big.png');
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.app.inject({ method: 'GET', url: withQuery(f.url, `w=${200 + i}`) })),
    );
    const codes = burst.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    expect(codes.every((c) => c === 200 || c === 429)).toBe(true);
    expect(burst.filter((r) => r.statusCode === 429).every((r) => r.json().code === HTTP_ERRORS.RESIZE_BUSY.code)).toBe(
      true,
    );
  });
});
