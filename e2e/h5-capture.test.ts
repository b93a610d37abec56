import { createHash, createHmac, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BASE } from './browser.js';
import { useJourney } from './hooks.js';
import { signInBackOffice } from './helpers.js';

// One Chromium for the file, a fresh context per journey (e2e/hooks.ts).
const j = useJourney({ viewport: { width: 1400, height: 900 } });

const PHOTO = fileURLToPath(new URL('../../shared/data/tongue/images/TE0000458.jpg', import.meta.url));
const PARTNER = 'https://partner.example.com';
const PNG_1PX =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** Sign-in, a real analysis per language on a shared machine: well past the 60 s default. */
const JOURNEY_MS = 300_000;

/** A back-office call with the signed-in admin's token (seeding through the API, not clicks). */
async function admin<T>(path: string, body: unknown): Promise<T> {
  const { page } = j;
  const token = await page.evaluate(() => localStorage.getItem('access_token'));
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 0) throw new Error(`${path}: ${env.msg}`);
  return env.data;
}

/** The partner's signed POST (docs/open-api.md), from outside the browser. */
async function signedPost<T>(key: { appKey: string; secret: string }, path: string, body: unknown): Promise<T> {
  const text = JSON.stringify(body);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('hex');
  const sha = createHash('sha256').update(text).digest('hex');
  const signature = createHmac('sha256', key.secret)
    .update(['POST', path, timestamp, nonce, sha].join('\n'))
    .digest('hex');
  const res = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-Tcm-Key': key.appKey,
      'X-Tcm-Timestamp': timestamp,
      'X-Tcm-Nonce': nonce,
      'X-Tcm-Content-Sha256': sha,
      'X-Tcm-Signature': signature,
    },
    body: text,
  });
  const env = (await res.json()) as { code: number; msg: string; data: T };
  if (env.code !== 0) throw new Error(`${path}: ${env.msg}`);
  return env.data;
}

const WORDS = {
  zh: { tongue: '舌象照片', back: '返回', used: '链接已失效', checked: '已在本设备上检查' },
  en: { tongue: 'Tongue photo', back: 'Back to', used: 'no longer works', checked: 'Checked on this device' },
} as const;

describe('H5 capture page for partners', () => {
  it(
    'a partner gets a link by a signed call; on a 390 px phone the page shows its branding, analyses a tongue photo and links back (zh, en)',
    async () => {
      const { page, errors } = j;
      await signInBackOffice(page);
      const brand = `康养伙伴-${Date.now()}`;
      const corp = await admin<{ id: string }>('/backend/sys/v1/corporation/add', {
        name: brand,
        flags: { api: true, h5: true, wx: false },
      });
      await admin('/backend/sys/v1/corporation/edit', {
        id: corp.id,
        h5: { brandName: brand, colour: '#aa3300', logo: PNG_1PX, returnOrigins: [PARTNER] },
      });
      const key = await admin<{ appKey: string; secret: string }>('/backend/sys/v1/corporation/key/add', {
        corporationId: corp.id,
      });
      await page.setViewportSize({ width: 390, height: 844 });

      for (const lang of ['zh', 'en'] as const) {
        const link = await signedPost<{ url: string }>(key, '/backend/openapi/v1/h5/session', {
          returnUrl: `${PARTNER}/done?order=${lang}`,
          state: `order-${lang}`,
          lang,
        });
        await page.goto(`${BASE}${link.url}`);
        await page.getByTestId('h5-brand-name').getByText(brand).waitFor();
        await page
          .getByTestId('language-switch')
          .getByText(lang === 'zh' ? '中文' : 'EN')
          .click();
        await page.getByTestId('h5-tongue').getByText(WORDS[lang].tongue).waitFor();
        expect(await page.getByTestId('h5-brand').evaluate((e) => getComputedStyle(e).backgroundColor)).toBe(
          'rgb(170, 51, 0)',
        );
        expect(await page.getByTestId('h5-logo').isVisible()).toBe(true);
        // The camera is the first choice: the first picker asks the phone for its camera.
        expect(await page.getByTestId('h5-tongue-camera').getAttribute('capture')).toBe('user');
        await page.getByTestId('h5-tongue-file').setInputFiles(PHOTO);
        await page.getByTestId('h5-tongue-preview').waitFor();
        // Checked in the browser before anything is sent (the same engine as the detection pages).
        await page.locator('[data-testid="h5-on-device"]:not([data-state="running"])').waitFor({ timeout: 180_000 });
        expect(await page.getByTestId('h5-on-device').innerText()).toContain(WORDS[lang].checked);
        await page.getByTestId('h5-submit').click();
        const back = page.getByTestId('h5-return');
        await back.waitFor({ timeout: 180_000 });
        expect(await back.innerText()).toContain(WORDS[lang].back);
        const href = new URL((await back.getAttribute('href'))!);
        expect(`${href.origin}${href.pathname}`).toBe(`${PARTNER}/done`);
        expect([href.searchParams.get('order'), href.searchParams.get('tcm_state')]).toEqual([lang, `order-${lang}`]);
        expect(href.searchParams.get('tcm_sig')).toMatch(/^[0-9a-f]{64}$/);
        // Phone-first: nothing wider than the screen.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

        // One use: the same link now says so.
        await page.goto(`${BASE}${link.url}`);
        await page.getByTestId('h5-gone').waitFor();
        await page
          .getByTestId('language-switch')
          .getByText(lang === 'zh' ? '中文' : 'EN')
          .click();
        expect(await page.getByTestId('h5-gone').innerText()).toContain(WORDS[lang].used);
      }
      expect(errors).toEqual([]);
    },
    JOURNEY_MS,
  );
});
